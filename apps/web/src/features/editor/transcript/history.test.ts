import { describe, expect, it } from "vitest";
import { COALESCE_MS, HISTORY_LIMIT, record, redo, startHistory, undo } from "./history.ts";

describe("undo history", () => {
  it("undoes and redoes every step; a new edit drops what could be redone", () => {
    let h = startHistory("a");
    h = record(h, "ab", null, 0);
    h = record(h, "abc", null, 1);
    h = undo(h);
    expect(h.present).toBe("ab");
    h = undo(h);
    expect(h.present).toBe("a");
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe("ab");
    h = record(h, "abX", null, 2);
    expect(redo(h)).toBe(h);
    expect(undo(h).present).toBe("ab");
  });

  it("makes typing into one field one step, and a pause or another field a new one", () => {
    let h = startHistory("");
    h = record(h, "h", "text:0", 0);
    h = record(h, "he", "text:0", 100);
    h = record(h, "hel", "text:0", 200);
    expect(undo(h).present).toBe("");
    h = record(h, "hell", "text:0", 200 + COALESCE_MS + 1);
    expect(undo(h).present).toBe("hel");
    h = record(h, "hell!", "text:1", 200 + COALESCE_MS + 2);
    expect(undo(h).present).toBe("hell");
  });

  it("keeps a bounded number of steps", () => {
    let h = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 50; i++) h = record(h, i, null, i);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(50);
  });
});
