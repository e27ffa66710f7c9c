import { describe, expect, it } from "vitest";
import {
  type PlanLine,
  planTiming,
  planTotals,
  shiftCues,
  shiftTime,
  smoothSpeeds,
  waitsOf,
  windowEnds,
} from "./plan.ts";

const line = (start: number, end: number, naturalMs: number | null, speaker = "A"): PlanLine => ({
  start,
  end,
  speaker,
  naturalMs,
});

describe("planTiming, keep-length", () => {
  it("plays a line that fits at its natural pace and pads it, never slower", () => {
    const [p] = planTiming([line(1000, 3000, 1500)], 10_000);
    expect(p).toMatchObject({ start: 1000, end: 2500, speed: 1, borrowedMs: 0, waitMs: 0, tooLong: false });
  });

  it("borrows the silence before the next line, keeping the gap", () => {
    const [p] = planTiming([line(0, 2000, 2500), line(3000, 4000, 800)], 10_000);
    expect(p).toMatchObject({ end: 2500, speed: 1, borrowedMs: 500 });
  });

  it("speeds a line up to the cap, then marks it too long and starts the next one late, never overlapping", () => {
    const plan = planTiming(
      [line(0, 1000, 2000), line(1100, 3000, 1000, "B"), line(5000, 6000, 500, "B")],
      10_000,
    );
    expect(plan[0]).toMatchObject({ speed: 1.25, end: 1600, tooLong: true });
    expect(plan[1]).toMatchObject({ start: 1700, delayMs: 600 });
    expect(plan[1]!.start).toBeGreaterThanOrEqual(plan[0]!.end + 100);
    // the pause absorbed the delay
    expect(plan[2]).toMatchObject({ start: 5000, delayMs: 0 });
  });

  it("takes a raised cap", () => {
    const [p] = planTiming([line(0, 1000, 1400), line(1100, 2000, 500)], 10_000, { maxSpeed: 1.5 });
    expect(p).toMatchObject({ speed: 1.4, tooLong: false });
  });

  it("keeps nothing for an empty line", () => {
    expect(planTiming([line(0, 1000, null)], 5000)).toEqual([null]);
  });
});

describe("planTiming, picture-waits", () => {
  it("lets the picture hold for a line that needs more than 1.15x, the line playing at 1.1x", () => {
    const plan = planTiming([line(0, 1000, 2310), line(1100, 2000, 500)], 10_000, { mode: "picture-waits" });
    expect(plan[0]).toMatchObject({ speed: 1.1, end: 2100, waitMs: 1100, tooLong: false, delayMs: 0 });
    expect(plan[1]).toMatchObject({ start: 1100, waitMs: 0 });
    const waits = waitsOf(plan);
    expect(waits).toEqual([{ at: 1000, ms: 1100 }]);
    // on the output's timeline the second line starts after the first ends, with the gap
    expect(shiftTime(1100, waits)).toBe(2200);
    expect(shiftTime(1000, waits)).toBe(1000);
  });

  it("speeds a line that needs at most 1.15x up without a wait", () => {
    const plan = planTiming([line(0, 1000, 1120), line(1100, 2000, 500, "B")], 10_000, {
      mode: "picture-waits",
    });
    expect(plan[0]).toMatchObject({ speed: 1.12, end: 1000, waitMs: 0 });
  });

  it("waits at the end of the media for a last line that runs past it", () => {
    const plan = planTiming([line(9000, 9800, 1650)], 10_000, { mode: "picture-waits" });
    expect(plan[0]!.waitMs).toBe(1500 - 1000);
    expect(waitsOf(plan)).toEqual([{ at: 10_000, ms: 500 }]);
  });
});

