// Rate corrections, pure: the synthesis rate that brings a clip to the length the timing plan gives it.
// Engines do not scale a clip's length exactly with the rate (pauses and stressed syllables do not shrink
// alike, and a rate is rounded to what the engine takes), so each correction learns from the tries so
// far and may go either way: a clip that came out shorter than planned would play faster than the plan
// says (a clip is never stretched slower), one a little longer is shortened by atempo.

/** One synthesis of a line: the rate asked for and the trimmed clip's length (ms). */
export interface RateTry {
  rate: number;
  clipMs: number;
}

export interface RateBounds {
  /** The slowest and fastest rate the engine may be asked for (absolute, as the engine takes them). */
  minRate: number;
  maxRate: number;
  /** How much longer than its target a clip may be and be kept (0.03: 3 %). */
  tolerance: number;
  /**
   * How the engine's speed follows the rate asked, measured (a clip's length ∝ 1 / speed; speed 1 at
   * rate 1), rates ascending: the first correction aims along it. Without it the speed is the rate.
   */
  curve?: RateCurve;
}

/** Points [rate asked, speed it gives], rates and speeds ascending. */
export type RateCurve = readonly (readonly [rate: number, speed: number])[];

/** Pure: y at x along ascending points, linear between them, proportional beyond either end. */
export function piecewiseLinear(points: readonly (readonly [number, number])[], x: number): number {
  const first = points[0] as readonly [number, number];
  if (x <= first[0]) return (first[1] * x) / first[0];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i] as readonly [number, number];
    if (x <= x1) {
      const [x0, y0] = points[i - 1] as readonly [number, number];
      return y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
    }
  }
  const [xl, yl] = points.at(-1) as readonly [number, number];
  return (yl * x) / xl;
}

/** Pure: the rate that gives `speed` along the curve (the speed itself without one). */
export const rateForSpeed = (curve: RateCurve | undefined, speed: number): number =>
  curve?.length
    ? piecewiseLinear(
        curve.map(([r, s]) => [s, r] as const),
        speed,
      )
    : speed;

/** Pure: the speed the rate gives along the curve (the rate itself without one). */
export const speedAtRate = (curve: RateCurve | undefined, rate: number): number =>
  curve?.length ? piecewiseLinear(curve, rate) : rate;

/** Pure: a clip done with: not shorter than its target, and at most `tolerance` longer. */
export const onTarget = (clipMs: number, targetMs: number, tolerance: number): boolean =>
  clipMs >= targetMs && clipMs <= targetMs * (1 + tolerance);

/** How a clip's length follows the rate (clip ∝ rate^-k): the bounds of k a correction believes. */
const SLOPE = { min: 0.3, max: 3 };

/**
 * Pure: the rate to try next, or null when the last try is on target or no untried rate within the
 * bounds is left. It aims at the middle of the kept band, along the slope the last two tries show (with
 * one try, the clip's length inversely proportional to the speed the engine's curve gives the rate).
 */
export function nextRate(tries: readonly RateTry[], targetMs: number, b: RateBounds): number | null {
  const last = tries.at(-1);
  if (!last || targetMs <= 0 || last.clipMs <= 0) return null;
  if (onTarget(last.clipMs, targetMs, b.tolerance)) return null;
  const aim = targetMs * (1 + b.tolerance / 2);
  const prev = tries.at(-2);
  let wanted: number;
  if (prev && prev.clipMs > 0 && prev.rate !== last.rate && prev.clipMs !== last.clipMs) {
    const measured = Math.log(prev.clipMs / last.clipMs) / Math.log(last.rate / prev.rate);
    const k = Math.min(SLOPE.max, Math.max(SLOPE.min, measured));
    wanted = last.rate * (last.clipMs / aim) ** (1 / k);
  } else wanted = rateForSpeed(b.curve, (speedAtRate(b.curve, last.rate) * last.clipMs) / aim);
  const rate = Math.round(Math.min(b.maxRate, Math.max(b.minRate, wanted)) * 1000) / 1000;
  return tries.some((t) => t.rate === rate) ? null : rate;
}

/** How much longer than its target a kept clip may be, to be preferred to a shorter one (10 %). */
const STRETCH_AT_MOST = 1.1;

/**
 * Pure: the try to keep once the corrections are done: the shortest clip from its target to 10 % longer
 * (atempo shortens the rest; a shorter clip would play faster than planned), else the one nearest its
 * target (a stronger stretch sounds worse than a slightly faster line).
 */
export function bestTry(tries: readonly RateTry[], targetMs: number): number {
  const within = tries
    .map((t, i) => ({ ...t, i }))
    .filter((t) => t.clipMs >= targetMs && t.clipMs <= targetMs * STRETCH_AT_MOST);
  if (within.length) return within.reduce((a, b) => (b.clipMs < a.clipMs ? b : a)).i;
  const off = (t: RateTry) => Math.abs(Math.log(t.clipMs / targetMs));
  return tries.reduce((best, t, i) => (off(t) < off(tries[best] as RateTry) ? i : best), 0);
}
