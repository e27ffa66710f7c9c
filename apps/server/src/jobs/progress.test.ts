import { describe, expect, it } from "vitest";
import { progressWriter } from "./progress.ts";

describe("progressWriter", () => {
  it("writes in order, one at a time, and close() waits for the queued writes", async () => {
    const written: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    let clock = 0;
    const progress = progressWriter(
      async (percent, message) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        // Earlier writes are slower: without a queue they would land after the later ones.
        await new Promise((r) => setTimeout(r, 30 - written.length * 10));
        written.push(`${percent} ${message}`);
        inFlight -= 1;
      },
      400,
      () => clock,
    );
    progress.report(10.4, "Extracting");
    clock += 500;
    progress.report(50, "Extracting");
    progress.report(60, "Recognising");
    await progress.close();
    written.push("final");
    progress.report(70, "Recognising");
    await progress.close();
    expect(written).toEqual(["10 Extracting", "50 Extracting", "60 Recognising", "final"]);
    expect(maxInFlight).toBe(1);
  });

  it("skips a repeat of the same message within the interval but never a new message or 100 %", async () => {
    const written: number[] = [];
    let clock = 0;
    const progress = progressWriter(
      async (percent) => void written.push(percent),
      400,
      () => clock,
    );
    progress.report(1, "a");
    clock += 100;
    progress.report(2, "a");
    progress.report(100, "a");
    clock += 400;
    progress.report(3, "a");
    await progress.close();
    expect(written).toEqual([1, 100, 3]);
  });

  it("keeps going after a failed write", async () => {
    const written: number[] = [];
    const progress = progressWriter(async (percent) => {
      if (percent === 1) throw new Error("database away");
      written.push(percent);
    });
    progress.report(1, "a");
    progress.report(2, "b");
    await progress.close();
    expect(written).toEqual([2]);
  });
});
