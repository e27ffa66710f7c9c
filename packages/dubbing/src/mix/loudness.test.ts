import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../testing/fixtures.ts";
import {
  applyCurve,
  blockPeaks,
  integratedLoudness,
  limit,
  limiterCurve,
  slidingMin,
  truePeakDb,
} from "./loudness.ts";
import { normalizeFile, overshootFix } from "./normalize.ts";

const SR = 48000;

function sine(freq: number, seconds: number, amp: number, channels = 1): Float32Array {
  const n = Math.round(seconds * SR);
  const out = new Float32Array(n * channels);
  for (let i = 0; i < n; i++)
    for (let c = 0; c < channels; c++) out[i * channels + c] = amp * Math.sin((2 * Math.PI * freq * i) / SR);
  return out;
}

/** ffmpeg's own ebur128 measurement of the same PCM, to cross-check ours. */
function ebur128(data: Float32Array, channels: number, dir: string): { I: number; TP: number } {
  const file = join(dir, `x${Math.random()}.f32`);
  writeFileSync(file, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  const log = execFileSync(
    "sh",
    [
      "-c",
      `ffmpeg -hide_banner -nostats -f f32le -ar ${SR} -ac ${channels} -i '${file}' -af ebur128=peak=true -f null - 2>&1`,
    ],
    { encoding: "utf8" },
  );
  const summary = log.slice(log.lastIndexOf("Summary:"));
  return {
    I: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]),
    TP: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]),
  };
}

describe("integratedLoudness", () => {
  const t = tempDir();
  afterAll(t.cleanup);

  it("gives the BS.1770 reference: a 1 kHz sine at −20 dBFS peak reads about −23 LUFS per channel", () => {
    // 1 kHz full-scale sine in one channel reads −3.01 LUFS (K-weighting gain at 1 kHz is ~0 dB)
    const amp = 10 ** (-20 / 20);
    const l = integratedLoudness(sine(1000, 5, amp), 1, SR);
    expect(l).toBeCloseTo(-23.01, 0);
  });

  it("agrees with ffmpeg's ebur128 within 0.2 LU on stereo and mono signals", () => {
    const stereo = sine(440, 6, 0.3, 2);
    const mono = sine(2500, 6, 0.1, 1);
    for (const [d, ch] of [
      [stereo, 2],
      [mono, 1],
    ] as const) {
      const ours = integratedLoudness(d, ch, SR);
      const ref = ebur128(d, ch, t.dir);
      expect(Math.abs(ours - ref.I)).toBeLessThan(0.2);
    }
  });

  it("is -Infinity for silence and for audio shorter than a block", () => {
    expect(integratedLoudness(new Float32Array(SR * 2), 1, SR)).toBe(-Infinity);
    expect(integratedLoudness(sine(1000, 0.3, 0.5), 1, SR)).toBe(-Infinity);
  });
});

describe("truePeakDb", () => {
  it("finds the peak between samples of a sine at fs/4 phase-shifted by 45°", () => {
    // samples land at ±0.7071·A, the true peak is A
    const n = SR;
    const d = new Float32Array(n);
    for (let i = 0; i < n; i++) d[i] = 0.5 * Math.sin((2 * Math.PI * (SR / 4) * i) / SR + Math.PI / 4);
    const sampleDb = 20 * Math.log10(0.5 * Math.SQRT1_2);
    const tp = truePeakDb(d, 1);
    expect(tp).toBeGreaterThan(sampleDb + 2);
    expect(tp).toBeCloseTo(20 * Math.log10(0.5), 0);
  });
  it("is -Infinity for silence", () => {
    expect(truePeakDb(new Float32Array(100), 2)).toBe(-Infinity);
  });
});

