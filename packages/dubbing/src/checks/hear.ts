// Hearing the dubbed clips back: every clip not heard before, joined with short silences into one 16 kHz
// recording, goes to the recognition engine once (one job for the long-lived worker, not one per line),
// and each recognised word goes back to the clip it fell in. What each clip was heard as is kept beside it
// (`{key}.heard.json`), so a re-dub hears only the lines it synthesized again.
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { resample } from "../audio/dsp.ts";
import { parseWav, toMono } from "../audio/wav.ts";
import { openWavWriter } from "../audio/wav-writer.ts";
import type { EngineRegistry } from "../engines/registry.ts";
import type { Word } from "../engines/types.ts";
import type { LanguageCode } from "../languages.ts";

/** The engine that hears the clips back: the offline neural one, where its models serve the language. */
export const HEARING_ENGINE = "faster-whisper";
const RATE = 16_000;
/** Silence between two clips in the joined recording (ms): a clear pause for the recogniser. */
export const HEAR_GAP_MS = 700;

export type Heard = string | { skipped: string };

/** Pure: the words (ms on the joined recording) that fall in each clip's span, joined per clip. */
export function wordsPerSpan(
  words: readonly Word[],
  spans: readonly { start: number; end: number }[],
): string[] {
  const out = spans.map(() => [] as string[]);
  for (const w of words) {
    const mid = (w.start + w.end) / 2;
    const i = spans.findIndex((s) => mid >= s.start - HEAR_GAP_MS / 2 && mid < s.end + HEAR_GAP_MS / 2);
    if (i >= 0) out[i]?.push(w.text.trim());
  }
  return out.map((ws) => ws.join(" ").replace(/\s+/g, " ").trim());
}

/** Why no engine can hear `language` here, or null when one can. */
export async function hearingUnavailable(
  registry: EngineRegistry,
  language: LanguageCode,
): Promise<string | null> {
  const engine = registry.get("asr", HEARING_ENGINE);
  if (!engine) return "No offline speech recognition engine on this server.";
  const a = await registry.availability(engine);
  if (!a.ok) return `Speech recognition is not available: ${a.reason}`;
  if (!engine.languages.includes(language))
    return `No speech recognition model for this language is installed on this server.`;
  return null;
}

/** What each clip (by key) was heard as; a reason instead when nothing can hear the language. */
export async function hearClips(o: {
  registry: EngineRegistry;
  language: LanguageCode;
  clipDir: string;
  keys: readonly string[];
  workDir: string;
  signal?: AbortSignal;
  /** The recognition's progress (0..1). */
  onProgress?: (fraction: number) => void;
}): Promise<Map<string, Heard>> {
  const heard = new Map<string, Heard>();
  const reason = await hearingUnavailable(o.registry, o.language);
  if (reason) {
    for (const k of o.keys) heard.set(k, { skipped: reason });
    return heard;
  }
  const saved = (k: string) => join(o.clipDir, `${k}.heard.json`);
  const todo: string[] = [];
  for (const k of new Set(o.keys)) {
    const text = await readFile(saved(k), "utf8").then(
      (t) => JSON.parse(t) as { text: string },
      () => null,
    );
    if (text) heard.set(k, text.text);
    else todo.push(k);
  }
  if (!todo.length) return heard;
  // the clips go to the file one by one (an hour's dub is ~40 minutes of speech: 150 MB as floats)
  const spans: { start: number; end: number }[] = [];
  const gap = new Float32Array((RATE * HEAR_GAP_MS) / 1000);
  const wavFile = join(o.workDir, "heard-back.wav");
  try {
    const wav = await openWavWriter(wavFile, RATE);
    try {
      for (const [i, k] of todo.entries()) {
        // the joining a tenth of the progress, the recognition the rest
        o.onProgress?.((0.1 * i) / todo.length);
        const pcm = parseWav(await readFile(join(o.clipDir, `${k}.wav`)));
        const clip = resample(toMono(pcm), pcm.sampleRate, RATE);
        await wav.append(gap);
        spans.push({ start: (wav.frames / RATE) * 1000, end: ((wav.frames + clip.length) / RATE) * 1000 });
        await wav.append(clip);
      }
      await wav.append(gap);
    } finally {
      await wav.close();
    }
    const engine = o.registry.get("asr", HEARING_ENGINE)!;
    const r = await engine.transcribe({
      ...{ wavFile, sampleRate: RATE, language: o.language, signal: o.signal },
      onProgress: (f) => o.onProgress?.(0.1 + 0.9 * f),
      speech: spans,
      // a check of a known text: one decoding path is enough (bench/pipeline/hear-back.ts)
      greedy: true,
    });
    const texts = wordsPerSpan(r.words, spans);
    await Promise.all(
      todo.map((k, i) => {
        heard.set(k, texts[i] ?? "");
        return writeFile(saved(k), JSON.stringify({ text: texts[i] ?? "" }));
      }),
    );
  } finally {
    await rm(wavFile, { force: true });
  }
  return heard;
}
