import { describe, expect, it } from "vitest";
import { avatarColor, avatarInitial } from "./avatar-color.ts";

describe("avatarColor", () => {
  it("picks by the sum of character codes modulo 5", () => {
    // "a" = 97 → 97 % 5 = 2 → green; "b" = 98 → yellow; "c" = 99 → purple; "d" = 100 → red; "e" → blue.
    expect(avatarColor("a")).toBe("green");
    expect(avatarColor("b")).toBe("yellow");
    expect(avatarColor("c")).toBe("purple");
    expect(avatarColor("d")).toBe("red");
    expect(avatarColor("e")).toBe("blue");
    // "ab" = 195 → 0 → red
    expect(avatarColor("ab")).toBe("red");
  });
  it("is stable for an address", () => {
    expect(avatarColor("ana@example.com")).toBe(avatarColor("ana@example.com"));
  });
  it("uses the upper-case first letter as the initial", () => {
    expect(avatarInitial("zoe@example.com")).toBe("Z");
    expect(avatarInitial("")).toBe("?");
  });
});
