import { afterAll, describe, expect, it } from "vitest";
import type { PlannedSegment } from "../../doc.ts";
import { fakeTtsEngine, fakeVoice } from "../../testing/fake-tts.ts";
import { tempDir } from "../../testing/fixtures.ts";
import { FIT_DEFAULTS } from "../../timing/fit.ts";
import { rateCorrections, synthesizeSegments, ttsPlan } from "./synthesize.ts";

const t = tempDir("dub-synth-");
afterAll(t.cleanup);
const seg = (i: number, text: string, start: number, end: number, speaker = "a"): PlannedSegment => ({
  index: i,
  speaker,
  text,
  start,
  end,
});

describe("ttsPlan", () => {
  it("skips empty lines and speakers without a voice, and caps the rate by the engine", () => {
    const voices = new Map([["a", fakeVoice()]]);
    const plan = ttsPlan(
      [seg(0, "  hello \n there ", 0, 1000), seg(1, " ", 1000, 2000), seg(2, "x", 0, 9, "b")],
      voices,
      {
        ...FIT_DEFAULTS,
        maxRate: 3,
      },
    );
    expect(plan[0]?.job.text).toBe("hello there");
    expect(plan[0]?.rateBounds?.maxRate).toBe(2);
    expect(plan[1]).toBeNull();
    expect(plan[2]).toBeNull();
  });
});

describe("rateCorrections", () => {
  const item = (clipMs: number, targetMs: number, rate = 1) => {
    const [x] = ttsPlan([seg(0, "hi", 0, targetMs)], new Map([["a", fakeVoice()]]), FIT_DEFAULTS);
    if (!x) throw new Error("no plan");
    x.job.rate = rate;
    x.tries.push({ rate, clipMs });
    return x;
  };
  it("speeds up a long clip and slows a short one, and keeps one on target", () => {
    const long = item(1200, 1000);
    const short = item(800, 1000);
    const fits = item(1010, 1000);
    expect(rateCorrections([long, short, fits])).toEqual([long, short]);
    expect(long.job.rate).toBe(1.182);
    expect(short.job.rate).toBe(0.9);
  });
  it("slows a clip again that a correction made shorter than its target", () => {
    const over = item(950, 1000, 1.1);
    over.tries.unshift({ rate: 1, clipMs: 1150 });
    expect(rateCorrections([over])).toEqual([over]);
    expect(over.job.rate).toBeLessThan(1.1);
  });
  it("keeps the bounds relative to a voice that follows its speaker's slower pace", () => {
    const voice = { ...fakeVoice(), style: { rate: 0.75, shift: 0, range: 100, pitch: 0 } };
    const [x] = ttsPlan([seg(0, "hi", 0, 1000)], new Map([["a", voice]]), FIT_DEFAULTS);
    expect(x?.rateBounds?.minRate).toBeCloseTo(0.675);
    expect(x?.rateBounds?.maxRate).toBeCloseTo(0.975);
  });
});

describe("synthesizeSegments", () => {
  it("synthesizes at the normal rate, corrects the rate to the slot, and caches the clips", async () => {
    const calls: { text: string; rate: number }[] = [];
    const voices = new Map([["a", fakeVoice(fakeTtsEngine(calls))]]);
    // "abcdefghij": 600 ms at rate 1 in a 500 ms slot → re-synthesized faster
    const segments = [seg(0, "abcdefghij", 0, 500), seg(1, "", 600, 900)];
    const progress: number[] = [];
    const input = { clipDir: t.dir, language: "en", segments, voices, fit: FIT_DEFAULTS, concurrency: 2 };
    const out = await synthesizeSegments({ ...input, onProgress: (f) => progress.push(f) });
    expect(out[1]).toBeNull();
    expect(out[0]?.naturalMs).toBe(600);
    // aimed a little long: the timeline's atempo shortens the rest
    expect(out[0]?.rate).toBe(1.182);
    expect(out[0]?.clipMs).toBe(508);
    expect(out[0]?.cached).toBe(false);
    expect(calls.map((c) => c.rate)).toEqual([1, 1.182]);
    expect(progress.at(-1)).toBe(1);
    const again = await synthesizeSegments(input);
    expect(again[0]?.cached).toBe(true);
    expect(calls).toHaveLength(2);
    // "Regenerate this line": synthesized again although cached, and only that line.
    const two = [seg(0, "abcdefghij", 0, 500), seg(1, "klm", 600, 1600)];
    await synthesizeSegments({ ...input, segments: two });
    const before = calls.length;
    const redone = await synthesizeSegments({ ...input, segments: two, regenerate: new Set([1]) });
    expect(redone.map((r) => r?.cached)).toEqual([true, false]);
    expect(new Set(calls.slice(before).map((c) => c.text))).toEqual(new Set(["klm"]));
  });

  it("corrects a clip an engine made shorter than asked back to its planned length, never faster", async () => {
    // an engine that shortens a clip more than the rate says (length ∝ rate^-1.3)
    const calls: { text: string; rate: number }[] = [];
    const voices = new Map([["a", fakeVoice(fakeTtsEngine(calls, 1.3))]]);
    const segments = [seg(0, "abcdefghij", 0, 400)]; // 600 ms at rate 1
    const out = await synthesizeSegments({
      ...{ clipDir: t.dir, language: "en", segments, voices, fit: FIT_DEFAULTS, concurrency: 1 },
      lengthsFor: () => [500], // the plan: 1.2x
    });
    const clipMs = out[0]?.clipMs ?? 0;
    expect(clipMs).toBeGreaterThanOrEqual(500);
    expect(clipMs).toBeLessThanOrEqual(515);
    expect(calls.length).toBeLessThanOrEqual(4);
  });
});
