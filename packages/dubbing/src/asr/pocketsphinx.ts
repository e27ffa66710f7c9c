import { access, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeWav } from "../audio/wav.ts";
import type { AsrEngine, AsrInput, AsrResult, Availability, Word } from "../engines/types.ts";
import { throwIfAborted } from "../errors.ts";
import { defaultConcurrency, mapLimit } from "../util/pool.ts";
import { canRun, runProcess } from "../util/proc.ts";
import { chunkCount, planChunks } from "./chunks.ts";

export const POCKETSPHINX = process.env.POCKETSPHINX_PATH || "pocketsphinx_continuous";
const MODEL_DIR = process.env.POCKETSPHINX_MODEL_DIR || "/usr/share/pocketsphinx/model/en-us";

/**
 * Decoder settings, tuned on this project's fixtures and the LibriVox test set (see docs/ENGINES.md and
 * `node bench/pipeline/asr-tuning.ts`): frame downsampling and narrower beams make it ~3× faster than
 * the defaults for a small loss of accuracy; the forward-flat pass is skipped, the best-path pass kept.
 */
export const POCKETSPHINX_SETTINGS: Readonly<Record<string, string>> = {
  "-ds": "2",
  "-topn": "2",
  "-maxhmmpf": "3000",
  "-maxwpf": "5",
  "-pl_window": "10",
  "-fwdflat": "no",
  "-bestpath": "yes",
};

/** Pure: command line for one chunk. */
export function pocketsphinxArgs(
  wav: string,
  settings: Record<string, string> = POCKETSPHINX_SETTINGS,
): string[] {
  return [
    "-infile",
    wav,
    "-hmm",
    join(MODEL_DIR, "en-us"),
    "-lm",
    join(MODEL_DIR, "en-us.lm.bin"),
    "-dict",
    join(MODEL_DIR, "cmudict-en-us.dict"),
    "-time",
    "yes",
    "-logfn",
    "/dev/null",
    ...Object.entries(settings).flat(),
  ];
}

const NON_WORDS = /^(<s>|<\/s>|<sil>|\[.*\]|\+\+.*\+\+|<.*>)$/i;

/**
 * Pure: one line of `pocketsphinx_continuous -time yes` output: "word start end confidence" (seconds).
 * Returns null for hypothesis lines, silences, noises and sentence markers. Alternate pronunciations
 * ("to(2)") are folded to the word.
 */
export function parsePocketsphinxLine(line: string, offsetMs = 0): Word | null {
  const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/.exec(line.trim());
  if (!m) return null;
  const raw = m[1]!;
  if (NON_WORDS.test(raw)) return null;
  const text = raw.replace(/\(\d+\)$/, "");
  if (!text) return null;
  return {
    text,
    start: Math.round(Number(m[2]) * 1000) + offsetMs,
    end: Math.round(Number(m[3]) * 1000) + offsetMs,
    confidence: Number(m[4]),
  };
}

export interface PocketsphinxOptions {
  settings?: Record<string, string>;
}

/** CMU Sphinx (pocketsphinx 5prealpha, en-us model): English, word times; long audio in parallel chunks. */
export function createPocketsphinxEngine(opts: PocketsphinxOptions = {}): AsrEngine {
  const settings = opts.settings ?? POCKETSPHINX_SETTINGS;
  let avail: Promise<Availability> | undefined;
  return {
    id: "pocketsphinx",
    kind: "asr",
    label: "CMU PocketSphinx (en-us)",
    local: true,
    languages: ["en"],
    capabilities: { wordTimes: true, speakerLabels: false },
    available() {
      avail ??= (async () => {
        try {
          await access(join(MODEL_DIR, "en-us.lm.bin"));
        } catch {
          return {
            ok: false,
            reason: "the pocketsphinx en-us model is missing (Debian package pocketsphinx-en-us)",
          };
        }
        // the binary prints its usage and exits non-zero without -infile; a missing one fails with ENOENT
        const ok = await canRun("sh", ["-c", `command -v ${POCKETSPHINX}`]);
        return ok ? { ok } : { ok, reason: "pocketsphinx is not installed (Debian package pocketsphinx)" };
      })();
      return avail;
    },
    async transcribe(input: AsrInput): Promise<AsrResult> {
      const totalMs = Math.round((input.samples.length / input.sampleRate) * 1000);
      const cores = input.concurrency ?? defaultConcurrency();
      const chunks = planChunks(input.speech, totalMs, chunkCount(totalMs, cores));
      const dir = await mkdtemp(join(tmpdir(), "dub-asr-"));
      const done = new Float64Array(chunks.length);
      const report = () => input.onProgress?.(Math.min(1, done.reduce((a, b) => a + b, 0) / (totalMs || 1)));
      try {
        const perChunk = await mapLimit(chunks, cores, async (c, i) => {
          throwIfAborted(input.signal);
          const from = Math.round((c.start * input.sampleRate) / 1000);
          const to = Math.round((c.end * input.sampleRate) / 1000);
          const file = join(dir, `chunk-${i}.wav`);
          await writeFile(file, encodeWav(input.samples.subarray(from, to), input.sampleRate));
          const words: Word[] = [];
          await runProcess(POCKETSPHINX, pocketsphinxArgs(file, settings), {
            signal: input.signal,
            onLine: (line) => {
              const w = parsePocketsphinxLine(line, c.start);
              if (w) {
                words.push(w);
                done[i] = Math.min(c.end - c.start, w.end - c.start);
                report();
              }
            },
          });
          done[i] = c.end - c.start;
          report();
          return words;
        });
        return {
          words: perChunk.flat(),
          params: { model: "en-us (PTM)", settings, chunks: chunks.length, concurrency: cores },
        };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
