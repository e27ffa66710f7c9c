import { describe, expect, it } from "vitest";
import { checkStrength, isBreached, luds } from "./strength.ts";

const zx = { type: "zxcvbn", ludsMinimumCount: 8, ludsComplexity: 3 } as const;
const ld = { type: "luds", ludsMinimumCount: 10, ludsComplexity: 3 } as const;

describe("password strength", () => {
  it("flags breached passwords from the shipped list", async () => {
    expect(await isBreached("password")).toBe(true);
    expect(await isBreached("Password")).toBe(true);
    expect(await isBreached("qwerty")).toBe(true);
    expect(await isBreached("vivid-otter-quantum-lantern-93")).toBe(false);
  });

  it("counts LUDS requirements", () => {
    expect(luds("abc", 8, 3)).toMatchObject({
      missing_characters: 5,
      missing_complexity: 2,
      has_lower_case: true,
    });
    expect(luds("Abcdefg1!", 8, 4)).toMatchObject({
      missing_characters: 0,
      missing_complexity: 0,
      has_symbol: true,
    });
  });

  it("zxcvbn policy: weak and breached are invalid, strong is valid", async () => {
    const weak = await checkStrength(zx, "password");
    expect(weak).toMatchObject({ valid_password: false, breached_password: true, strength_policy: "zxcvbn" });
    const strong = await checkStrength(zx, "vivid-otter-quantum-lantern-93");
    expect(strong.valid_password).toBe(true);
    expect(strong.score).toBeGreaterThanOrEqual(3);
    const personal = await checkStrength(zx, "ada.lovelace", "ada.lovelace@example.com");
    expect(personal.valid_password).toBe(false);
  });

  it("luds policy: length and complexity decide", async () => {
    expect((await checkStrength(ld, "Short1!")).valid_password).toBe(false);
    expect((await checkStrength(ld, "longbutlowercase")).feedback.luds_requirements.missing_complexity).toBe(
      2,
    );
    expect((await checkStrength(ld, "Longer-Pass-93z")).valid_password).toBe(true);
  });
});
