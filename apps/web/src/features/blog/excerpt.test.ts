import { describe, expect, it } from "vitest";
import { excerpt } from "./excerpt.ts";

describe("excerpt", () => {
  it("cuts at 150 characters and adds an ellipsis", () => {
    const text = "a".repeat(200);
    expect(excerpt(text)).toBe(`${"a".repeat(150)}...`);
  });
  it("keeps a short post whole and folds whitespace", () => {
    expect(excerpt("Hello\n\n world")).toBe("Hello world");
    expect(excerpt("x".repeat(150))).toBe("x".repeat(150));
  });
});
