// The dub's subtitles: an SRT and a VTT of the (translated) segments next to the MP4.
import { writeFile } from "node:fs/promises";
import type { PlannedSegment } from "../../doc.ts";
import { toSrt, toVtt } from "../../subtitles/subtitles.ts";

/** Pure: the MP4 path without its extension, the base of the SRT, VTT and report files. */
export const outputBase = (output: string): string => output.replace(/\.mp4$/i, "");

export async function writeSubtitles(
  output: string,
  segments: PlannedSegment[],
): Promise<{ srt: string; vtt: string }> {
  const cues = segments.map((s) => ({ start: s.start, end: s.end, text: s.text }));
  const base = outputBase(output);
  const files = { srt: `${base}.srt`, vtt: `${base}.vtt` };
  await Promise.all([writeFile(files.srt, toSrt(cues)), writeFile(files.vtt, toVtt(cues))]);
  return files;
}
