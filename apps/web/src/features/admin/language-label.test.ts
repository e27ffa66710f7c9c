import { describe, expect, it } from "vitest";
import { languageLabel } from "./language-label.ts";

describe("languageLabel", () => {
  it("says each language's code once", () => {
    expect(languageLabel({ code: "es", name: "Spanish" })).toBe("Spanish (es)");
    expect(languageLabel({ code: "zh", name: "Chinese (zh)" })).toBe("Chinese (zh)");
    expect(languageLabel({ code: "cmn", name: "Mandarin Chinese (cmn)" })).toBe("Mandarin Chinese (cmn)");
  });
});
