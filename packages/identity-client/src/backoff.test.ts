// @vitest-environment node
import { describe, expect, it } from "vitest";
import { backoffDelay, jitter } from "./backoff.ts";

// random() = 0.5 gives a jitter of exactly 0: floor(0.5 * 351) - 175 = 0.
const noJitter = () => 0.5;

describe("backoffDelay (2000 ms × 2^attempt, attempt capped at 7, ±175 ms)", () => {
  it("doubles from 2000 ms per attempt", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((a) => backoffDelay(a, noJitter))).toEqual([
      2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000,
    ]);
  });

  it("caps the attempt at 7 (256 s)", () => {
    expect(backoffDelay(8, noJitter)).toBe(256000);
    expect(backoffDelay(50, noJitter)).toBe(256000);
  });

  it("adds the jitter to the delay", () => {
    expect(backoffDelay(1, () => 0)).toBe(4000 - 175);
    expect(backoffDelay(1, () => 0.999999)).toBe(4000 + 175);
  });
});

describe("jitter", () => {
  it("reaches both bounds, -175 and +175", () => {
    expect(jitter(() => 0)).toBe(-175);
    expect(jitter(() => 0.9999999)).toBe(175);
    expect(jitter(() => 1)).toBe(175); // clamped: never beyond the bound
  });

  it("stays within ±175 ms and is a whole number for any random value", () => {
    for (let i = 0; i <= 1000; i++) {
      const j = jitter(() => i / 1000);
      expect(Number.isInteger(j)).toBe(true);
      expect(j).toBeGreaterThanOrEqual(-175);
      expect(j).toBeLessThanOrEqual(175);
    }
  });

  it("uses Math.random by default and stays in bounds", () => {
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(3);
      expect(d).toBeGreaterThanOrEqual(16000 - 175);
      expect(d).toBeLessThanOrEqual(16000 + 175);
    }
  });
});
