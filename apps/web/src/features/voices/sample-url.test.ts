import { describe, expect, it } from "vitest";
import { pickerLanguageFor, voiceSampleUrl } from "./sample-url.ts";

describe("voice samples", () => {
  it("builds the sample path from language and voice value", () => {
    expect(voiceSampleUrl("spanish", "es-ES-XimenaMultilingualNeural")).toBe(
      "/api/voices/sample/spanish/es-ES-XimenaMultilingualNeural.mp3",
    );
  });
  it("maps project languages to picker languages", () => {
    expect(pickerLanguageFor("ja")).toBe("japanese");
    expect(pickerLanguageFor("de")).toBe("english");
    expect(pickerLanguageFor(null)).toBe("english");
  });
});
