import { describe, expect, it } from "vitest";
import { bestTry, nextRate, onTarget, type RateTry, rateForSpeed, speedAtRate } from "./rate.ts";

const bounds = { minRate: 0.5, maxRate: 2, tolerance: 0.03 };

/** An engine whose clip shrinks less than the rate asks (clip ∝ rate^-0.8), rounded to whole rates of 1/175. */
const inexact = (naturalMs: number) => (rate: number) =>
  Math.round(naturalMs * (Math.round(rate * 175) / 175) ** -0.8);

/** The tries a dub's passes make: the first at `rate`, then at most `passes` corrections. */
function converge(clip: (rate: number) => number, targetMs: number, rate: number, passes: number) {
  const tries: RateTry[] = [{ rate, clipMs: clip(rate) }];
  for (let pass = 0; pass < passes; pass++) {
    const next = nextRate(tries, targetMs, bounds);
    if (next === null) break;
    tries.push({ rate: next, clipMs: clip(next) });
  }
  return tries;
}

describe("onTarget", () => {
  it("keeps a clip from its target to 3 % longer, never a shorter one", () => {
    expect(onTarget(1000, 1000, 0.03)).toBe(true);
    expect(onTarget(1030, 1000, 0.03)).toBe(true);
    expect(onTarget(1031, 1000, 0.03)).toBe(false);
    expect(onTarget(999, 1000, 0.03)).toBe(false);
  });
});

describe("nextRate", () => {
  it("asks a clip that is too long for a faster rate, aiming a little long", () => {
    expect(nextRate([{ rate: 1, clipMs: 1200 }], 1000, bounds)).toBe(1.182);
  });

  it("slows a clip that came out shorter than planned (it would play faster than the plan)", () => {
    expect(nextRate([{ rate: 1.2, clipMs: 900 }], 1000, bounds)).toBeLessThan(1.2);
  });

  it("leaves a clip on target, and stops where no untried rate within the bounds is left", () => {
    expect(nextRate([{ rate: 1, clipMs: 1010 }], 1000, bounds)).toBeNull();
    expect(nextRate([{ rate: 2, clipMs: 1500 }], 1000, bounds)).toBeNull();
    expect(nextRate([{ rate: 1, clipMs: 0 }], 1000, bounds)).toBeNull();
  });

  it("converges on an engine whose length does not follow the rate exactly, within three corrections", () => {
    for (const [natural, target, start] of [
      [2400, 2087, 1],
      [3237, 2815, 0.75], // a voice that follows a slow speaker: the line planned at 1.15x
      [1500, 1500, 1],
      [5000, 3000, 1.1],
    ] as const) {
      const tries = converge(inexact(natural), target, start, 3);
      const last = tries.at(-1) as RateTry;
      expect(onTarget(last.clipMs, target, 0.03), `${natural} → ${target}: ${JSON.stringify(tries)}`).toBe(
        true,
      );
    }
  });
});

describe("a rate curve", () => {
  const curve = [
    [1, 1],
    [1.2, 1.25],
    [1.4, 1.5],
  ] as const;
  it("reads the speed a rate gives and back, linear between points, proportional beyond", () => {
    expect(speedAtRate(curve, 1.1)).toBeCloseTo(1.125, 6);
    expect(rateForSpeed(curve, 1.125)).toBeCloseTo(1.1, 6);
    expect(speedAtRate(curve, 0.5)).toBeCloseTo(0.5, 6);
    expect(speedAtRate(curve, 2.8)).toBeCloseTo(3, 6);
    expect(rateForSpeed(undefined, 1.3)).toBe(1.3);
  });
  it("aims the first correction along the engine's curve, the rate itself without one", () => {
    const bounds = { minRate: 0.5, maxRate: 2, tolerance: 0.03 };
    // 1.25 times faster than rate 1 is rate 1.2 along the curve (the aim 1.5 % long: a little less)
    const along = nextRate([{ rate: 1, clipMs: 1250 * 1.015 }], 1000, { ...bounds, curve });
    expect(along).toBeCloseTo(1.2, 3);
    expect(nextRate([{ rate: 1, clipMs: 1250 * 1.015 }], 1000, bounds)).toBeCloseTo(1.25, 3);
  });
});

describe("bestTry", () => {
  it("keeps the shortest clip up to 10 % longer than its target, else the nearest", () => {
    const t = (clipMs: number) => ({ rate: 1, clipMs });
    expect(bestTry([t(1200), t(1080), t(990), t(1040)], 1000)).toBe(3);
    expect(bestTry([t(1050), t(990)], 1000)).toBe(0);
    expect(bestTry([t(1300), t(980), t(950)], 1000)).toBe(1);
  });
});
