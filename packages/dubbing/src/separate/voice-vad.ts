// Where a voice is heard: Silero VAD (in the faster-whisper wheel of the `asr` Python environment) over
// the audio speech was heard on. The energy VAD (audio/features.ts speechRegions) hears music left in a
// separated voice stem as speech: over music 4 dB under the reader, an intro and an outro of music alone
// and the music after each sentence's last word were "Untranscribed speech" (#60 item 6,
// bench/pipeline/untranscribed.ts); Silero hears only the reader there.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DEFAULT_ASR_PYTHON } from "../asr/faster-whisper.ts";
import type { Region } from "../audio/features.ts";
import { DubError } from "../errors.ts";
import { runProcess } from "../util/proc.ts";

const SCRIPT = fileURLToPath(new URL("../../python/voice_vad.py", import.meta.url));

/** Pure: the script's answer as regions (ms), or null when it is not a list of [start, end] pairs. */
export function parseVoiceRegions(text: string): Region[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const pair = (r: unknown): r is [number, number] =>
    Array.isArray(r) && r.length === 2 && r.every((x) => typeof x === "number" && Number.isFinite(x));
  return value.every(pair) ? value.map(([start, end]) => ({ start, end })) : null;
}

/**
 * Where a voice is heard in `wavFile` (ms), or null when it cannot be told here (no `asr` environment,
 * or the script failed): the caller keeps its energy VAD's regions then. Aborted with the signal.
 */
export async function heardVoice(
  wavFile: string,
  opts: { python?: string; signal?: AbortSignal } = {},
): Promise<Region[] | null> {
  const python = opts.python ?? DEFAULT_ASR_PYTHON;
  if (!existsSync(python)) return null;
  try {
    const { stdout } = await runProcess(python, [SCRIPT, wavFile], { signal: opts.signal });
    return parseVoiceRegions(stdout.toString("utf8"));
  } catch (err) {
    if (err instanceof DubError && err.code === "aborted") throw err;
    return null;
  }
}
