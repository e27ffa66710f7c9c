import { describe, expect, it } from "vitest";
import { markedWords, unmark } from "../mt/apertium-marks.ts";
import { checkUntranslated } from "./untranslated.ts";

const fr = { sourceLanguage: "en", targetLanguage: "fr" };

describe("checkUntranslated", () => {
  it("fails the original text left as it is", () => {
    const f = checkUntranslated({ ...fr, text: "Hello, world!", source: "hello world" });
    expect(f).toMatchObject({ check: "untranslated", status: "fail", value: 1 });
  });
  it("fails a line that reads as the source language", () => {
    const f = checkUntranslated({ ...fr, text: "This is the best way to get there.", source: "Other." });
    expect(f.status).toBe("fail");
    expect(f.message).toMatch(/reads as en/);
  });
  it("passes a translated line", () => {
    const ok = checkUntranslated({ ...fr, text: "C'est le meilleur moyen d'y aller.", source: "x y z" });
    expect(ok.status).toBe("ok");
    // a one-word name is the same in both languages
    expect(checkUntranslated({ ...fr, text: "Paris!", source: "Paris!" }).status).toBe("ok");
  });
  it("warns on the words Apertium did not know, marked or reported", () => {
    expect(markedWords("Le *muelle est #grand, @voila")).toEqual(["muelle", "grand", "voila"]);
    expect(markedWords("me@example.com 5*3")).toEqual([]);
    const f = checkUntranslated({ ...fr, text: "Le *muelle est près.", source: "The dock is near." });
    expect(f).toMatchObject({ status: "warn" });
    expect(f.message).toContain('"muelle"');
    expect(checkUntranslated({ ...fr, text: "Le muelle.", unknownWords: ["muelle"] }).status).toBe("warn");
    // a reported word the line no longer holds (the user replaced it) is not held against it
    expect(checkUntranslated({ ...fr, text: "Le quai.", unknownWords: ["muelle"] }).status).toBe("ok");
    // a glossary term's placeholder is unknown to Apertium on purpose
    expect(markedWords("le *ZXQ0QZ et *zorblax")).toEqual(["zorblax"]);
    expect(unmark("Le *muelle est #grand, @voila; me@example.com 5*3")).toBe(
      "Le muelle est grand, voila; me@example.com 5*3",
    );
  });
  it("warns on frequent words of the pivot language", () => {
    const f = checkUntranslated({ ...fr, text: "Me Demasiado", route: ["en", "es", "fr"] });
    expect(f.status).toBe("warn");
    expect(f.message).toContain('"demasiado"');
    // without a pivot the same words are not judged that way
    expect(checkUntranslated({ ...fr, text: "Me Demasiado", route: ["en", "fr"] }).status).toBe("ok");
  });
});
