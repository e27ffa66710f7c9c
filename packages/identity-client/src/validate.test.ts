// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ERROR_CODES, SDKUsageError } from "./errors.ts";
import { validate } from "./validate.ts";

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(SDKUsageError);
    expect((err as SDKUsageError).code).toBe(ERROR_CODES.usage);
    return (err as SDKUsageError).reason;
  }
  throw new Error("expected a throw");
}

describe("validate (§5 schema checks)", () => {
  it("produces '<field> must be a …' messages", () => {
    expect(reasonOf(() => validate("m").string("token", 1))).toBe("token must be a string.");
    expect(reasonOf(() => validate("m").number("session_duration_minutes", "30"))).toBe(
      "session_duration_minutes must be a number.",
    );
    expect(reasonOf(() => validate("m").boolean("is_passkey", "yes"))).toBe("is_passkey must be a boolean.");
    expect(reasonOf(() => validate("m").object("untrusted_metadata", []))).toBe(
      "untrusted_metadata must be an object.",
    );
    expect(reasonOf(() => validate("m").stringArray("custom_scopes", ["a", 2]))).toBe(
      "custom_scopes must be an array of strings.",
    );
  });

  it("names the method in the error message", () => {
    try {
      validate("magicLinks.authenticate").string("token", undefined);
    } catch (err) {
      expect((err as Error).message).toBe("Invalid call to magicLinks.authenticate\ntoken must be a string.");
      expect((err as SDKUsageError).field).toBe("token");
      expect((err as SDKUsageError).method).toBe("magicLinks.authenticate");
    }
  });

  it("accepts undefined for optional fields but checks present ones", () => {
    expect(() =>
      validate("m")
        .optionalString("a", undefined)
        .optionalNumber("b", undefined)
        .optionalBoolean("c", undefined)
        .optionalObject("d", undefined)
        .optionalStringArray("e", undefined),
    ).not.toThrow();
    expect(reasonOf(() => validate("m").optionalString("domain", 5))).toBe("domain must be a string.");
    expect(reasonOf(() => validate("m").optionalObject("untrusted_metadata", null))).toBe(
      "untrusted_metadata must be an object.",
    );
  });

  it("rejects NaN as a number and null as an object", () => {
    expect(reasonOf(() => validate("m").number("n", Number.NaN))).toBe("n must be a number.");
    expect(reasonOf(() => validate("m").object("o", null))).toBe("o must be an object.");
  });

  it("accepts valid values and chains", () => {
    expect(() =>
      validate("m").string("a", "x").number("b", 0).boolean("c", false).object("d", {}).stringArray("e", []),
    ).not.toThrow();
  });
});
