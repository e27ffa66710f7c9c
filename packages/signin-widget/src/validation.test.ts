import { describe, expect, it } from "vitest";
import { countryOptions, displayPhone, formatPhoneInput, isValidEmail, parsePhone } from "./validation.ts";

describe("§5 email pattern", () => {
  it.each(["ada@example.com", "a.b+c@sub.example.co.uk", " ada@example.io "])("accepts %s", (e) => {
    expect(isValidEmail(e)).toBe(true);
  });
  it.each([
    "",
    "ada",
    "ada@",
    "@example.com",
    "ada@example",
    "ada@example.c",
    "ada@exa mple.com",
    "a@b@c.com",
  ])("rejects %s", (e) => {
    expect(isValidEmail(e)).toBe(false);
  });
});

describe("§5 phone parsing (libphonenumber-js, default US)", () => {
  it("parses a US number in national format to E.164", () => {
    expect(parsePhone("(415) 555-2671")).toBe("+14155552671");
  });
  it("uses the chosen region", () => {
    expect(parsePhone("020 7946 0958", "GB")).toBe("+442079460958");
    expect(parsePhone("020 7946 0958")).toBeNull();
  });
  it("rejects invalid numbers", () => {
    expect(parsePhone("123")).toBeNull();
    expect(parsePhone("(123) 456-7890")).toBeNull();
  });
  it("shows the national format while typing", () => {
    expect(formatPhoneInput("4155552671")).toBe("(415) 555-2671");
    expect(formatPhoneInput("415")).toBe("415");
    expect(formatPhoneInput("(415)")).toBe("415");
  });
  it("displays a stored number nationally for US, internationally otherwise", () => {
    expect(displayPhone("+14155552671")).toBe("(415) 555-2671");
    expect(displayPhone("+442079460958")).toBe("+44 20 7946 0958");
  });
  it("lists countries with their dialling codes, US first", () => {
    const list = countryOptions();
    expect(list[0]).toEqual({ code: "US", dial: "+1" });
    expect(list).toContainEqual({ code: "GB", dial: "+44" });
    expect(list.length).toBeGreaterThan(200);
  });
});
