import { describe, expect, it } from "vitest";
import { grade, lineStatus, reportCard } from "./types.ts";

describe("reportCard", () => {
  it("gives each line its worst finding, skipped ones not counting, and the summary", () => {
    const f = (status: "ok" | "warn" | "fail" | "skipped") => ({
      check: "fit" as const,
      status,
      message: "",
    });
    expect(lineStatus([f("ok"), f("skipped")])).toBe("ok");
    const card = reportCard([
      { index: 0, checks: [f("ok"), f("warn")] },
      { index: 2, checks: [f("warn"), f("fail")] },
      { index: 3, checks: [f("skipped")] },
    ]);
    expect(card.lines.map((l) => l.status)).toEqual(["warn", "fail", "ok"]);
    expect(card.summary).toEqual({ ok: 1, warn: 1, fail: 1 });
  });
  it("grades against thresholds", () => {
    expect([grade(1, 2, 3), grade(2, 2, 3), grade(3, 2, 3)]).toEqual(["ok", "warn", "fail"]);
  });
});
