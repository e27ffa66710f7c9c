// The timing plan, pure: how fast each dubbed line plays and where it goes, decided for all lines at once
// from their lengths at the voice's natural pace (predicted from the text before synthesis, then the real
// clips'). Rules, in order:
// 1. a line may use its slot and the silence after it, up to `gapMs` before the next line (borrowing);
// 2. it never plays slower than its voice's natural pace: a short line is padded with silence;
// 3. neighbouring lines of one speaker change pace by at most `maxStep` (a listener hears a jump more
//    than a steady pace): the slower of two is raised, never the faster lowered;
// 4. "keep-length": at most `maxSpeed`; a line still too long starts the lines after it late (no overlap)
//    until a pause absorbs the delay, and is marked too long;
//    "picture-waits": a line that needs at most `waitAbove` plays as fast as it needs; one that needs more
//    plays at `waitSpeed` and the picture holds at the end of its window for the time it still lacks, so
//    nothing is late and nothing overlaps. Once the picture holds, holding a little longer costs less
//    than a faster voice: a waiting line plays at a comfortable pace rather than at the limit.
//    A line marked `wait` is planned as in "picture-waits" whatever the mode (the creator chose to let
//    the picture wait for it): the lines after it are not delayed by it.

export type TimingMode = "keep-length" | "picture-waits";

export interface PlanOptions {
  mode?: TimingMode;
  /** keep-length: the fastest a line plays (default 1.25). */
  maxSpeed?: number;
  /** picture-waits: past this speed the picture waits instead (default 1.15). */
  waitAbove?: number;
  /** picture-waits: the speed a line the picture waits for plays at (default 1.1, at most `waitAbove`). */
  waitSpeed?: number;
  /** Silence kept before the next line (default 100 ms). */
  gapMs?: number;
  /** Largest change of speed between neighbouring lines of one speaker (default 0.1). */
  maxStep?: number;
  /** Lines of one speaker further apart than this are not neighbours (default 1,500 ms). */
  neighbourMs?: number;
}

export const PLAN_DEFAULTS = {
  mode: "keep-length",
  maxSpeed: 1.25,
  waitAbove: 1.15,
  waitSpeed: 1.1,
  gapMs: 100,
  maxStep: 0.1,
  neighbourMs: 1500,
} as const satisfies Required<PlanOptions>;

export interface PlanLine {
  /** The line's slot in the original (ms). */
  start: number;
  end: number;
  speaker: string;
  /** Its length spoken at the voice's natural pace (ms); null for a line with nothing to say. */
  naturalMs: number | null;
  /** The picture waits for this line when it needs more than `waitAbove`, whatever the mode. */
  wait?: boolean;
}

