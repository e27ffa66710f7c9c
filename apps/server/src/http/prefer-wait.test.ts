import { describe, expect, it } from "vitest";
import { preferWaitSeconds, waitUntil } from "./prefer-wait.ts";

describe("Prefer: wait", () => {
  it.each([
    [undefined, 0],
    ["", 0],
    ["wait=30", 30],
    ["respond-async, wait=5", 5],
    ["WAIT=7", 7],
    ["handling=lenient; wait=12", 12],
    ["wait=100000", 300],
    ["nowait=3", 0],
    [["return=minimal", "wait=9"], 9],
  ] as const)("%j → %d s", (header, seconds) => {
    expect(preferWaitSeconds(header as string | string[] | undefined)).toBe(seconds);
  });

  it("returns the value as soon as the check gives one, or null when time runs out", async () => {
    let calls = 0;
    expect(await waitUntil(5, async () => (++calls === 3 ? "done" : null), 1)).toBe("done");
    expect(calls).toBe(3);
    expect(await waitUntil(0, async () => null, 1)).toBeNull();
  });
});
