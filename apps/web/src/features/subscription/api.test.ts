import { describe, expect, it } from "vitest";
import { currentPlanName } from "./api.ts";

describe("currentPlanName", () => {
  it("is Free without an active subscription and Pro with one, unless the plan says Executive", () => {
    expect(currentPlanName(false, "pro")).toBe("Free");
    expect(currentPlanName(undefined, undefined)).toBe("Free");
    expect(currentPlanName(true, undefined)).toBe("Pro");
    expect(currentPlanName(true, "pro")).toBe("Pro");
    expect(currentPlanName(true, "executive")).toBe("Executive");
  });
});
