// Speech no line of the dub covers. Separated, the original voice is gone from the background everywhere;
// ducked ("duck", or a "keep" whose separation failed), the original plays at full level wherever no line
// is dubbed, so speech the transcript lacks would be heard louder than the dub around it. Those stretches
// are ducked too, and the report lists them.
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { Region } from "../../audio/features.ts";
import { speechInWav } from "../../audio/speech-file.ts";
import type { PlannedSegment } from "../../doc.ts";
import { extractAudioArgs } from "../../media/args.ts";
import { runFfmpeg } from "../../media/run.ts";
import { readSpeechActivity, untranscribedSpeech } from "../../separate/stems.ts";

/** Shorter speech without a line is a breath or a segment's edge. */
export const UNLINED_MIN_MS = 300;

/** Pure: the speech in `heard` that no segment with text covers, as whole stretches of at least UNLINED_MIN_MS. */
export function unlinedSpeech(heard: Region[], segments: PlannedSegment[]): Region[] {
  const lines = segments.filter((s) => s.text.trim()).map((s) => ({ start: s.start, end: s.end }));
  return untranscribedSpeech(heard, lines, UNLINED_MIN_MS);
}

/** Pure: a time as m:ss.s. */
const clock = (ms: number) =>
  `${Math.floor(ms / 60_000)}:${((ms % 60_000) / 1000).toFixed(1).padStart(4, "0")}`;

/** Pure: the report's warning for the stretches of speech without a line. */
export function unlinedWarning(unlined: Region[], duckDb: number): string {
  const where = unlined.map((r) => `${clock(r.start)}–${clock(r.end)}`).join(", ");
  return `speech without a line (${where}) was ducked by ${duckDb} dB with the original: add a line for it to be dubbed`;
}

/**
 * Where the original has speech: speech.json of the project's stems folder when transcription left one,
 * else the energy VAD over the video's audio (extracted at 16 kHz into `workDir`, read as a stream).
 */
export async function heardSpeech(
  video: string,
  opts: { stemsDir?: string; workDir: string; durationMs: number; signal?: AbortSignal },
): Promise<Region[]> {
  const kept = opts.stemsDir ? await readSpeechActivity(opts.stemsDir) : null;
  if (kept) return kept.regions;
  const wav = join(opts.workDir, "speech16k.wav");
  try {
    await runFfmpeg(extractAudioArgs(video, wav), { durationMs: opts.durationMs, signal: opts.signal });
    return await speechInWav(wav);
  } finally {
    await rm(wav, { force: true });
  }
}
