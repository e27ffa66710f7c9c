import { describe, expect, it } from "vitest";
import { checkLimit, isActiveStatus, limitMessage, PLANS } from "./plans.ts";

describe("plans", () => {
  it("has the §9 prices and limits", () => {
    expect(PLANS.pro).toMatchObject({ monthlyPrice: 149, yearlyMonthlyPrice: 109, limitSeconds: 72_000 });
    expect(PLANS.executive).toMatchObject({
      monthlyPrice: 1349,
      yearlyMonthlyPrice: 999,
      limitSeconds: 720_000,
    });
    expect(PLANS.free.limitSeconds).toBe(1800);
  });

  it("allows use up to the limit and refuses past it", () => {
    expect(checkLimit("free", 1700, 100).ok).toBe(true);
    expect(checkLimit("free", 1700, 101)).toMatchObject({
      ok: false,
      remainingSeconds: 100,
      limitSeconds: 1800,
    });
    expect(checkLimit("free", 2000, 1).remainingSeconds).toBe(0);
    expect(checkLimit("pro", 1800, 3600).ok).toBe(true);
  });

  it("says what is left and where to upgrade", () => {
    expect(limitMessage(checkLimit("free", 1790, 130), "upload")).toBe(
      "Your Free plan includes 30 minutes a month and you have 0 minutes left; this video needs 3 minutes. " +
        "Upgrade your plan at /subscription to continue.",
    );
    expect(limitMessage(checkLimit("pro", 72_000 - 61, 600), "dub")).toContain(
      "Pro plan includes 20 hours a month and you have 1 minute left; this dub needs 10 minutes",
    );
  });

  it("treats active and trialing subscriptions as active", () => {
    expect(isActiveStatus("active")).toBe(true);
    expect(isActiveStatus("trialing")).toBe(true);
    for (const s of ["past_due", "canceled", "incomplete", null, undefined])
      expect(isActiveStatus(s)).toBe(false);
  });
});
