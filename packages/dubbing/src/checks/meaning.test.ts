import { describe, expect, it } from "vitest";
import { checkMeaning } from "./meaning.ts";

const source = "Let us start with the question of housing.";
const line = { source, sourceLanguage: "en", targetLanguage: "es" };

describe("checkMeaning", () => {
  it("passes a line whose back-translation says what the original says", () => {
    const f = checkMeaning({
      ...line,
      text: "Empecemos con la cuestión de la vivienda.",
      back: "Let us start with the question of the housing.",
    });
    expect(f.status).toBe("ok");
    expect(f.value).toBeGreaterThan(80);
  });

  it("fails another sentence: its back-translation shares little with the original", () => {
    const f = checkMeaning({
      ...line,
      text: "El mercado local abre dos veces por semana.",
      back: "The local market opens twice a week.",
    });
    expect(f.status).toBe("fail");
    expect(f.message).toContain("not what the original says");
    expect(f.value).toBeLessThan(25);
  });

  it("fails a line in the wrong language, whatever its back-translation", () => {
    const english = checkMeaning({ ...line, text: source, back: source });
    expect(english.status).toBe("fail");
    expect(english.message).toBe("The line reads as English, not Spanish.");
    const german = checkMeaning({ ...line, targetLanguage: "ja", text: "Fangen wir mit der Frage an." });
    expect(german.status).toBe("fail");
  });

  it("fails the original's words left untranslated, even where their language is not recognised", () => {
    const original = "Farmers sell fresh bread, cheese and vegetables there.";
    const f = checkMeaning({ ...line, source: original, text: original, back: original });
    expect(f).toMatchObject({ status: "fail", message: "The line is the original's words, not translated." });
  });

  it("fails a garbled line", () => {
    const f = checkMeaning({ ...line, text: "xo qa ekuz vivi lakoe ne", back: "xo qa ekuz vivi lakoe ne" });
    expect(f.status).toBe("fail");
  });

  it("checks the language alone when no engine translates back, and says why", () => {
    const f = checkMeaning({
      ...line,
      targetLanguage: "de",
      text: "Beginnen wir mit der Frage nach dem Wohnen.",
      backSkipped: "no engine translates German into English",
    });
    expect(f).toEqual({
      check: "meaning",
      status: "ok",
      message: "Written in German; not translated back: no engine translates German into English.",
    });
    expect(checkMeaning({ ...line, targetLanguage: "pl", text: "Zacznijmy od mieszkań." }).status).toBe(
      "skipped",
    );
  });

  it("does not compare a short original", () => {
    const f = checkMeaning({ ...line, source: "Thank you.", text: "Gracias.", back: "Thanks." });
    expect(f.status).toBe("skipped");
  });
});
