import { describe, expect, it } from "vitest";
import { checkIntelligibility, LETTERS_HEARD, letterErrors, wordErrors } from "./intelligibility.ts";

describe("checkIntelligibility", () => {
  it("counts the words changed, dropped or added", () => {
    expect(wordErrors("The cat sat.", "the cat sat")).toBe(0);
    expect(wordErrors("one two three four", "one too three")).toBe(0.5);
    expect(wordErrors("", "")).toBe(0);
  });
  it("grades what was heard", () => {
    expect(checkIntelligibility("Bonjour à tous.", "bonjour à tous")).toMatchObject({
      status: "ok",
      value: 0,
    });
    const f = checkIntelligibility("one two three four", "banana");
    expect(f.status).toBe("fail");
    expect(f.message).toContain("banana");
    expect(checkIntelligibility("one two three four", "one two").status).toBe("warn");
  });
  it("forgives words run together, not words misheard", () => {
    const text = "Farmers sell fresh bread, cheese and vegetables there.";
    const runTogether = "Farmer's Self-reshbread, Cheese and Vegetables There.";
    expect(wordErrors(text, runTogether)).toBe(0.5);
    expect(letterErrors(text, runTogether)).toBeLessThan(LETTERS_HEARD);
    expect(checkIntelligibility(text, runTogether)).toMatchObject({ status: "ok", value: 0.5 });
    const said = "Music plays until late at night and nobody complains.";
    const misheard = "Here's a present to a land at night and nobody complains.";
    expect(letterErrors(said, misheard)).toBeGreaterThan(0.3);
    expect(checkIntelligibility(said, misheard).status).toBe("warn");
    expect(letterErrors("", "")).toBe(0);
  });
  it("is skipped with the reason when nothing can listen", () => {
    const f = checkIntelligibility("Hola", { skipped: "No speech recognition model for es is installed." });
    expect(f).toEqual({
      check: "intelligibility",
      status: "skipped",
      message: "No speech recognition model for es is installed.",
    });
  });
});
