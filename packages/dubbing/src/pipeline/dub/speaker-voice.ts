// The report card's speaker check, its shell: the original audio of every line decoded by ffmpeg (the
// lines' regions one after another, a few hundred per run: the video is never read whole), each line's
// voice described as the diarizer describes it, and each dubbed line's voice compared with every
// speaker's (checks/speaker.ts).
import { mergeRegions } from "../../audio/features.ts";
import { checkSpeaker } from "../../checks/speaker.ts";
import type { Finding } from "../../checks/types.ts";
import { regionStats, type Stats, speakerFits } from "../../diarize/local.ts";
import type { PlannedSegment } from "../../doc.ts";
import { ffmpegSamples } from "../../media/run.ts";
import { MAX_REGIONS, regionAudioArgs } from "./follow-speakers.ts";

const SR = 16_000;

/** Pure: where each line falls in the audio of `merged` decoded one after another (ms). */
export function placeInMerged(
  lines: readonly { start: number; end: number }[],
  merged: readonly { start: number; end: number }[],
): { start: number; end: number }[] {
  const offsets: number[] = [];
  let at = 0;
  for (const r of merged) {
    offsets.push(at);
    at += r.end - r.start;
  }
  return lines.map((l) => {
    const k = merged.findIndex((r) => l.start >= r.start && l.end <= r.end);
    const base = offsets[k] ?? 0;
    const from = merged[k]?.start ?? l.start;
    return { start: base + l.start - from, end: base + l.end - from };
  });
}

/** Each line's voice statistics from the original (null: too short to describe a voice). */
async function lineStats(
  video: string,
  lines: readonly PlannedSegment[],
  o: { signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<(Stats | null)[]> {
  const { signal } = o;
  const out: (Stats | null)[] = [];
  for (let i = 0; i < lines.length; i += MAX_REGIONS) {
    o.onProgress?.(i / lines.length);
    const batch = lines.slice(i, i + MAX_REGIONS);
    const merged = mergeRegions(batch.map((l) => ({ start: l.start, end: l.end })));
    const samples = await ffmpegSamples(regionAudioArgs(video, merged), { signal });
    out.push(...regionStats(samples, SR, placeInMerged(batch, merged)));
  }
  return out;
}

/** The speaker finding of each dubbed line (by transcript index), from the original's audio. */
export async function speakerFindings(
  video: string,
  segments: readonly PlannedSegment[],
  dubbed: ReadonlySet<number>,
  o: { nameOf: (speaker: string) => string; signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<Map<number, Finding>> {
  const stats = await lineStats(video, segments, o);
  const labels = segments.map((s) => s.speaker);
  const out = new Map<number, Finding>();
  segments.forEach((seg, i) => {
    if (dubbed.has(seg.index))
      out.set(seg.index, checkSpeaker(speakerFits(stats, labels, i), seg.speaker, o.nameOf));
  });
  return out;
}
