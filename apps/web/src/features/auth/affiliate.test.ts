// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { tellAffiliateOfSignup } from "./affiliate.ts";

afterEach(() => {
  delete window.rewardful;
});

describe("tellAffiliateOfSignup", () => {
  it("tells a referral script on the page of the signup, once per address", () => {
    const rewardful = vi.fn();
    window.rewardful = rewardful;
    tellAffiliateOfSignup("ana@example.com");
    tellAffiliateOfSignup("ana@example.com");
    expect(rewardful).toHaveBeenCalledTimes(1);
    expect(rewardful).toHaveBeenCalledWith("convert", { email: "ana@example.com" });
  });
  it("does nothing when no script is present", () => {
    expect(() => tellAffiliateOfSignup("bo@example.com")).not.toThrow();
  });
});
