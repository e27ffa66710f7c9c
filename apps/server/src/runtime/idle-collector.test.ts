import { describe, expect, it } from "vitest";
import { IDLE_GROWTH_BYTES, shouldCollect, startIdleCollector } from "./idle-collector.ts";

describe("shouldCollect", () => {
  it("collects only when the loop was idle and the heap has grown enough since the last collection", () => {
    expect(shouldCollect(0.005, 50e6 + IDLE_GROWTH_BYTES, 50e6)).toBe(true);
    expect(shouldCollect(0.05, 50e6 + IDLE_GROWTH_BYTES, 50e6)).toBe(false); // busy
    expect(shouldCollect(0.005, 50e6 + IDLE_GROWTH_BYTES - 1, 50e6)).toBe(false); // little to gain
  });
});

describe("startIdleCollector", () => {
  it("gives back promoted garbage once the process is idle", { timeout: 20_000 }, async () => {
    let heard: ((r: { before: number; after: number }) => void) | null = null;
    const stop = startIdleCollector((before, after) => heard?.({ before, after }), 300);
    // garbage that outlives the young generation: kept across a few macrotasks, then dropped
    let junk: { i: number; s: string }[] | null = Array.from({ length: 300_000 }, (_, i) => ({
      i,
      s: `x${i}`,
    }));
    for (let k = 0; k < 5; k++) await new Promise((r) => setTimeout(r, 10));
    expect(junk.length).toBe(300_000);
    junk = null;
    const { before, after } = await new Promise<{ before: number; after: number }>((r) => {
      heard = r;
    });
    stop();
    expect(before - after).toBeGreaterThan(IDLE_GROWTH_BYTES);
  });
});
