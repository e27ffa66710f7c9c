import { describe, expect, it } from "vitest";
import { IDLE_GROWTH_BYTES, idleLook, startIdleCollector } from "./idle-collector.ts";

const MB = 1e6;

describe("idleLook", () => {
  it("collects only when the loop was idle and the heap has grown enough since its lowest", () => {
    expect(idleLook(50 * MB, 0.005, 50 * MB + IDLE_GROWTH_BYTES).collect).toBe(true);
    expect(idleLook(50 * MB, 0.05, 50 * MB + IDLE_GROWTH_BYTES).collect).toBe(false); // busy
    expect(idleLook(50 * MB, 0.005, 50 * MB + IDLE_GROWTH_BYTES - 1).collect).toBe(false); // little to gain
  });

  it("counts the growth from the lowest heap seen, not from a start-up high", () => {
    let look = idleLook(60 * MB, 0.005, 45 * MB); // V8 collected start-up's garbage by itself
    expect(look).toEqual({ low: 45 * MB, collect: false });
    look = idleLook(look.low, 0.005, 45 * MB + IDLE_GROWTH_BYTES); // idle timers' garbage since
    expect(look.collect).toBe(true);
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
