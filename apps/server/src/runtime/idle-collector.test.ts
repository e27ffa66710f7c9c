import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { IDLE_GROWTH_BYTES, shouldCollect, startIdleCollector } from "./idle-collector.ts";

describe("shouldCollect", () => {
  it("collects only when the loop was idle and the heap has grown enough since its lowest", () => {
    expect(shouldCollect(0.005, 50e6 + IDLE_GROWTH_BYTES, 50e6)).toBe(true);
    expect(shouldCollect(0.05, 50e6 + IDLE_GROWTH_BYTES, 50e6)).toBe(false); // busy
    expect(shouldCollect(0.005, 50e6 + IDLE_GROWTH_BYTES - 1, 50e6)).toBe(false); // little to gain
  });
});

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Objects that outlive the young generation (kept across a few macrotasks), for the caller to drop. */
async function promoted(length: number): Promise<{ i: number; s: string }[]> {
  const junk = Array.from({ length }, (_, i) => ({ i, s: `x${i}` }));
  for (let k = 0; k < 5; k++) await tick(10);
  return junk;
}

describe("startIdleCollector", () => {
  it("gives back promoted garbage once the process is idle", { timeout: 20_000 }, async () => {
    // the collector starts while the heap is at a start-up high that V8 then collects by itself (more
    // than the garbage made later):
    // growth is counted from the lowest heap seen, not from the start
    let startUp: unknown[] | null = await promoted(1_000_000);
    let heard: ((r: { before: number; after: number }) => void) | null = null;
    const stop = startIdleCollector((before, after) => heard?.({ before, after }), 300);
    expect(startUp.length).toBe(1_000_000);
    startUp = null;
    v8.setFlagsFromString("--expose-gc");
    (vm.runInNewContext("gc") as () => void)();
    await tick(800);
    let junk: unknown[] | null = await promoted(100_000);
    expect(junk.length).toBe(100_000);
    junk = null;
    const { before, after } = await new Promise<{ before: number; after: number }>((r) => {
      heard = r;
    });
    stop();
    expect(before - after).toBeGreaterThan(IDLE_GROWTH_BYTES);
  });
});
