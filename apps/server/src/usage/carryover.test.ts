import { describe, expect, it } from "vitest";
import { addressKey } from "./carryover.ts";

describe("usage carry-over key", () => {
  it("is the same for the same address however typed, and differs by month and secret", () => {
    const key = addressKey("secret-a", "Someone@Example.com ", "2026-11");
    expect(addressKey("secret-a", "someone@example.com", "2026-11")).toBe(key);
    expect(addressKey("secret-a", "someone@example.com", "2026-12")).not.toBe(key);
    expect(addressKey("secret-b", "someone@example.com", "2026-11")).not.toBe(key);
    expect(key).not.toContain("someone");
  });
});
