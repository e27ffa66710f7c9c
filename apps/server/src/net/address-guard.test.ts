import { describe, expect, it } from "vitest";
import { checkTarget, isAllowedAddress } from "./address-guard.ts";

describe("the address guard's allowance", () => {
  it("lets only the listed private addresses through, in any spelling of them", () => {
    const allow = ["127.0.0.1"];
    expect(isAllowedAddress("127.0.0.1", allow)).toBe(true);
    expect(isAllowedAddress("::ffff:127.0.0.1", allow)).toBe(true);
    for (const ip of [
      "127.0.0.2",
      "::1",
      "::ffff:127.0.0.2",
      "::ffff:7f00:2",
      "10.0.0.1",
      "169.254.169.254",
      "fe80::1",
    ])
      expect(isAllowedAddress(ip, allow), ip).toBe(false);
    expect(isAllowedAddress("8.8.8.8", false)).toBe(true);
    expect(isAllowedAddress("127.0.0.2", true)).toBe(true);
    expect(isAllowedAddress("127.0.0.1", false)).toBe(false);
  });

  it("refuses localhost names unless every private address is allowed", () => {
    expect(() => checkTarget(new URL("http://localhost:1/"), ["127.0.0.1"])).toThrow(/private address/);
    expect(() => checkTarget(new URL("http://a.localhost./"), false)).toThrow(/private address/);
    expect(() => checkTarget(new URL("http://[::ffff:127.0.0.2]/"), ["127.0.0.1"])).toThrow(
      /private address/,
    );
    expect(() => checkTarget(new URL("http://0x7f.1/"), false)).toThrow(/private address/);
    expect(() => checkTarget(new URL("http://localhost:1/"), true)).not.toThrow();
  });
});
