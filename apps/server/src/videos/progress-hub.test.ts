import { afterEach, describe, expect, it, vi } from "vitest";
import { RECHECK_SPACING_MS, UserStreams } from "./progress-hub.ts";

describe("UserStreams.recheckAll", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("checks every stream at once, and a burst of calls after that once more, not once each", () => {
    vi.useFakeTimers();
    const streams = new UserStreams(5);
    const checked: string[] = [];
    streams.add(
      "ann",
      () => {},
      () => checked.push("ann"),
    );
    streams.add(
      "bob",
      () => {},
      () => checked.push("bob"),
    );

    streams.recheckAll();
    expect(checked).toEqual(["ann", "bob"]);
    for (let i = 0; i < 50; i++) streams.recheckAll();
    expect(checked).toHaveLength(2);
    vi.advanceTimersByTime(RECHECK_SPACING_MS);
    expect(checked).toEqual(["ann", "bob", "ann", "bob"]);
    vi.advanceTimersByTime(10 * RECHECK_SPACING_MS);
    expect(checked).toHaveLength(4);
    // quiet again: the next call is answered at once
    streams.recheckAll();
    expect(checked).toHaveLength(6);
  });
});
