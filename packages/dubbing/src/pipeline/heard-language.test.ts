import { describe, expect, it } from "vitest";
import { heardLanguage } from "./transcribe.ts";

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
