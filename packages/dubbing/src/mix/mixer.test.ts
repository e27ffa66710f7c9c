import { describe, expect, it } from "vitest";
import { addClip, duck, duckMerged, levelGain, mergeRanges } from "./mixer.ts";

describe("mergeRanges", () => {
  it("sorts, merges close ranges and drops empty ones", () => {
    expect(
      mergeRanges(
        [
          { start: 50, end: 60 },
          { start: 0, end: 10 },
          { start: 12, end: 20 },
          { start: 30, end: 30 },
        ],
        2,
      ),
    ).toEqual([
      { start: 0, end: 20 },
      { start: 50, end: 60 },
    ]);
  });
});

describe("duck", () => {
  it("lowers the background inside ranges with ramps and leaves the rest", () => {
    const d = new Float32Array(1000).fill(1);
    duck(d, 1, { ranges: [{ start: 400, end: 600 }], duckDb: 20, rampFrames: 50 });
    expect(d[0]).toBe(1);
    expect(d[340]).toBe(1);
    expect(d[500]).toBeCloseTo(0.1, 5);
    expect(d[400]).toBeCloseTo(0.1, 5);
    expect(d[599]).toBeCloseTo(0.1, 5);
    expect(d[375]).toBeGreaterThan(0.1);
    expect(d[375]).toBeLessThan(1);
    expect(d[999]).toBe(1);
    // monotonic ramp down
    for (let i = 351; i < 400; i++) expect(d[i]!).toBeLessThanOrEqual(d[i - 1]!);
  });
  it("works on interleaved stereo", () => {
    const d = new Float32Array(200).fill(0.5);
    duck(d, 2, { ranges: [{ start: 0, end: 100 }], duckDb: 6, rampFrames: 1 });
    expect(d[0]).toBeCloseTo(0.5 * 10 ** (-6 / 20), 5);
    expect(d[1]).toBeCloseTo(0.5 * 10 ** (-6 / 20), 5);
  });
  it("gives the same result window by window as at once", () => {
    const ranges = [
      { start: 90, end: 130 },
      { start: 250, end: 260 },
      { start: 395, end: 500 },
    ];
    const whole = new Float32Array(2 * 400).fill(1);
    duck(whole, 2, { ranges, duckDb: 12, rampFrames: 30 });
    const parts = new Float32Array(2 * 400).fill(1);
    for (let w = 0; w < 400; w += 70)
      duck(parts.subarray(2 * w, 2 * Math.min(400, w + 70)), 2, { ranges, duckDb: 12, rampFrames: 30 }, w);
    expect(Array.from(parts)).toEqual(Array.from(whole));
  });

  it("with ranges merged once, gives the same result window by window for thousands of ranges", () => {
    const ranges = Array.from({ length: 3000 }, (_, i) => ({
      start: i * 37 + (i % 5) * 3,
      end: i * 37 + 20,
    }));
    const frames = 3000 * 37 + 100;
    const whole = new Float32Array(frames).fill(1);
    duck(whole, 1, { ranges, duckDb: 12, rampFrames: 4 });
    const merged = mergeRanges(ranges, 8);
    const parts = new Float32Array(frames).fill(1);
    for (let w = 0; w < frames; w += 1000)
      duckMerged(
        parts.subarray(w, Math.min(frames, w + 1000)),
        1,
        { ranges: merged, duckDb: 12, rampFrames: 4 },
        w,
      );
    expect(parts).toEqual(whole);
  });
});

describe("addClip", () => {
  it("adds at an absolute frame to every channel, clipped at the end", () => {
    const d = new Float32Array(20);
    const n = addClip(d, 2, { samples: Float32Array.from([1, 2, 3, 4]), start: 8, gain: 0.5 });
    expect(n).toBe(2);
    expect(Array.from(d.slice(16))).toEqual([0.5, 0.5, 1, 1]);
    expect(d[15]).toBe(0);
  });
  it("adds the part of a clip that starts before the buffer", () => {
    const d = new Float32Array(6);
    expect(addClip(d, 1, { samples: Float32Array.from([1, 2, 3, 4]), start: -2 })).toBe(2);
    expect(Array.from(d)).toEqual([3, 4, 0, 0, 0, 0]);
    expect(addClip(d, 1, { samples: Float32Array.from([1, 2]), start: -5 })).toBe(0);
    expect(addClip(d, 1, { samples: Float32Array.from([1, 2]), start: 9 })).toBe(0);
  });
});

describe("levelGain", () => {
  it("brings the active level to the target, capped by the peak", () => {
    const sr = 16000;
    const c = new Float32Array(sr);
    for (let i = 0; i < sr / 2; i++) c[i] = 0.01 * Math.sin(i / 3);
    const g = levelGain(c, sr, -20);
    const rms = 0.01 / Math.SQRT2;
    expect(20 * Math.log10(rms * g)).toBeCloseTo(-20, 0);
    const loud = Float32Array.from({ length: sr }, (_, i) => (i === 10 ? 0.99 : 0.001 * Math.sin(i)));
    expect(levelGain(loud, sr, -3) * 0.99).toBeLessThanOrEqual(10 ** (-1 / 20) + 1e-9);
    expect(levelGain(new Float32Array(100), sr)).toBe(1);
  });
});
