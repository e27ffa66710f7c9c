import { access, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asrSamples } from "../audio/speech-file.ts";
import type { AsrEngine, AsrInput, AsrResult, Availability, Word } from "../engines/types.ts";
import { defaultConcurrency, mapLimit } from "../util/pool.ts";
import { runProcess } from "../util/proc.ts";
import { balance, planUtterances } from "./chunks.ts";

/** The decoder and its en-us model when no others are configured. */
export const POCKETSPHINX_BATCH = "pocketsphinx_batch";
export const POCKETSPHINX_MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";

/**
 * Decoder settings, tuned with `node bench/pipeline/asr-tuning.ts` and on the 5-minute bench dialogue
 * (docs/ENGINES.md): 2 Gaussians per mixture, at most 3000 HMMs and 5 words per frame and a 10-frame
 * phone look-ahead cut the decoder's CPU time by about half against the defaults; the forward-flat pass
 * is skipped, the best-path pass kept. Frame downsampling (-ds 2) saved little more CPU once the HMMs
 * are capped and cost accuracy (5-minute dialogue WER 20.0 % against 13.6 % with -ds 1).
 */
export const POCKETSPHINX_SETTINGS: Readonly<Record<string, string>> = {
  "-ds": "1",
  "-topn": "2",
  "-maxhmmpf": "3000",
  "-maxwpf": "5",
  "-pl_window": "10",
  "-fwdflat": "no",
  "-bestpath": "yes",
};

/** Pure: the control file: one line per utterance, "file startFrame endFrame uttId" (100 frames/s). */
export function controlFile(fileId: string, utts: { start: number; end: number; id: string }[]): string {
  return utts.map((u) => `${fileId} ${Math.floor(u.start / 10)} ${Math.ceil(u.end / 10)} ${u.id}\n`).join("");
}

/** Pure: command line for one decoder process over raw 16 kHz s16 audio in `dir`. */
export function pocketsphinxArgs(
  dir: string,
  files: { ctl: string; ctm: string },
  o: { settings?: Record<string, string>; modelDir?: string } = {},
): string[] {
  const { ctl, ctm } = files;
  const { settings = POCKETSPHINX_SETTINGS, modelDir = POCKETSPHINX_MODEL_DIR } = o;
  return [
    "-adcin",
    "yes",
    "-cepdir",
    dir,
    "-cepext",
    ".raw",
    "-ctl",
    ctl,
    "-ctm",
    ctm,
    "-hmm",
    join(modelDir, "en-us"),
    "-lm",
    join(modelDir, "en-us.lm.bin"),
    "-dict",
    join(modelDir, "cmudict-en-us.dict"),
    ...Object.entries(settings).flat(),
  ];
}

const NON_WORDS = /^(<s>|<\/s>|<sil>|\[.*\]|\+\+.*\+\+|<.*>)$/i;

/**
 * Pure: words of a CTM file ("uttId channel start duration word [confidence]", seconds from the
 * utterance start) placed at absolute times with the utterance starts (ms). Silences, noises and
 * sentence markers are dropped; alternate pronunciations ("to(2)") are folded to the word.
 */
export function parseCtm(ctm: string, uttStart: Map<string, number>): Word[] {
  const words: Word[] = [];
  for (const line of ctm.split("\n")) {
    const f = line.trim().split(/\s+/);
    if (f.length < 5) continue;
    const base = uttStart.get(f[0]!);
    const start = Number(f[2]);
    const dur = Number(f[3]);
    const raw = f[4]!;
    if (base === undefined || !Number.isFinite(start) || !Number.isFinite(dur) || NON_WORDS.test(raw))
      continue;
    const text = raw.replace(/\(\d+\)$/, "");
    if (!text) continue;
    const s = base + Math.round(start * 1000);
    words.push({
      text,
      start: s,
      end: s + Math.round(dur * 1000),
      ...(f[5] !== undefined && Number.isFinite(Number(f[5])) ? { confidence: Number(f[5]) } : {}),
    });
  }
  return words.sort((a, b) => a.start - b.start);
}

