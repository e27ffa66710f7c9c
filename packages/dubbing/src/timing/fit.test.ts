import { describe, expect, it } from "vitest";
import { chooseRate, fitClip, speedHistogram } from "./fit.ts";

describe("chooseRate", () => {
  it("keeps the rate when the clip fits within tolerance", () => {
    expect(chooseRate(2000, 2000)).toBe(1);
    expect(chooseRate(2040, 2000)).toBe(1);
    expect(chooseRate(1960, 2000)).toBe(1);
  });
  it("speeds up a long clip to fit its slot, at most 1.3×", () => {
    expect(chooseRate(2400, 2000)).toBe(1.2);
    expect(chooseRate(4000, 2000)).toBe(1.3);
    expect(chooseRate(4000, 2000, 1, { maxRate: 1.5 })).toBe(1.5);
  });
  it("slows a short clip down to fill its slot, never below 0.9×", () => {
    expect(chooseRate(1900, 2000)).toBe(0.95);
    expect(chooseRate(1000, 2000)).toBe(0.9);
  });
  it("corrects from the current rate (second pass after a re-synthesis)", () => {
    // at rate 1.2 the clip still measured 2200 ms for a 2000 ms slot → 1.32 wanted, capped at 1.3
    expect(chooseRate(2200, 2000, 1.2)).toBe(1.3);
    expect(chooseRate(2100, 2000, 1.1)).toBe(1.155);
  });
  it("does nothing without rate control or with degenerate lengths", () => {
    expect(chooseRate(4000, 2000, 1, { rateControl: false })).toBe(1);
    expect(chooseRate(0, 2000)).toBe(1);
    expect(chooseRate(1000, 0)).toBe(1);
  });
});

describe("fitClip", () => {
  const base = { start: 1000, end: 3000, nextStart: 5000, mediaEnd: 10_000 };

  it("places a clip that fits at the segment start, unchanged", () => {
    const f = fitClip({ ...base, clipMs: 1500 });
    expect(f).toEqual({ start: 1000, end: 2500, tempo: 1, borrowedMs: 0, tooLong: false, limit: 4900 });
  });

  it("borrows the silence before the next segment without stretching", () => {
    const f = fitClip({ ...base, clipMs: 3500 });
    expect(f.tempo).toBe(1);
    expect(f.end).toBe(4500);
    expect(f.borrowedMs).toBe(1500);
    expect(f.tooLong).toBe(false);
  });

  it("keeps a 100 ms gap before the next segment, stretching with atempo when needed", () => {
    const f = fitClip({ ...base, clipMs: 4800 }); // window is 3900 ms (1000 → 4900)
    expect(f.tempo).toBeCloseTo(4800 / 3900, 4);
    expect(f.end).toBe(4900);
    expect(f.end).toBeLessThanOrEqual(5000 - 100);
    expect(f.borrowedMs).toBe(1900);
    expect(f.tooLong).toBe(false);
  });

  it("stretches at most 1.3× and marks the rest too long, keeping the clip whole", () => {
    const f = fitClip({ ...base, clipMs: 6500 }); // needs 1.67×
    expect(f.tempo).toBe(1.3);
    expect(f.tooLong).toBe(true);
    expect(f.end).toBe(1000 + Math.round(6500 / 1.3));
  });

  it("exactly 1.3× is not too long", () => {
    const f = fitClip({ ...base, clipMs: 3900 * 1.3 });
    expect(f.tempo).toBe(1.3);
    expect(f.tooLong).toBe(false);
    expect(f.end).toBe(4900);
  });

  it("uses the media end as the limit for the last segment", () => {
    const f = fitClip({ start: 8000, end: 9000, nextStart: null, mediaEnd: 10_000, clipMs: 1800 });
    expect(f.limit).toBe(10_000);
    expect(f.tempo).toBe(1);
    expect(f.end).toBe(9800);
    const g = fitClip({ start: 8000, end: 9000, nextStart: null, mediaEnd: 10_000, clipMs: 2400 });
    expect(g.tempo).toBeCloseTo(1.2, 4);
    expect(g.end).toBe(10_000);
  });

  it("limits a clip to its own slot when the next segment starts less than the gap after its end", () => {
    const f = fitClip({ start: 1000, end: 3000, nextStart: 3050, mediaEnd: 10_000, clipMs: 2500 });
    expect(f.limit).toBe(2950);
    expect(f.end).toBe(2950);
    expect(f.tempo).toBeCloseTo(2500 / 1950, 4);
  });

  it("uses the slot when segments overlap (bad input) instead of a negative window", () => {
    const f = fitClip({ start: 1000, end: 3000, nextStart: 900, mediaEnd: 10_000, clipMs: 1000 });
    expect(f.limit).toBe(3000);
    expect(f.tempo).toBe(1);
    expect(f.end).toBe(2000);
  });

  it("never overlaps the next segment unless marked too long", () => {
    for (let clip = 100; clip < 9000; clip += 137) {
      const f = fitClip({ ...base, clipMs: clip });
      if (!f.tooLong) expect(f.end).toBeLessThanOrEqual(base.nextStart - 100);
      expect(f.start).toBe(base.start);
      // whole clip: played length × tempo = clip length (±1 ms rounding)
      expect(Math.abs((f.end - f.start) * f.tempo - clip)).toBeLessThanOrEqual(2);
    }
  });
});

describe("speedHistogram", () => {
  it("buckets speeds", () => {
    expect(speedHistogram([1, 0.9, 1.05, 1.2, 1.3, 1.31, 1.69])).toEqual({
      "≤1.0": 2,
      "≤1.1": 1,
      "≤1.2": 1,
      "≤1.3": 1,
      ">1.3": 2,
    });
  });
});
