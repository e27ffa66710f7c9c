import { describe, expect, it } from "vitest";
import { textDifference } from "./difference.ts";

describe("textDifference", () => {
  it("counts characters and the percent against the original", () => {
    expect(textDifference("0123456789", "0123456789ab")).toEqual({ chars: 2, percent: 20, warn: true });
    expect(textDifference("0123456789", "012345678")).toEqual({ chars: -1, percent: 10, warn: false });
  });
  it("warns only above 15%", () => {
    const original = "x".repeat(100);
    expect(textDifference(original, "x".repeat(115)).warn).toBe(false);
    expect(textDifference(original, "x".repeat(116)).warn).toBe(true);
    expect(textDifference(original, "x".repeat(84)).warn).toBe(true);
  });
  it("handles an empty original", () => {
    expect(textDifference("", "")).toEqual({ chars: 0, percent: 0, warn: false });
    expect(textDifference("", "abc")).toEqual({ chars: 3, percent: 100, warn: true });
  });
});
