import { describe, expect, it } from "vitest";
import type { Language } from "../../api/types.ts";
import { spokenLanguageName } from "./spoken-language-name.ts";

const spanish = { code: "es", name: "Spanish" } as Language;

describe("spokenLanguageName", () => {
  it("names a known language", () => {
    expect(spokenLanguageName({ language: "es", status: "ready" }, [spanish])).toBe("Spanish");
  });

  it("says a failed detection found no language, never the raw choice", () => {
    expect(spokenLanguageName({ language: "detect", status: "failed" }, [spanish])).toBe("not detected");
    expect(spokenLanguageName({ language: "detect", status: "transcribing" }, [spanish])).toBe("detecting");
  });

  it("says a detected language was detected, and how surely", () => {
    const detectedLanguage = { language: "es", probability: 0.947 };
    expect(spokenLanguageName({ language: "es", status: "ready", detectedLanguage }, [spanish])).toBe(
      "Spanish (detected, 95 % sure)",
    );
    // changed by the creator since: their choice
    expect(spokenLanguageName({ language: "es", status: "ready", detectedLanguage: null }, [spanish])).toBe(
      "Spanish",
    );
  });

  it("says what an unsure detection heard", () => {
    const detectedLanguage = { language: "es", probability: 0.46 };
    expect(spokenLanguageName({ language: "detect", status: "failed", detectedLanguage }, [spanish])).toBe(
      "not sure: it sounds like Spanish (46 % sure)",
    );
  });
});
