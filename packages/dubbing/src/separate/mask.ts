// The offline separation's maths, pure: which blocks of frames are free of speech, which of them the
// background next to a frame is learned from, and the Wiener-style gain that keeps the background and
// lowers what rises above it (the voice).

export interface Span {
  /** frames, end exclusive */
  start: number;
  end: number;
}

/** Pure: per block of `blockFrames` frames, whether none of its frames is inside a span. */
export function freeBlocks(spans: Span[], frames: number, blockFrames: number): Uint8Array {
  const blocks = Math.ceil(frames / blockFrames);
  const free = new Uint8Array(blocks).fill(1);
  for (const s of spans) {
    const a = Math.floor(s.start / blockFrames);
    const b = Math.min(blocks, Math.ceil(s.end / blockFrames));
    for (let i = a; i < b; i++) free[i] = 0;
  }
  return free;
}

/**
 * Pure: the indexes of the speech-free blocks the background of block `at` is learned from: those within
 * ±radius blocks, or, when fewer than `min` are, the `min` nearest ones (any distance).
 */
export function nearestFree(free: Uint8Array, at: number, radius: number, min: number): number[] {
  const near: number[] = [];
  for (let i = Math.max(0, at - radius); i <= Math.min(free.length - 1, at + radius); i++)
    if (free[i]) near.push(i);
  if (near.length >= min) return near;
  const out: number[] = [];
  for (let d = 0; out.length < min && (at - d >= 0 || at + d < free.length); d++) {
    if (at - d >= 0 && free[at - d]) out.push(at - d);
    if (d > 0 && out.length < min && at + d < free.length && free[at + d]) out.push(at + d);
  }
  return out.sort((a, b) => a - b);
}

export interface GainOptions {
  /** The background's power is taken as this many times its learned mean (headroom for its variation). */
  over: number;
  /** Exponent of the Wiener gain (above 1: the voice's bins lower still). */
  exponent: number;
  /** The least gain of a bin (dB): the background never vanishes entirely. */
  floorDb: number;
}

/**
 * Pure: the background's gain per bin inside speech. The voice's power is estimated as what the frame
 * has above the learned background (× over); the gain is the Wiener ratio background / (background +
 * voice), raised to `exponent`, never under floorDb. A bin at or under the background keeps gain 1.
 */
export function backgroundGain(
  power: Float64Array,
  background: Float64Array,
  o: GainOptions,
  out: Float64Array,
): void {
  const floor = 10 ** (o.floorDb / 20);
  for (let k = 0; k < power.length; k++) {
    const bg = (background[k] as number) * o.over + 1e-20;
    const voice = (power[k] as number) - bg;
    if (voice <= 0) {
      out[k] = 1;
      continue;
    }
    const g = (bg / (bg + voice)) ** o.exponent;
    out[k] = g < floor ? floor : g;
  }
}
