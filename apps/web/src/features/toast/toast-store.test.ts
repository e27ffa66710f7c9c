import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastStore } from "./toast-store.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("toast store", () => {
  it("hides after 5000 ms by default", () => {
    const store = createToastStore();
    store.show("success", "Saved");
    expect(store.current?.message).toBe("Saved");
    vi.advanceTimersByTime(4999);
    expect(store.current).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(store.current).toBeNull();
  });
  it("replaces the old notification and restarts the timer", () => {
    const store = createToastStore();
    const seen: (string | undefined)[] = [];
    store.subscribe((t) => seen.push(t?.message));
    store.show("error", "first");
    vi.advanceTimersByTime(4000);
    store.show("warning", "second");
    expect(store.current).toMatchObject({ kind: "warning", message: "second" });
    vi.advanceTimersByTime(4000);
    expect(store.current?.message).toBe("second");
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(["first", "second", undefined]);
  });
  it("closes on demand", () => {
    const store = createToastStore();
    store.show("success", "x", 100_000);
    store.hide();
    expect(store.current).toBeNull();
  });
});
