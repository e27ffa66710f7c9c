import { describe, expect, it } from "vitest";
import { linesToReview, reviewSummary } from "./report-card.ts";

const line = (index: number, status: "ok" | "warn" | "fail", reviewed = false) => ({
  index,
  status,
  checks: [],
  reviewed,
});

describe("the report card in the editor", () => {
  it("lists the failed lines, then the warnings, the reviewed ones last", () => {
    const report = {
      lines: [line(0, "warn"), line(1, "ok"), line(2, "fail", true), line(3, "fail"), line(4, "warn")],
    };
    expect(linesToReview(report as never).map((l) => l.index)).toEqual([3, 0, 4, 2]);
  });
  it("says how many lines need a look", () => {
    expect(reviewSummary({ summary: { ok: 5, warn: 2, fail: 1, reviewed: 0 } } as never)).toBe(
      "3 lines need a look",
    );
    expect(reviewSummary({ summary: { ok: 5, warn: 1, fail: 1, reviewed: 1 } } as never)).toBe(
      "1 line needs a look",
    );
    expect(reviewSummary({ summary: { ok: 5, warn: 0, fail: 1, reviewed: 1 } } as never)).toBe(
      "All 6 lines pass their checks or were reviewed.",
    );
    expect(reviewSummary(null)).toBeNull();
  });
});
