import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LIBRIVOX_DIR } from "../testing/fixtures.ts";
import { speechRegions } from "./features.ts";
import { measureProsody, pitchStats, semitones, syllableNuclei } from "./prosody.ts";
import { parseWav, toMono } from "./wav.ts";

const SR = 16000;

/** A voiced sound whose pitch moves from f0a to f0b (geometrically) over its length, 8 harmonics. */
function glide(f0a: number, f0b: number, seconds: number, amp = 0.3): Float32Array {
  const n = Math.round(SR * seconds);
  const out = new Float32Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const f0 = f0a * (f0b / f0a) ** (i / n);
    phase += (2 * Math.PI * f0) / SR;
    let v = 0;
    for (let h = 1; h <= 8; h++) v += Math.sin(h * phase) / h;
    out[i] = amp * 0.5 * v;
  }
  return out;
}

/** `rate` voiced bursts a second (syllable-like: a raised-cosine swell with a 90% dip between). */
function syllables(rate: number, seconds: number, f0 = 140): Float32Array {
  const x = glide(f0, f0, seconds);
  for (let i = 0; i < x.length; i++) {
    const env = 0.55 - 0.45 * Math.cos(2 * Math.PI * rate * (i / SR));
    x[i] = (x[i] as number) * env;
  }
  return x;
}

const whole = (x: Float32Array) => [{ start: 0, end: Math.round((x.length / SR) * 1000) }];

describe("pitchStats", () => {
  it("takes the median and the 10–90 % range in semitones, without octave errors", () => {
    const track = [100, 100, 110, 120, 100, 105, 95, 90, 100, 240, 50];
    const s = pitchStats(track);
    expect(s.pitchHz).toBe(100);
    expect(s.rangeSt).toBeGreaterThan(0);
    // the 240 and 50 Hz frames (octave errors) do not widen the range
    expect(s.rangeSt).toBeLessThan(semitones(90, 120) + 0.01);
    expect(pitchStats([])).toEqual({ pitchHz: 0, rangeSt: 0 });
  });
});

describe("measureProsody on synthetic speech", () => {
  it("finds the pitch of a steady tone, with no range", () => {
    for (const f0 of [85, 140, 230]) {
      const x = glide(f0, f0, 1.5);
      const m = measureProsody(x, SR, whole(x));
      expect(Math.abs(semitones(f0, m.pitchHz))).toBeLessThan(0.5);
      expect(m.rangeSt).toBeLessThan(0.5);
    }
  });
  it("finds the range of a glide: an octave's glide spans 80 % of 12 semitones between p10 and p90", () => {
    const x = glide(100, 200, 3);
    const m = measureProsody(x, SR, whole(x));
    expect(m.rangeSt).toBeGreaterThan(9.6 - 1);
    expect(m.rangeSt).toBeLessThan(9.6 + 1);
    expect(Math.abs(semitones(Math.SQRT2 * 100, m.pitchHz))).toBeLessThan(0.7);
  });
  it("counts syllable-like bursts: the rate in syllables per second", () => {
    for (const rate of [3, 4.5, 6]) {
      const x = syllables(rate, 4);
      const m = measureProsody(x, SR, whole(x));
      expect(Math.abs(m.syllablesPerSec - rate)).toBeLessThan(0.3);
    }
  });
  it("counts no syllables in an unvoiced or steady sound, and zeros for silence", () => {
    let s = 1;
    const noise = Float32Array.from({ length: SR * 2 }, (_, i) => {
      s = (s * 16807) % 2147483647;
      return 0.3 * ((s / 2147483647) * 2 - 1) * (0.55 - 0.45 * Math.cos(2 * Math.PI * 4 * (i / SR)));
    });
    expect(syllableNuclei(noise, SR, whole(noise))).toBe(0);
    const steady = glide(140, 140, 2);
    expect(syllableNuclei(steady, SR, whole(steady))).toBeLessThanOrEqual(1);
    const m = measureProsody(new Float32Array(SR), SR, []);
    expect(m).toMatchObject({ pitchHz: 0, syllablesPerSec: 0, speechMs: 0 });
  });
});

describe("measureProsody on recorded speech (LibriVox, pocketsphinx-testdata)", () => {
  /** Syllables of English words by vowel groups (a silent final e dropped): the transcript's count. */
  const textSyllables = (t: string) =>
    t
      .split(/\s+/)
      .filter(Boolean)
      .reduce((n, w) => n + Math.max(1, (w.replace(/e$/, "").match(/[aeiouy]+/g) ?? []).length), 0);
  const lines = readFileSync(join(LIBRIVOX_DIR, "transcription"), "utf8").trim().split("\n");

  it("a male reader: pitch in a man's range, rate within 20 % of the transcript's syllables", () => {
    let nuclei = 0;
    let truth = 0;
    let speechMs = 0;
    const pitches: number[] = [];
    for (const line of lines) {
      const m = /<s> (.*) <\/s> \((.*)\)/.exec(line);
      if (!m) continue;
      const file = readdirSync(LIBRIVOX_DIR).find((f) => f === `${m[2]}.wav`);
      expect(file).toBeDefined();
      const pcm = parseWav(readFileSync(join(LIBRIVOX_DIR, file as string)));
      const x = toMono(pcm);
      const p = measureProsody(x, pcm.sampleRate, speechRegions(x, pcm.sampleRate));
      nuclei += (p.syllablesPerSec * p.speechMs) / 1000;
      speechMs += p.speechMs;
      truth += textSyllables(m[1] as string);
      pitches.push(p.pitchHz);
    }
    expect(pitches).toHaveLength(5);
    for (const p of pitches) expect(p).toBeGreaterThan(70);
    for (const p of pitches) expect(p).toBeLessThan(130);
    const measured = nuclei / (speechMs / 1000);
    const expected = truth / (speechMs / 1000);
    expect(measured / expected).toBeGreaterThan(0.8);
    expect(measured / expected).toBeLessThan(1.2);
  });
});
