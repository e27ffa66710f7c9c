import { BUILT_IN_PLANS, UNLIMITED_PLAN } from "@dubbing/contract/plans";
import { describe, expect, it } from "vitest";
import { advertisedPlans, displayPlan, formatUsd, pricePerMonth, yearlySavingPercent } from "./plans.ts";

const PLANS = BUILT_IN_PLANS.map(displayPlan);

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
  it("shows a plan without limits or prices as such", () => {
    const owner = displayPlan(UNLIMITED_PLAN);
    expect(owner.features[0]).toBe("Unlimited minutes per month");
    expect(pricePerMonth(owner, "monthly")).toBeNull();
    expect(yearlySavingPercent(owner)).toBe(0);
  });
  it("shows the plan's own limits as its lines: longest video and storage", () => {
    const file = {
      ...UNLIMITED_PLAN,
      id: "team",
      name: "Team",
      maxVideoSeconds: 1800,
      storedBytes: 5 * 2 ** 30,
    };
    expect(displayPlan(file).features).toEqual(
      expect.arrayContaining(["Videos up to 30 minutes long", "5 GiB of storage"]),
    );
    expect(displayPlan(file).features.join()).not.toMatch(/4K|30 days/);
  });
  it("advertises priced plans and the sign-up plan, never an unpriced one given by hand", () => {
    const owner = displayPlan(UNLIMITED_PLAN);
    expect(advertisedPlans([...PLANS, owner], "free").map((p) => p.name)).toEqual([
      "Free",
      "Pro",
      "Executive",
    ]);
    expect(advertisedPlans([owner], owner.id)).toEqual([owner]);
  });
  it("computes the yearly saving and formats dollars", () => {
    expect(yearlySavingPercent(PLANS[1]!)).toBe(27);
    expect(yearlySavingPercent(PLANS[0]!)).toBe(0);
    expect(formatUsd(1349)).toBe("$1,349");
  });
});
