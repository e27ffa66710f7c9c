// The dub's timeline, pure: the timing plan of its lines (timing/plan.ts) turned into where each clip
// plays and how much it is stretched, on the output's timeline — the original's, lengthened by the
// picture's holds when the picture waits.
import type { PlannedSegment } from "../../doc.ts";
import type { Fit } from "../../timing/fit.ts";
import {
  type PlannedLine,
  type PlanOptions,
  planTiming,
  shiftTime,
  type Wait,
  waitsOf,
} from "../../timing/plan.ts";
import type { SynthesizedSegment } from "./types.ts";

export interface DubTimeline {
  /** Each line's plan, on the original's timeline. */
  plan: (PlannedLine | null)[];
  /** Where the picture holds, on the original's timeline (none unless the picture waits). */
  waits: Wait[];
  /** The output's length: the original's and the holds'. */
  durationMs: number;
  /** The segments on the output's timeline (subtitles, ducking, the report). */
  segments: PlannedSegment[];
  /** Where each clip plays on the output's timeline and its stretch; null for a silent line. */
  fits: (Fit | null)[];
}

/** Pure: each line with its length at its voice's pace, as the plan takes it. */
export function planLines(segments: PlannedSegment[], naturalMs: (number | null)[]) {
  return segments.map((s, i) => ({
    start: s.start,
    end: s.end,
    speaker: s.speaker,
    naturalMs: naturalMs[i] ?? null,
    ...(s.pictureWaits && { wait: true }),
  }));
}

/** Pure: the length each line should have once synthesized (its natural length over its planned speed). */
export function plannedLengths(
  plan: (PlannedLine | null)[],
  naturalMs: (number | null)[],
): (number | null)[] {
  return plan.map((p, i) => {
    const natural = naturalMs[i];
    return p && natural ? Math.round(natural / p.speed) : null;
  });
}

/** How much longer than its planned length a clip may play (0.5 %): within it, it is not stretched. */
const STRETCH_SLACK = 1.005;
/** The most a clip shorter than its planned length is slowed (3 %); a shorter one plays faster. */
const SLOW_AT_MOST = 0.97;

/** Pure: the whole timeline from the clips as synthesized. */
export function dubTimeline(
  segments: PlannedSegment[],
  synth: (SynthesizedSegment | null)[],
  durationMs: number,
  opts: PlanOptions,
): DubTimeline {
  const natural = synth.map((s) => s?.paceMs ?? null);
  const plan = planTiming(planLines(segments, natural), durationMs, opts);
  const waits = waitsOf(plan);
  const shift = (t: number) => shiftTime(t, waits);
  const lengths = plannedLengths(plan, natural);
  const fits = plan.map((p, i): Fit | null => {
    const s = synth[i];
    const length = lengths[i];
    if (!p || !s || !length) return null;
    // the clip as synthesized (its rate already near the plan's speed) is stretched for the rest, to
    // within the half percent a clip may run long; one an engine made a little short (its rates come in
    // steps) is slowed as much, inaudibly, rather than played faster than planned
    const aim = length * STRETCH_SLACK;
    const slowed = s.clipMs < length && s.clipMs >= length * SLOW_AT_MOST;
    const tempo = s.clipMs > aim || slowed ? Math.round((s.clipMs / aim) * 10000) / 10000 : 1;
    const start = shift(p.start);
    const end = start + Math.round(s.clipMs / tempo);
    return { start, end, tempo, borrowedMs: p.borrowedMs, tooLong: p.tooLong, limit: end };
  });
  return {
    plan,
    waits,
    durationMs: durationMs + waits.reduce((sum, w) => sum + w.ms, 0),
    segments: segments.map((s) => ({ ...s, start: shift(s.start), end: shift(s.end) })),
    fits,
  };
}
