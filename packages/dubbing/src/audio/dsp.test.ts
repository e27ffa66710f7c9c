import { describe, expect, it } from "vitest";
import { concat, dbfs, resample, rmsDb, splitAtGaps, trimBounds } from "./dsp.ts";

const tone = (freq: number, sr: number, seconds: number, amp = 0.5) =>
  Float32Array.from(
    { length: Math.round(sr * seconds) },
    (_, i) => amp * Math.sin((2 * Math.PI * freq * i) / sr),
  );

describe("levels", () => {
  it("dbfs and rmsDb", () => {
    expect(dbfs(1)).toBe(0);
    expect(dbfs(0)).toBe(-Infinity);
    expect(rmsDb(tone(1000, 48000, 1, 1))).toBeCloseTo(-3.01, 1);
  });
});

describe("trimBounds", () => {
  it("finds the sound between silences, with padding", () => {
    const sr = 16000;
    const x = new Float32Array(sr * 2);
    x.set(tone(300, sr, 0.5), sr / 2); // 0.5 s → 1.0 s
    const b = trimBounds(x, sr, { padMs: 20 });
    expect(b.start).toBeGreaterThanOrEqual(sr / 2 - 0.03 * sr);
    expect(b.start).toBeLessThanOrEqual(sr / 2);
    expect(b.end).toBeGreaterThanOrEqual(sr);
    expect(b.end).toBeLessThanOrEqual(sr + 0.03 * sr);
  });
  it("keeps quiet word endings that are within 45 dB of the peak", () => {
    const sr = 16000;
    const x = new Float32Array(sr);
    x.set(tone(300, sr, 0.3, 0.5), 0);
    x.set(tone(300, sr, 0.2, 0.5 * 10 ** (-40 / 20)), Math.round(0.3 * sr)); // a soft tail at −40 dB
    expect(trimBounds(x, sr, { padMs: 0 }).end).toBeGreaterThanOrEqual(Math.round(0.49 * sr));
  });
  it("says a silent clip is empty", () => {
    const b = trimBounds(new Float32Array(1000), 16000);
    expect(b.end).toBeLessThanOrEqual(b.start);
  });
});

describe("resample", () => {
  for (const [from, to] of [
    [22050, 44100],
    [22050, 48000],
    [16000, 48000],
    [48000, 16000],
    [44100, 48000],
  ] as const) {
    it(`${from} → ${to} keeps duration, frequency and level`, () => {
      const x = tone(440, from, 1);
      const y = resample(x, from, to);
      expect(y.length).toBe(to);
      // level in the middle (edges have filter transients)
      const mid = y.subarray(Math.round(to * 0.25), Math.round(to * 0.75));
      expect(rmsDb(mid)).toBeCloseTo(rmsDb(tone(440, to, 0.5)), 1);
      // zero crossings ≈ 2 × 440 per second
      let zc = 0;
      for (let i = 1; i < mid.length; i++) if (mid[i - 1]! < 0 !== mid[i]! < 0) zc++;
      expect(Math.abs(zc - 440)).toBeLessThanOrEqual(2);
    });
  }
  it("keeps the input samples exactly when upsampling by an integer factor", () => {
    const x = tone(440, 22050, 0.2);
    const y = resample(x, 22050, 44100);
    for (let i = 0; i < x.length; i++) expect(y[2 * i]).toBe(x[i]);
  });
  it("interpolates the samples in between (2×) to the true waveform", () => {
    const f = 5000;
    const x = Float32Array.from({ length: 22050 }, (_v, i) => 0.5 * Math.sin((2 * Math.PI * f * i) / 22050));
    const y = resample(x, 22050, 44100);
    let err = 0;
    for (let j = 201; j < y.length - 200; j += 2)
      err = Math.max(err, Math.abs((y[j] as number) - 0.5 * Math.sin((2 * Math.PI * f * j) / 44100)));
    expect(err).toBeLessThan(0.01);
  });
  it("removes content above the new Nyquist when downsampling", () => {
    const x = tone(12000, 48000, 1); // above 8 kHz
    const y = resample(x, 48000, 16000);
    expect(rmsDb(y.subarray(4000, 12000))).toBeLessThan(-40);
  });
  it("returns a copy for equal rates", () => {
    const x = tone(100, 8000, 0.1);
    const y = resample(x, 8000, 8000);
    expect(y).not.toBe(x);
    expect(Array.from(y)).toEqual(Array.from(x));
  });
});

describe("splitAtGaps", () => {
  const tone = (n: number) => Float32Array.from({ length: n }, (_x, i) => 0.5 * Math.sin(i / 3) + 0.01);
  it("cuts at long quiet runs only, dropping long quiet ends", () => {
    const sr = 1000;
    const x = concat(
      [
        new Float32Array(300),
        tone(200),
        new Float32Array(150),
        tone(100),
        new Float32Array(1200),
        tone(50),
        new Float32Array(2000),
      ],
      Float32Array,
    );
    const parts = splitAtGaps(x, sr, 1000);
    // the short quiet start and the 150 ms pause stay in the first part; the long quiet end goes
    expect(parts.map((p) => p.length)).toEqual([750, 50]);
  });
  it("treats noise under the floor as quiet", () => {
    const sr = 1000;
    const hiss = Float32Array.from({ length: 1500 }, (_x, i) => (i % 2 ? 5e-4 : -5e-4));
    const x = concat([tone(100), hiss, tone(100)], Float32Array);
    expect(splitAtGaps(x, sr, 1000)).toHaveLength(1);
    expect(splitAtGaps(x, sr, 1000, 1e-3)).toHaveLength(2);
  });
  it("gives nothing for silence", () => {
    expect(splitAtGaps(new Float32Array(5000), 1000, 100)).toEqual([]);
  });
});

describe("concat", () => {
  it("joins arrays of one kind", () => {
    expect(
      Array.from(concat([Float64Array.of(1, 2), Float64Array.of(), Float64Array.of(3)], Float64Array)),
    ).toEqual([1, 2, 3]);
  });
});
