// What a dub will synthesize must fit the video: a translation cannot carry more speech than the video
// has time for (a 10-second video with 2 MB of overlapping segments would cost everyone's workers).
import type { Segment } from "./schemas.ts";

/** Slack for rounding at the video's end and between neighbours. */
const TOLERANCE_MS = 250;
/** Far more than anyone speaks (about 15 characters a second), far less than a file's worth. */
export const MAX_CHARS_PER_SECOND = 40;

export interface TimelineProblem {
  path: string;
  message: string;
}

const clock = (ms: number) =>
  `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")}`;

/** Pure: the first reason these segments cannot be dubbed over a video of `durationMs`, or null. */
export function timelineProblem(transcript: readonly Segment[], durationMs: number): TimelineProblem | null {
  for (const [i, seg] of transcript.entries()) {
    const n = i + 1;
    if (seg.end > durationMs + TOLERANCE_MS) {
      return {
        path: `transcript.${i}.end`,
        message: `Segment ${n} ends at ${clock(seg.end)}, after the video ends (${clock(durationMs)}).`,
      };
    }
    const previous = transcript[i - 1];
    if (previous && seg.start < previous.end - TOLERANCE_MS) {
      return { path: `transcript.${i}.start`, message: `Segment ${n} overlaps segment ${n - 1}.` };
    }
  }
  const chars = transcript.reduce((sum, seg) => sum + seg.text.length, 0);
  const most = Math.ceil((MAX_CHARS_PER_SECOND * durationMs) / 1000);
  if (chars > most) {
    return {
      path: "transcript",
      message: `The text is longer than the video can hold: at most ${most} characters for this video.`,
    };
  }
  return null;
}
