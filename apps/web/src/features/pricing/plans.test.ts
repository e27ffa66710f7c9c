import { PLANS as CONTRACT_PLANS } from "@dubbing/contract/plans";
import { describe, expect, it } from "vitest";
import { formatUsd, PLANS, pricePerMonth, yearlySavingPercent } from "./plans.ts";

describe("plans", () => {
  it("has the prices of the specification", () => {
    expect(PLANS.map((p) => [p.name, pricePerMonth(p, "monthly"), pricePerMonth(p, "yearly")])).toEqual([
      ["Free", 0, 0],
      ["Pro", 149, 109],
      ["Executive", 1349, 999],
    ]);
  });
  it("includes the hours of each plan", () => {
    expect(PLANS[0]!.features[0]).toBe("30 minutes per month");
    expect(PLANS[1]!.features).toContain("20 hours per month");
    expect(PLANS[2]!.features).toContain("200 hours per month");
    expect(PLANS.map((p) => p.monthlyMinutes)).toEqual([30, 1200, 12000]);
  });
  it("computes the yearly saving and formats dollars", () => {
    expect(yearlySavingPercent(PLANS[1]!)).toBe(27);
    expect(yearlySavingPercent(PLANS[0]!)).toBe(0);
    expect(formatUsd(1349)).toBe("$1,349");
  });
  it("takes every price and limit from the contract's plans, the ones the server enforces", () => {
    for (const plan of PLANS) {
      const enforced = CONTRACT_PLANS[plan.id];
      expect(plan.name).toBe(enforced.name);
      expect([plan.monthlyPrice, plan.yearlyMonthlyPrice]).toEqual([
        enforced.monthlyPrice,
        enforced.yearlyMonthlyPrice,
      ]);
      expect(plan.monthlyMinutes * 60).toBe(enforced.limitSeconds);
    }
  });
});
