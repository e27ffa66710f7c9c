import { describe, expect, it } from "vitest";
import { fitClip, speedHistogram } from "./fit.ts";

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
