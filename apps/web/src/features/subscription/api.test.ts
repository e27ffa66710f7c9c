import { describe, expect, it } from "vitest";
import { currentPlanName, limitOf } from "./api.ts";

const plans = [
  { id: "free", name: "Free" },
  { id: "team", name: "Team" },
];

describe("currentPlanName", () => {
  it("names the plan the server says is in effect", () => {
    expect(currentPlanName(plans, "team")).toBe("Team");
    expect(currentPlanName(plans, "free")).toBe("Free");
    expect(currentPlanName(null, "team")).toBe("team");
    expect(currentPlanName(plans, undefined)).toBe("…");
  });
  it("says when a plan has no limit", () => {
    expect(limitOf(1800, (s) => `${s / 60} min`)).toBe("of 30 min");
    expect(limitOf(null, String)).toBe("(no limit)");
  });
});
