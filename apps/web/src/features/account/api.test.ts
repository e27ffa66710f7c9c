import { describe, expect, it } from "vitest";
import { isPreparing } from "./api.ts";

describe("account helpers", () => {
  it("polls only while an export is being made", () => {
    expect(isPreparing(null)).toBe(false);
    const base = { id: "e", message: null, sizeBytes: null, createdAt: "", finishedAt: null, url: null };
    expect(isPreparing({ ...base, status: "running" })).toBe(true);
    expect(isPreparing({ ...base, status: "ready" })).toBe(false);
  });
});