describe("limit", () => {
  it("keeps every sample under the ceiling and leaves quiet audio untouched", () => {
    const d = sine(200, 1, 0.2);
    for (let i = 20000; i < 20100; i++) d[i] = 0.95 * Math.sign((d[i] as number) || 1);
    const before = Float32Array.from(d);
    const reduction = limit(d, { channels: 1, sampleRate: SR, ceilingDb: -6 });
    expect(reduction).toBeLessThan(-3);
    const ceil = 10 ** (-6 / 20);
    let max = 0;
    for (const v of d) max = Math.max(max, Math.abs(v));
    expect(max).toBeLessThanOrEqual(ceil + 1e-6);
    // far from the burst the signal is unchanged
    expect(d[1000]).toBe(before[1000]);
    expect(d[45000]).toBe(before[45000]);
  });
  it("returns 0 when nothing passes the ceiling", () => {
    expect(limit(sine(200, 1, 0.1), { channels: 1, sampleRate: SR, ceilingDb: -6 })).toBe(0);
  });
});

describe("limiterCurve / applyCurve", () => {
  // stereo noise with random loud bursts: peaks in every block size and on both channels
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const d = new Float32Array(SR * 3 * 2);
  for (let i = 0; i < d.length; i++) d[i] = (rand() - 0.5) * (rand() < 0.00005 ? 1.8 : 0.4);
  it("keeps every sample under the ceiling with a gain that never jumps", () => {
    const y = Float32Array.from(d);
    const ceiling = 0.3;
    const curve = limiterCurve(blockPeaks(y, 2, 63), { block: 63, sampleRate: SR, ceiling: ceiling });
    applyCurve(y, 2, curve, { gain: 1.5 });
    let max = 0;
    let maxStep = 0;
    let prev = Number.NaN;
    let limited = 0;
    for (let n = 0; n < y.length / 2; n++) {
      for (let c = 0; c < 2; c++) max = Math.max(max, Math.abs(y[2 * n + c] as number));
      const g = d[2 * n] ? (y[2 * n] as number) / (d[2 * n] as number) : prev;
      if (n > 0) maxStep = Math.max(maxStep, Math.abs(g - prev));
      if (g < 1.4) limited++;
      prev = g;
    }
    expect(max).toBeLessThanOrEqual(ceiling * 1.5 + 1e-6);
    expect(limited).toBeGreaterThan(SR / 10);
    expect(limited).toBeLessThan(SR * 3);
    // ramps, no steps: the attack (5 ms = 240 samples) moves the gain at most 1.5 / 240 per sample
    expect(maxStep).toBeLessThan(0.01);
  });
  it("is undone by the inverse", () => {
    const y = Float32Array.from(d);
    const curve = limiterCurve(blockPeaks(y, 2, 63), { block: 63, sampleRate: SR, ceiling: 0.2 });
    applyCurve(y, 2, curve, { gain: 2 });
    applyCurve(y, 2, curve, { gain: 2, inverse: true });
    for (let i = 0; i < d.length; i += 97) expect(y[i]).toBeCloseTo(d[i] as number, 5);
  });
  it("gives the same result window by window as at once, windows on block boundaries or not", () => {
    const curve = limiterCurve(blockPeaks(d, 2, 63), { block: 63, sampleRate: SR, ceiling: 0.2 });
    const whole = Float32Array.from(d);
    applyCurve(whole, 2, curve, { gain: 1.2 });
    for (const size of [63 * 700, 10_001]) {
      const parts = Float32Array.from(d);
      const frames = d.length / 2;
      for (let w = 0; w < frames; w += size)
        applyCurve(parts.subarray(2 * w, 2 * Math.min(frames, w + size)), 2, curve, { gain: 1.2, offset: w });
      expect(parts).toEqual(whole);
    }
  });
});

