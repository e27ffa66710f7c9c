import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../models/catalog.ts";
import { pickDetectingModel, pickModel, whisperLanguage } from "./faster-whisper.ts";

describe("faster-whisper's model per language", () => {
  const [tinyEn, base] = [
    CATALOGUE.find((m) => m.id === "tiny.en")!,
    CATALOGUE.find((m) => m.id === "base")!,
  ];
  it("takes the first installed model that serves the language, or the one asked for", () => {
    expect(pickModel("en", [tinyEn, base])?.id).toBe("tiny.en");
    expect(pickModel("es", [tinyEn, base])?.id).toBe("base");
    expect(pickModel("es", [tinyEn])).toBeUndefined();
    expect(pickModel("en", [tinyEn, base], "base")?.id).toBe("base");
    // a preferred model that does not serve the language is passed over
    expect(pickModel("es", [tinyEn, base], "tiny.en")?.id).toBe("base");
  });
  it("finds the spoken language only with a multilingual model", () => {
    expect(pickDetectingModel([tinyEn, base])?.id).toBe("base");
    expect(pickDetectingModel([tinyEn, base], "tiny.en")?.id).toBe("base");
    expect(pickDetectingModel([tinyEn])).toBeUndefined();
  });
  it("names Mandarin as Whisper does", () => {
    expect(whisperLanguage("cmn")).toBe("zh");
    expect(whisperLanguage("fr")).toBe("fr");
  });
});
