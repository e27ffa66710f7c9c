import { describe, expect, it } from "vitest";
import { translateInOrder } from "./translate-queue.ts";

describe("translateInOrder", () => {
  it("sends one language at a time, in order", async () => {
    const log: string[] = [];
    let inFlight = 0;
    const result = await translateInOrder(["es", "fr", "de"], async (l) => {
      inFlight++;
      expect(inFlight).toBe(1);
      log.push(`start ${l}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`end ${l}`);
      inFlight--;
    });
    expect(log).toEqual(["start es", "end es", "start fr", "end fr", "start de", "end de"]);
    expect(result).toEqual({ done: ["es", "fr", "de"], failed: null });
  });
  it("stops at the first failure", async () => {
    const result = await translateInOrder(["es", "fr", "de"], async (l) => {
      if (l === "fr") throw new Error("no engine");
    });
    expect(result.done).toEqual(["es"]);
    expect(result.failed?.language).toBe("fr");
  });
});
