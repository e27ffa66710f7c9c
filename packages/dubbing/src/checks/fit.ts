// fit: how the line sits in its time. The speed it plays at against its voice's own pace, a clip that did
// not fit even at the fastest stretch, a clip that runs into the next line, and the picture held for it.
import { type Finding, grade, round } from "./types.ts";

/** Faster than this (× the voice's pace) is heard as hurried: the keep-length plan's own cap. */
export const FIT_SPEED_WARN = 1.25;
/** Faster than this is hard to follow. */
export const FIT_SPEED_FAIL = 1.5;
/** A clip that runs this far (ms) into the next line's start overlaps it audibly. */
export const FIT_OVERLAP_MS = 50;
/** The picture holding this long (ms) for one line is noticed. */
export const FIT_WAIT_WARN_MS = 1000;
/** A line starting this late (ms) after its mouth movements is noticed. */
export const FIT_DELAY_WARN_MS = 500;

export interface FitInput {
  /** Overall speed against the voice's pace (report's `speed`). */
  speed: number;
  tooLong: boolean;
  placed: { start: number; end: number } | null;
  /** Where the next dubbed line starts (ms, the same timeline), null when last. */
  nextStart: number | null;
  waitMs: number;
  delayMs: number;
}

/** Pure: the fit finding; value is the speed. */
export function checkFit(f: FitInput): Finding {
  const problems: string[] = [];
  let status = grade(f.speed, FIT_SPEED_WARN, FIT_SPEED_FAIL);
  if (status !== "ok") problems.push(`it plays at ${round(f.speed)}× the voice's own pace`);
  if (f.tooLong) {
    status = "fail";
    problems.push("it is too long for its time even sped up");
  }
  const overlap = f.placed && f.nextStart !== null ? f.placed.end - f.nextStart : 0;
  if (overlap > FIT_OVERLAP_MS) {
    status = "fail";
    problems.push(`it runs ${(overlap / 1000).toFixed(1)} s into the next line`);
  }
  const soft = (why: string) => {
    if (status === "ok") status = "warn";
    problems.push(why);
  };
  if (f.waitMs >= FIT_WAIT_WARN_MS) soft(`the picture holds ${(f.waitMs / 1000).toFixed(1)} s for it`);
  if (f.delayMs >= FIT_DELAY_WARN_MS)
    soft(`it starts ${(f.delayMs / 1000).toFixed(1)} s late (the line before ran over)`);
  const message = problems.length
    ? `${problems.join("; ")}.`.replace(/^./, (c) => c.toUpperCase())
    : `Fits its time at ${round(f.speed)}× the voice's pace.`;
  return { check: "fit", status, message, value: round(f.speed, 3) };
}