/** Int16 little-endian bytes of float samples. */
function toS16(samples: Float32Array): Buffer {
  const b = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i] as number));
    b.writeInt16LE(Math.round(v < 0 ? v * 32768 : v * 32767), i * 2);
  }
  return b;
}

export interface PocketsphinxOptions {
  settings?: Record<string, string>;
  /** pocketsphinx_batch (default on PATH). */
  binary?: string;
  /** The en-us model folder (default Debian's pocketsphinx-en-us). */
  modelDir?: string;
}

/**
 * CMU PocketSphinx (5prealpha, en-us model) in batch mode: English, word times. The pipeline's speech
 * regions are the utterances (no decoder VAD: it drops the first seconds of a file), decoded by one
 * process per core, each loading the model once.
 */
export function createPocketsphinxEngine(opts: PocketsphinxOptions = {}): AsrEngine {
  const settings = opts.settings ?? POCKETSPHINX_SETTINGS;
  const binary = opts.binary || POCKETSPHINX_BATCH;
  const modelDir = opts.modelDir || POCKETSPHINX_MODEL_DIR;
  let avail: Promise<Availability> | undefined;
  return {
    id: "pocketsphinx",
    kind: "asr",
    label: "CMU PocketSphinx (en-us)",
    local: true,
    languages: ["en"],
    capabilities: { wordTimes: true, speakerLabels: false },
    available() {
      avail ??= (async (): Promise<Availability> => {
        try {
          await access(join(modelDir, "en-us.lm.bin"));
        } catch {
          return {
            ok: false,
            reason: "the pocketsphinx en-us model is missing (Debian package pocketsphinx-en-us)",
          };
        }
        try {
          await runProcess("sh", ["-c", `command -v ${binary}`]);
          return { ok: true };
        } catch {
          return { ok: false, reason: "pocketsphinx is not installed (Debian package pocketsphinx)" };
        }
      })();
      return avail;
    },
    async transcribe(input: AsrInput): Promise<AsrResult> {
      if (input.sampleRate !== 16_000) throw new Error("pocketsphinx needs 16 kHz audio");
      const samples = await asrSamples(input);
      const totalMs = Math.round((samples.length / input.sampleRate) * 1000);
      const utts = planUtterances(input.speech, totalMs).map((u, i) => ({ ...u, id: `u${i}` }));
      const starts = new Map(utts.map((u) => [u.id, u.start]));
      const speechMs = utts.reduce((a, u) => a + u.end - u.start, 0);
      const cores = input.concurrency ?? defaultConcurrency();
      // one process loads the model in about a second: not worth it for short audio
      const groups = balance(utts, speechMs < 20_000 ? 1 : cores);
      const dir = await mkdtemp(join(tmpdir(), "dub-asr-"));
      let decodedMs = 0;
      try {
        await writeFile(join(dir, "audio.raw"), toS16(samples));
        const perGroup = await mapLimit(groups, cores, async (g, gi) => {
          const ctl = join(dir, `part${gi}.ctl`);
          const ctm = join(dir, `part${gi}.ctm`);
          await writeFile(ctl, controlFile("audio", g));
          const len = new Map(g.map((u) => [u.id, u.end - u.start]));
          await runProcess(binary, pocketsphinxArgs(dir, { ctl, ctm }, { settings, modelDir }), {
            signal: input.signal,
            onStderrLine: (line) => {
              const m = /batch\.c\(\d+\): (u\d+): [\d.]+ seconds speech/.exec(line);
              if (m && len.has(m[1]!)) {
                decodedMs += len.get(m[1]!)!;
                input.onProgress?.(Math.min(1, decodedMs / (speechMs || 1)));
              }
            },
          });
          return parseCtm(await readFile(ctm, "utf8"), starts);
        });
        input.onProgress?.(1);
        return {
          words: perGroup.flat().sort((a, b) => a.start - b.start),
          params: {
            model: "en-us (PTM)",
            mode: "batch",
            settings,
            utterances: utts.length,
            processes: groups.length,
          },
        };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
