import { BUILT_IN_PLANS, type Plan } from "@dubbing/contract";
import { describe, expect, it } from "vitest";
import type { PlansConfig } from "../config-plans.ts";
import {
  checkLimit,
  isActiveStatus,
  limitMessage,
  planInEffect,
  planNamed,
  UNLIMITED_PLAN,
} from "./plans.ts";

const [free, pro, executive] = BUILT_IN_PLANS as [Plan, Plan, Plan];
const builtIn: PlansConfig = { list: BUILT_IN_PLANS, signup: "free" };

describe("plans", () => {
  it("has the §9 prices and limits", () => {
    expect(pro).toMatchObject({ monthlyPrice: 149, yearlyMonthlyPrice: 109, limitSeconds: 72_000 });
    expect(executive).toMatchObject({ monthlyPrice: 1349, yearlyMonthlyPrice: 999, limitSeconds: 720_000 });
    expect(free.limitSeconds).toBe(1800);
  });

  it("allows use up to the limit and refuses past it", () => {
    expect(checkLimit(free, 1700, 100).ok).toBe(true);
    expect(checkLimit(free, 1700, 101)).toMatchObject({
      ok: false,
      remainingSeconds: 100,
      limitSeconds: 1800,
    });
    expect(checkLimit(free, 2000, 1).remainingSeconds).toBe(0);
    expect(checkLimit(pro, 1800, 3600).ok).toBe(true);
  });

  it("never refuses on a plan without a monthly limit", () => {
    expect(checkLimit(UNLIMITED_PLAN, 10 ** 9, 10 ** 9)).toMatchObject({ ok: true, limitSeconds: null });
  });

  it("says what is left and where to upgrade", () => {
    expect(limitMessage(checkLimit(free, 1790, 130), "upload")).toBe(
      "Your Free plan includes 30 minutes a month and you have 0 minutes left; this video needs 3 minutes. " +
        "Upgrade your plan at /subscription to continue.",
    );
    expect(limitMessage(checkLimit(pro, 72_000 - 61, 600), "dub")).toContain(
      "Pro plan includes 20 hours a month and you have 1 minute left; this dub needs 10 minutes",
    );
  });

  it("applies a subscription's plan, else the operator's, else the sign-up plan", () => {
    const teams: PlansConfig = { list: BUILT_IN_PLANS, signup: "pro" };
    expect(planInEffect(teams, { subscribedPlan: null, assignedPlan: null })).toEqual({
      plan: pro,
      undefinedPlan: null,
    });
    expect(planInEffect(teams, { subscribedPlan: null, assignedPlan: "executive" }).plan).toBe(executive);
    expect(planInEffect(teams, { subscribedPlan: "free", assignedPlan: "executive" }).plan).toBe(free);
  });

  it("gives a plan no longer defined the sign-up plan's limits, and says which it was", () => {
    expect(planInEffect(builtIn, { subscribedPlan: null, assignedPlan: "gold" })).toEqual({
      plan: free,
      undefinedPlan: "gold",
    });
    expect(planNamed(builtIn, "gold")).toBe(free);
    expect(planNamed(builtIn, "unlimited")).toBe(UNLIMITED_PLAN);
  });

  it("treats active and trialing subscriptions as active", () => {
    expect(isActiveStatus("active")).toBe(true);
    expect(isActiveStatus("trialing")).toBe(true);
    for (const s of ["past_due", "canceled", "incomplete", null, undefined])
      expect(isActiveStatus(s)).toBe(false);
  });
});