describe("smoothSpeeds", () => {
  it("raises the slower of two neighbouring lines of one speaker to within the step", () => {
    const lines = [line(0, 1000, 1), line(1200, 2000, 1), line(2100, 3000, 1)];
    const speeds = [1, 1.25, 1];
    smoothSpeeds(lines, speeds, { maxStep: 0.1, neighbourMs: 1500, cap: 1.25 });
    expect(speeds).toEqual([1.15, 1.25, 1.15]);
  });

  it("leaves other speakers and distant lines alone", () => {
    const lines = [line(0, 1000, 1, "A"), line(1200, 2000, 1, "B"), line(9000, 9500, 1, "B")];
    const speeds = [1, 1.25, 1];
    smoothSpeeds(lines, speeds, { maxStep: 0.1, neighbourMs: 1500, cap: 1.25 });
    expect(speeds).toEqual([1, 1.25, 1]);
  });

  it("settles a chain in both directions", () => {
    const lines = [0, 1, 2, 3].map((k) => line(k * 1000, k * 1000 + 900, 1));
    const speeds = [1, 1, 1, 1.3];
    smoothSpeeds(lines, speeds, { maxStep: 0.1, neighbourMs: 1500, cap: 1.3 });
    expect(speeds.map((s) => Math.round(s * 100) / 100)).toEqual([1, 1.1, 1.2, 1.3]);
  });
});

describe("windowEnds", () => {
  it("ends a window at the next start less the gap, or the media end; overlapping lines keep their slot", () => {
    expect(
      windowEnds(
        [
          { start: 0, end: 500 },
          { start: 1000, end: 2000 },
        ],
        3000,
        100,
      ),
    ).toEqual([900, 3000]);
    expect(
      windowEnds(
        [
          { start: 0, end: 1500 },
          { start: 1000, end: 2000 },
        ],
        3000,
        100,
      ),
    ).toEqual([900, 3000]);
    expect(
      windowEnds(
        [
          { start: 0, end: 1500 },
          { start: 50, end: 2000 },
        ],
        3000,
        100,
      ),
    ).toEqual([1500, 3000]);
  });
});

describe("planTotals", () => {
  it("counts the share at most 1.1x, the fastest line and the time added", () => {
    const plan = planTiming([line(0, 1000, 2310), line(1100, 2000, 500), line(3000, 3900, 1120, "B")], 4000, {
      mode: "picture-waits",
    });
    expect(planTotals(plan)).toMatchObject({ lines: 3, atMost1_1: 0.667, fastest: 1.12, waitedMs: 1100 });
  });
});

describe("shiftCues", () => {
  it("moves cues past each hold and keeps the line before a hold on screen through it", () => {
    const cues = [
      { start: 0, end: 1000, text: "a" },
      { start: 1100, end: 2000, text: "b" },
    ];
    expect(shiftCues(cues, [{ at: 1000, ms: 500 }])).toEqual([
      { start: 0, end: 1500, text: "a" },
      { start: 1600, end: 2500, text: "b" },
    ]);
    expect(shiftCues(cues, [])).toEqual(cues);
  });
});

describe("planTiming, a line the picture waits for in keep-length", () => {
  it("holds the picture for that line alone: no faster than waitAbove, not too long, the next line on time", () => {
    const lines = [{ ...line(0, 1000, 2310), wait: true }, line(1100, 2000, 500)];
    const plan = planTiming(lines, 10_000);
    expect(plan[0]).toMatchObject({ start: 0, speed: 1.1, waitMs: 1100, tooLong: false, delayMs: 0 });
    expect(plan[1]).toMatchObject({ start: 1100, delayMs: 0, waitMs: 0 });
    expect(waitsOf(plan)).toEqual([{ at: 1000, ms: 1100 }]);
    // unmarked, the same line is too long at the keep-length cap and delays the next
    const plain = planTiming([line(0, 1000, 2310), line(1100, 2000, 500)], 10_000);
    expect(plain[0]).toMatchObject({ tooLong: true, waitMs: 0 });
    expect(plain[1]?.delayMs).toBeGreaterThan(0);
  });
});
