import { describe, expect, it } from "vitest";
import { formatBytes, isPreparing } from "./api.ts";

describe("account helpers", () => {
  it("says sizes as people read them", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1234)).toBe("1.2 KB");
    expect(formatBytes(50 * 1024)).toBe("50 KB");
    expect(formatBytes(3.5 * 1024 ** 3)).toBe("3.5 GB");
  });

  it("polls only while an export is being made", () => {
    expect(isPreparing(null)).toBe(false);
    const base = { id: "e", message: null, sizeBytes: null, createdAt: "", finishedAt: null, url: null };
    expect(isPreparing({ ...base, status: "running" })).toBe(true);
    expect(isPreparing({ ...base, status: "ready" })).toBe(false);
  });
});
