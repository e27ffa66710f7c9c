import { describe, expect, it } from "vitest";
import type { PlannedSegment } from "../../doc.ts";
import { fakeVoice } from "../../testing/fake-tts.ts";
import { FIT_DEFAULTS, fitClip } from "../../timing/fit.ts";
import { PLAN_DEFAULTS, planTiming } from "../../timing/plan.ts";
import { buildReport, segmentReport } from "./report.ts";

const seg = (index: number, start: number, end: number): PlannedSegment => ({
  index,
  speaker: "a",
  text: `line ${index}`,
  start,
  end,
});
const synth = (clipMs: number, naturalMs = clipMs, cached = false) => ({
  key: "k",
  clipMs,
  naturalMs,
  paceMs: naturalMs,
  rate: 1,
  cached,
});

describe("segmentReport", () => {
  it("reports the speed against the natural clip and the borrowed silence", () => {
    const f = fitClip({ start: 0, end: 1000, clipMs: 1200, nextStart: 2000, mediaEnd: 5000 });
    const r = segmentReport(seg(0, 0, 1000), {
      ...{ synth: synth(1200, 1300), fit: f },
      placed: { start: 0, end: 1200 },
    });
    expect(r.speed).toBe(1.083);
    expect(r.borrowedMs).toBe(200);
    expect(r.empty).toBe(false);
  });
  it("marks a segment without a clip empty", () => {
    const r = segmentReport(seg(1, 0, 1000), { synth: null, fit: null, placed: null });
    expect(r).toMatchObject({ empty: true, naturalMs: null, clipMs: null, speed: 1, placed: null });
  });
});

describe("buildReport", () => {
  it("counts the totals and names the voices", () => {
    const segments = [seg(0, 0, 1000), seg(1, 1000, 2000), seg(2, 2000, 3000)];
    const s = [synth(900, 900, true), null, synth(1500)];
    const fits = [
      fitClip({ start: 0, end: 1000, clipMs: 900, nextStart: 1000, mediaEnd: 3000 }),
      null,
      fitClip({ start: 2000, end: 3000, clipMs: 1500, nextStart: null, mediaEnd: 3000 }),
    ];
    const loudness = { inputLufs: -20, outputLufs: -16, truePeakDb: -1.6, gainDb: 4, limitedDb: 0 };
    const encoded = { lufs: -16, truePeakDb: -1.5, coder: "fast", attempts: 1, lowered: [] };
    const rep = buildReport({
      ...{ video: "v.mp4", output: "o.mp4", language: "es", durationMs: 3000, channels: 2 },
      ...{ background: "duck", duckDb: 18, fit: FIT_DEFAULTS, voices: new Map([["a", fakeVoice()]]) },
      ...{ loudness, encoded, segments, synth: s, fits, warnings: ["w"], timings: { tts: 1 } },
      ...{ timing: PLAN_DEFAULTS, waits: [{ at: 3000, ms: 250 }], sourceDurationMs: 3000 },
      plan: planTiming(
        segments.map((g, i) => ({ ...g, naturalMs: s[i]?.naturalMs ?? null })),
        3000,
      ),
      placed: [{ start: 0, end: 900 }, null, { start: 2000, end: 3000 }],
    });
    expect(rep.voices).toEqual({ a: { engine: "fake", voice: "tone", catalogVoice: undefined } });
    expect(rep.totals).toMatchObject({
      segments: 3,
      dubbed: 2,
      empty: 1,
      stretched: 1,
      tooLong: 1,
      cached: 1,
    });
    expect(rep.totals.maxSpeed).toBe(1.5);
    expect(rep.totals.atMost1_3).toBe(0.5);
    expect(rep.loudness.encoded.attempts).toBe(1);
    expect(rep.timing).toMatchObject({
      mode: "keep-length",
      addedMs: 250,
      totals: { lines: 2, fastest: 1.25 },
    });
    expect("translation" in rep).toBe(false);
  });
});
