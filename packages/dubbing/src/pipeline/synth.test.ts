import { describe, expect, it } from "vitest";
import { MAX_BATCH, planBatches } from "./synth.ts";

describe("planBatches", () => {
  it("splits a voice's lines into two runs per core of similar text length, in order", () => {
    const len = [10, 10, 10, 10, 40, 10, 10];
    expect(planBatches([6, 5, 4, 3, 2, 1, 0], (i) => len[i]!, 1)).toEqual([
      [0, 1, 2, 3, 4],
      [5, 6],
    ]);
    expect(planBatches([0], () => 5, 2)).toEqual([[0]]);
  });

  it("never puts more than about MAX_BATCH lines in one run of a long transcript", () => {
    const idx = Array.from({ length: 5000 }, (_, i) => i);
    const batches = planBatches(idx, () => 12, 2);
    expect(batches.flat()).toEqual(idx);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(MAX_BATCH + 1);
    expect(batches.length).toBeGreaterThanOrEqual(Math.ceil(5000 / MAX_BATCH));
  });
});
