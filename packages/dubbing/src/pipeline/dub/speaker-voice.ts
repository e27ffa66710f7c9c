// The report card's speaker check, its shell: the original audio of every line decoded by ffmpeg (the
// lines' regions one after another, in runs of at most MAX_REGIONS lines and MAX_RUN_SECONDS of speech,
// each run reading only its own span of the video), each line's voice described as the diarizer
// describes it, and each dubbed line's voice compared with every speaker's (checks/speaker.ts).
import { mergeRegions } from "../../audio/features.ts";
import { checkSpeaker } from "../../checks/speaker.ts";
import type { Finding } from "../../checks/types.ts";
import { regionStats, type Stats, speakerFits } from "../../diarize/local.ts";
import type { PlannedSegment } from "../../doc.ts";
import { seconds } from "../../media/input.ts";
import { ffmpegSamples } from "../../media/run.ts";
import { MAX_REGIONS, regionAudioArgs } from "./follow-speakers.ts";

const SR = 16_000;

/**
 * At most this many seconds of speech are decoded by one ffmpeg run: its floats are 7.3 MiB (16 kHz,
 * 4 bytes), held at most twice (media/run.ts ffmpegSamples), so the check's memory does not grow with the
 * video (a run of 400 lines of a 60-minute video was 1,158 s, +339 MiB). Shorter runs cost little: each
 * reads only its own span of the video, so all of them together decode it about once.
 */
export const MAX_RUN_SECONDS = 120;

/**
 * Pure: the lines' indices in runs, in time order, each run at most `maxLines` lines whose lengths add up
 * to at most `maxSeconds` (a line longer than that is a run alone: a line is never cut).
 */
export function planRuns(
  lines: readonly { start: number; end: number }[],
  o: { maxLines: number; maxSeconds: number } = { maxLines: MAX_REGIONS, maxSeconds: MAX_RUN_SECONDS },
): number[][] {
  const order = lines.map((_, i) => i).sort((a, b) => lines[a]!.start - lines[b]!.start);
  const runs: number[][] = [];
  let run: number[] = [];
  let ms = 0;
  for (const i of order) {
    const len = Math.max(0, lines[i]!.end - lines[i]!.start);
    if (run.length > 0 && (run.length >= o.maxLines || ms + len > o.maxSeconds * 1000)) {
      runs.push(run);
      run = [];
      ms = 0;
    }
    run.push(i);
    ms += len;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * Pure: the ffmpeg arguments for the audio of `regions` (ms, merged and sorted), reading only their span
 * of the video: an input seek (`-ss`/`-t` before `-i`, so the time starts at 0 there) and the regions
 * made relative to it.
 */
export function spanAudioArgs(video: string, regions: readonly { start: number; end: number }[]): string[] {
  const from = Math.min(...regions.map((r) => r.start));
  const to = Math.max(...regions.map((r) => r.end));
  const relative = regions.map((r) => ({ start: r.start - from, end: r.end - from }));
  // a tenth of a second more than the span: the last region's end is never cut by rounding
  return [
    "-ss",
    seconds(from / 1000),
    "-t",
    seconds((to - from) / 1000 + 0.1),
    ...regionAudioArgs(video, relative),
  ];
}

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

/** Each line's voice statistics from the original (null: too short to describe a voice); `plan`: the
 *  bounds of a run (planRuns). */
export async function lineStats(
  video: string,
  lines: readonly { start: number; end: number }[],
  o: {
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
    plan?: { maxLines: number; maxSeconds: number };
  },
): Promise<(Stats | null)[]> {
  const { signal } = o;
  const out: (Stats | null)[] = lines.map(() => null);
  const runs = planRuns(lines, o.plan);
  for (const [k, run] of runs.entries()) {
    o.onProgress?.(k / runs.length);
    const batch = run.map((i) => lines[i]!);
    const merged = mergeRegions(batch.map((l) => ({ start: l.start, end: l.end })));
    const samples = await ffmpegSamples(spanAudioArgs(video, merged), { signal });
    regionStats(samples, SR, placeInMerged(batch, merged)).forEach((s, j) => {
      out[run[j]!] = s;
    });
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
