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
});
