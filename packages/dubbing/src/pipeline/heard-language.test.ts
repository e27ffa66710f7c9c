import { describe, expect, it } from "vitest";
import { DubError } from "../errors.ts";
import { DETECT_MIN_PROBABILITY, detectedLanguage, heardLanguage } from "./transcribe.ts";

describe("heardLanguage", () => {
  it("takes the language heard when the app serves it", () => {
    expect(heardLanguage("es")).toBe("es");
    expect(heardLanguage("zh")).toBe("zh");
  });

  it("names a language the app does not serve, plainly", () => {
    expect(() => heardLanguage("uk")).toThrow(
      /the speech is in Ukrainian \(uk\), which is not one of the languages this server transcribes/,
    );
    expect(() => heardLanguage("detect")).toThrow(/unsupported|not one of/);
    expect(() => heardLanguage(undefined)).toThrow(/did not say which language/);
  });
});

describe("detectedLanguage", () => {
  it("takes a language heard surely enough", () => {
    expect(detectedLanguage({ language: "es", probability: 0.95 })).toBe("es");
    expect(detectedLanguage({ language: "fr", probability: DETECT_MIN_PROBABILITY })).toBe("fr");
  });

  it("asks when the detection is unsure, saying what it heard", () => {
    const unsure = () => detectedLanguage({ language: "es", probability: 0.46 });
    expect(unsure).toThrow("it sounds most like Spanish (46 % sure)");
    try {
      unsure();
    } catch (err) {
      expect(err).toBeInstanceOf(DubError);
      expect(err).toMatchObject({ code: "unsure_language", detected: { language: "es", probability: 0.46 } });
    }
  });

  it("names a sure language the app does not serve, keeping what was heard", () => {
    expect(() => detectedLanguage({ language: "cs", probability: 0.9 })).toThrow(/Czech \(cs\)/);
    try {
      detectedLanguage({ language: "cs", probability: 0.9 });
    } catch (err) {
      expect(err).toMatchObject({ code: "unsupported_language", detected: { language: "cs" } });
    }
  });
});