export interface PlannedLine {
  /** Where the line starts, on the original's timeline (later than its slot only when delayed). */
  start: number;
  /** Where it ends, on the original's timeline (before any wait). */
  end: number;
  /** The speed it plays at against its natural pace (≥ 1). */
  speed: number;
  /** Run past its slot's end into the silence after it (ms). */
  borrowedMs: number;
  /** picture-waits: how long the picture holds at `end` (ms). */
  waitMs: number;
  /** keep-length: how late it starts because the line before ran over (ms). */
  delayMs: number;
  /** keep-length: still longer than its window at the fastest speed allowed. */
  tooLong: boolean;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** Pure: the plan of every line; lines sorted by start. Lines with nothing to say are null. */
export function planTiming(
  lines: PlanLine[],
  mediaEnd: number,
  opts: PlanOptions = {},
): (PlannedLine | null)[] {
  const o = { ...PLAN_DEFAULTS, ...opts };
  const waitsFor = (l: PlanLine) => o.mode === "picture-waits" || l.wait === true;
  const capOf = (l: PlanLine) => (waitsFor(l) ? o.waitAbove : o.maxSpeed);
  const limits = windowEnds(lines, mediaEnd, o.gapMs);
  // the speed each line needs in its own window, within the cap (a line the picture waits for: its
  // pace while it waits), then smoothed
  const speeds = lines.map((l, i) => {
    const windowMs = (limits[i] as number) - l.start;
    const cap = capOf(l);
    if (waitsFor(l) && l.naturalMs !== null && l.naturalMs > windowMs * cap)
      return Math.min(o.waitSpeed, cap);
    return neededSpeed(l.naturalMs, windowMs, cap);
  });
  smoothSpeeds(lines, speeds, {
    maxStep: o.maxStep,
    neighbourMs: o.neighbourMs,
    cap: o.mode === "picture-waits" ? o.waitAbove : o.maxSpeed,
  });
  // smoothing never raises a line the picture waits for past its own cap
  lines.forEach((l, i) => {
    if (waitsFor(l)) speeds[i] = Math.min(speeds[i] as number, o.waitAbove);
  });

  let busyUntil = -Infinity; // keep-length: where the last placed line (plus the gap) ends
  return lines.map((line, i) => {
    if (line.naturalMs === null) return null;
    const limit = limits[i] as number;
    const waits = waitsFor(line);
    const cap = capOf(line);
    // keep-length: a line starts late when the one before ran over (even one the picture waits for)
    const start = o.mode === "picture-waits" ? line.start : Math.max(line.start, busyUntil);
    // keep-length: a delayed line has less room: it needs more speed, within the cap
    const speed = waits
      ? (speeds[i] as number)
      : Math.max(speeds[i] as number, neededSpeed(line.naturalMs, limit - start, cap));
    const length = Math.round(line.naturalMs / speed);
    const end = start + length;
    const over = Math.max(0, end - Math.max(limit, start));
    const planned: PlannedLine = {
      start,
      end,
      speed: round3(speed),
      borrowedMs: Math.max(0, Math.min(end, limit) - line.end),
      waitMs: waits ? over : 0,
      delayMs: start - line.start,
      tooLong: !waits && over > 0,
    };
    // the picture's hold absorbs a waiting line's overrun: the next line is not late
    busyUntil = (waits ? end - over : end) + o.gapMs;
    return planned;
  });
}

/** Pure: each line's latest end: the next later line's start less the gap, or the media's end. */
export function windowEnds(
  lines: { start: number; end: number }[],
  mediaEnd: number,
  gapMs: number,
): number[] {
  const limits = new Array<number>(lines.length);
  let nextStart = Infinity; // the first later start, scanning from the end (lines sorted by start)
  for (let i = lines.length - 1; i >= 0; i--) {
    const { start, end } = lines[i] as { start: number; end: number };
    let limit = Math.min(mediaEnd, nextStart - gapMs);
    // lines that overlap (or leave less than the gap) keep their own slot
    if (limit <= start) limit = Math.max(start, Math.min(end, mediaEnd));
    limits[i] = limit;
    if (start < nextStart) nextStart = start;
  }
  return limits;
}

/** Pure: the speed a line needs to fit `windowMs`: never below 1 (padded instead), never above `cap`. */
export function neededSpeed(naturalMs: number | null, windowMs: number, cap: number): number {
  if (naturalMs === null || naturalMs <= 0) return 1;
  if (windowMs <= 0) return cap;
  return Math.min(cap, Math.max(1, naturalMs / windowMs));
}

/**
 * Pure but for raising `speeds` in place: neighbouring lines of one speaker (at most `neighbourMs`
 * apart) differ by at most `maxStep`, by raising the slower one (never above `cap`). A forward and a
 * backward pass settle every chain: each pass can only raise, and a raised line then bounds its
 * neighbours in the pass's own direction.
 */
export function smoothSpeeds(
  lines: PlanLine[],
  speeds: number[],
  { maxStep, neighbourMs, cap }: { maxStep: number; neighbourMs: number; cap: number },
): void {
  const previousOf = new Map<string, number>(); // speaker → index of their last line so far
  const pairs: [number, number][] = [];
  lines.forEach((line, i) => {
    if (line.naturalMs === null) return;
    const p = previousOf.get(line.speaker);
    if (p !== undefined && line.start - (lines[p] as PlanLine).end <= neighbourMs) pairs.push([p, i]);
    previousOf.set(line.speaker, i);
  });
  const raise = (to: number, from: number) => {
    const floor = Math.min(cap, (speeds[from] as number) - maxStep);
    if ((speeds[to] as number) < floor) speeds[to] = floor;
  };
  for (const [a, b] of pairs) raise(b, a);
  for (let k = pairs.length - 1; k >= 0; k--) {
    const [a, b] = pairs[k] as [number, number];
    raise(a, b);
  }
}

/** A hold of the picture: at `at` on the original's timeline, for `ms`. */
export interface Wait {
  at: number;
  ms: number;
}

/** Pure: the picture's holds of a plan, in order; each starts where its line's window ends. */
export function waitsOf(plan: (PlannedLine | null)[]): Wait[] {
  const waits: Wait[] = [];
  for (const p of plan) {
    if (!p || p.waitMs <= 0) continue;
    const at = p.end - p.waitMs;
    const last = waits.at(-1);
    if (last && last.at === at) last.ms += p.waitMs;
    else waits.push({ at, ms: p.waitMs });
  }
  return waits.sort((a, b) => a.at - b.at);
}

/**
 * Pure: a time on the original's timeline → the same moment on the output's, where the picture waits.
 * A moment exactly at a hold is placed before it (a line ending there ends as the picture stops).
 */
export function shiftTime(t: number, waits: Wait[]): number {
  let added = 0;
  for (const w of waits) {
    if (w.at >= t) break;
    added += w.ms;
  }
  return t + added;
}

/** Pure: the totals the report gives for a plan. */
export function planTotals(plan: (PlannedLine | null)[]): {
  lines: number;
  atMost1_1: number;
  fastest: number;
  waitedMs: number;
  borrowedMs: number;
  delayed: number;
  tooLong: number;
} {
  const live = plan.filter((p): p is PlannedLine => p !== null);
  const speeds = live.map((p) => p.speed);
  return {
    lines: live.length,
    atMost1_1: live.length ? round3(speeds.filter((s) => s <= 1.1001).length / live.length) : 1,
    fastest: speeds.reduce((m, v) => Math.max(m, v), 1),
    waitedMs: live.reduce((sum, p) => sum + p.waitMs, 0),
    borrowedMs: live.reduce((sum, p) => sum + p.borrowedMs, 0),
    delayed: live.filter((p) => p.delayMs > 0).length,
    tooLong: live.filter((p) => p.tooLong).length,
  };
}

/**
 * Pure: timed items (subtitle cues) moved onto the output's timeline where the picture waits. A hold
 * falls at the end of a line's window, after its slot: the item that started last before a hold lasts
 * through it, as its line is spoken through it.
 */
export function shiftCues<T extends { start: number; end: number }>(cues: readonly T[], waits: Wait[]): T[] {
  const shifted = cues.map((c) => ({ ...c, start: shiftTime(c.start, waits), end: shiftTime(c.end, waits) }));
  for (const w of waits) {
    const k = cues.findLastIndex((c) => c.start <= w.at);
    const cue = shifted[k];
    if (cue && (cues[k] as T).end <= w.at) cue.end = shiftTime(w.at, waits) + w.ms;
  }
  return shifted;
}
