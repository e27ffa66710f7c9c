import { describe, expect, it } from "vitest";
import { medianPitch, mfcc, silences, speechRegions } from "./features.ts";

const SR = 16000;
function voiced(f0: number, seconds: number, amp = 0.3): Float32Array {
  // a pulse train through harmonics: pitch at f0
  return Float32Array.from({ length: Math.round(SR * seconds) }, (_, i) => {
    let v = 0;
    for (let h = 1; h <= 8; h++) v += Math.sin((2 * Math.PI * f0 * h * i) / SR) / h;
    return amp * v * 0.5;
  });
}
function withNoise(x: Float32Array, db = -60): Float32Array {
  const a = 10 ** (db / 20);
  let s = 1;
  return x.map((v) => {
    s = (s * 16807) % 2147483647;
    return v + a * ((s / 2147483647) * 2 - 1);
  });
}

describe("speechRegions / silences", () => {
  it("finds two bursts separated by a pause", () => {
    const x = new Float32Array(SR * 3);
    x.set(voiced(120, 0.8), Math.round(0.5 * SR));
    x.set(voiced(220, 0.6), Math.round(2.0 * SR));
    const r = speechRegions(withNoise(x), SR);
    expect(r).toHaveLength(2);
    expect(Math.abs(r[0]!.start - 500)).toBeLessThanOrEqual(20);
    expect(Math.abs(r[0]!.end - 1300)).toBeLessThanOrEqual(20);
    expect(Math.abs(r[1]!.start - 2000)).toBeLessThanOrEqual(20);
    expect(silences(r, 3000)).toEqual([
      { start: 0, end: r[0]!.start },
      { start: r[0]!.end, end: r[1]!.start },
      { start: r[1]!.end, end: 3000 },
    ]);
  });
  it("finds nothing in silence or faint noise", () => {
    expect(speechRegions(new Float32Array(SR * 2), SR)).toEqual([]);
    expect(speechRegions(withNoise(new Float32Array(SR * 2), -55), SR)).toEqual([]);
  });
  it("bridges short gaps and drops clicks", () => {
    const x = new Float32Array(SR * 2);
    x.set(voiced(150, 0.4), 0);
    x.set(voiced(150, 0.4), Math.round(0.5 * SR)); // 100 ms gap → bridged
    x.set(voiced(150, 0.03), Math.round(1.5 * SR)); // 30 ms click → dropped
    const r = speechRegions(withNoise(x), SR);
    expect(r).toHaveLength(1);
    expect(r[0]!.end).toBeGreaterThan(850);
  });
});

describe("mfcc", () => {
  it("gives one frame per hop and separates different spectra", () => {
    const low = mfcc(voiced(100, 1), SR, { start: 0, end: 1000 });
    const high = mfcc(voiced(300, 1), SR, { start: 0, end: 1000 });
    expect(low.length).toBeGreaterThanOrEqual(97);
    expect(low[0]!.length).toBe(12);
    const d = (a: Float64Array, b: Float64Array) => Math.hypot(...a.map((v, i) => v - b[i]!));
    expect(d(low[50]!, low[60]!)).toBeLessThan(d(low[50]!, high[50]!));
  });
  it("ignores loudness (c0 dropped)", () => {
    const a = mfcc(voiced(150, 0.5, 0.3), SR, { start: 0, end: 500 })[20]!;
    const b = mfcc(voiced(150, 0.5, 0.03), SR, { start: 0, end: 500 })[20]!;
    for (let i = 0; i < 12; i++) expect(a[i]!).toBeCloseTo(b[i]!, 3);
  });
});

describe("medianPitch", () => {
  it("estimates the fundamental of voiced audio", () => {
    expect(medianPitch(voiced(110, 1), SR, [{ start: 0, end: 1000 }])).toBeCloseTo(110, -1);
    expect(medianPitch(voiced(210, 1), SR, [{ start: 0, end: 1000 }])).toBeCloseTo(210, -1);
    expect(medianPitch(new Float32Array(SR), SR, [{ start: 0, end: 1000 }])).toBe(0);
  });
});