describe("normalizeFile", () => {
  const t = tempDir();
  afterAll(t.cleanup);
  const file = (d: Float32Array) => {
    const f = join(t.dir, `n${Math.random()}.f32`);
    writeFileSync(f, d);
    return f;
  };
  const read = (f: string) => {
    const b = readFileSync(f);
    return new Float32Array(b.buffer, b.byteOffset, b.length / 4);
  };
  it("brings speech-like audio to −16 LUFS with true peak ≤ −1 dBTP (checked by ffmpeg), over several windows", async () => {
    // 130 s (three 60 s windows) of bursts of a loud, peaky signal with silences: needs both gain and
    // limiting, with peaks on both sides of the windows' joins
    const seconds = 130;
    const d = new Float32Array(SR * seconds * 2);
    for (let i = 0; i < SR * seconds; i++) {
      const on = Math.floor(i / (SR * 0.7)) % 2 === 0 || Math.abs(i - SR * 60) < SR / 10;
      const v = on ? 0.05 * Math.sin((2 * Math.PI * 180 * i) / SR) + (i % 4800 === 0 ? 0.6 : 0) : 0;
      d[2 * i] = v;
      d[2 * i + 1] = v * 0.8;
    }
    const f = file(d);
    const r = await normalizeFile(f, 2, SR);
    expect(Math.abs(r.outputLufs + 16)).toBeLessThan(0.5);
    expect(r.truePeakDb).toBeLessThanOrEqual(-1.5);
    expect(r.limitedDb).toBeLessThan(0);
    const out = read(f);
    expect(out.length).toBe(d.length);
    expect(truePeakDb(out, 2)).toBeCloseTo(r.truePeakDb, 5);
    const ref = ebur128(out, 2, t.dir);
    expect(Math.abs(ref.I + 16)).toBeLessThan(1);
    expect(ref.TP).toBeLessThanOrEqual(-1);
  });
  it("leaves silence alone", async () => {
    const f = file(new Float32Array(SR));
    const r = await normalizeFile(f, 1, SR);
    expect(r.gainDb).toBe(0);
    expect(r.truePeakDb).toBe(-Infinity);
    expect(read(f).every((v) => v === 0)).toBe(true);
  });
});

describe("overshootFix", () => {
  const db = (x: number) => 20 * Math.log10(x);
  it("lowers only around the blocks whose decoded peaks pass 0.5 dB under the limit", () => {
    const peaks = new Float32Array(50).fill(10 ** (-3 / 20));
    peaks[20] = 10 ** (-0.8 / 20);
    const fix = overshootFix(-0.6, -1.05, { peaks: peaks, block: 4410, sampleRate: 44_100 });
    if (typeof fix === "number") throw new Error("expected a curve");
    expect(db(fix.gains[20] as number)).toBeCloseTo(-1.55 + 0.8, 4);
    expect(fix.gains[19]).toBe(fix.gains[20]); // held ±1 block
    expect(fix.gains[21]).toBe(fix.gains[20]);
    expect(fix.gains[17]).toBe(1);
    expect(fix.gains[23]).toBe(1);
    expect(fix.gains.filter((g) => g < 1).length).toBeLessThanOrEqual(5);
  });
  it("lowers everything by the excess and 0.2 dB without block peaks, or when none passes", () => {
    expect(
      db(overshootFix(-0.6, -1.05, { peaks: null, block: 4410, sampleRate: 44_100 }) as number),
    ).toBeCloseTo(-0.65, 6);
    const quiet = new Float32Array(10).fill(10 ** (-3 / 20));
    expect(
      db(overshootFix(-0.9, -1.05, { peaks: quiet, block: 4410, sampleRate: 44_100 }) as number),
    ).toBeCloseTo(-0.35, 6);
  });
});

describe("slidingMin", () => {
  it("takes the minimum over ±w", () => {
    const x = Float32Array.from([5, 3, 8, 1, 9, 9, 9, 2, 7]);
    expect(Array.from(slidingMin(x, 1))).toEqual([3, 3, 1, 1, 1, 9, 2, 2, 2]);
    expect(Array.from(slidingMin(x, 0))).toEqual(Array.from(x));
    expect(Array.from(slidingMin(x, 10))).toEqual(new Array(9).fill(1));
  });
});
