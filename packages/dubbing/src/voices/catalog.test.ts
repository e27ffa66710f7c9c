import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../languages.ts";
import { defaultVoices, findVoice, localVoicesFor, pickByGender, VOICES, voicesFor } from "./catalog.ts";

describe("voice catalogue", () => {
  it("has 47 unique Azure-style voices across the 10 locales, with names and genders", () => {
    expect(VOICES).toHaveLength(47);
    expect(new Set(VOICES.map((v) => v.value)).size).toBe(47);
    for (const v of VOICES) {
      expect(v.value).toBe(`${v.locale}-${v.name}MultilingualNeural`);
      expect(["Male", "Female"]).toContain(v.gender);
    }
    expect(new Set(VOICES.map((v) => v.locale))).toEqual(
      new Set(["en-US", "en-GB", "de-DE", "es-ES", "fr-FR", "it-IT", "ja-JP", "ko-KR", "pt-BR", "zh-CN"]),
    );
    expect(findVoice("en-US-AvaMultilingualNeural")).toMatchObject({ name: "Ava", gender: "Female" });
  });

  it("maps every voice to a local voice of its gender for every app language", () => {
    for (const v of VOICES)
      for (const { code } of LANGUAGES) {
        const local = localVoicesFor(v.value, code);
        expect(local.length).toBeGreaterThan(0);
        expect(local.every((l) => l.gender === v.gender && l.language === code)).toBe(true);
        expect(local.at(-1)!.engine).toBe("espeak-ng");
      }
    expect(localVoicesFor("nope", "en")).toEqual([]);
  });

  it("prefers flite for some English voices and keeps voices of one gender apart", () => {
    expect(localVoicesFor("en-US-AvaMultilingualNeural", "en")[0]).toMatchObject({
      engine: "flite",
      id: "slt",
    });
    expect(localVoicesFor("en-US-AndrewMultilingualNeural", "en")[0]).toMatchObject({
      engine: "flite",
      id: "rms",
    });
    expect(localVoicesFor("en-US-AvaMultilingualNeural", "es")[0]).toMatchObject({
      engine: "espeak-ng",
      id: "es+f1",
    });
    const firstFour = VOICES.filter((v) => v.gender === "Male")
      .slice(0, 4)
      .map((v) => localVoicesFor(v.value, "de")[0]!.id);
    expect(new Set(firstFour).size).toBe(4);
  });

  it("offers the language's own voices first, then US multilingual voices", () => {
    expect(voicesFor("es", "Female")[0]!.locale).toBe("es-ES");
    expect(voicesFor("en", "Male")[0]!.locale).toBe("en-US");
    expect(voicesFor("en", "Female").some((v) => v.locale === "en-GB")).toBe(true);
    expect(voicesFor("ru", "Male")[0]!.locale).toBe("en-US");
  });

  it("gives distinct default voices to speakers", () => {
    const v = defaultVoices("en", ["Male", "Female", "Male"]);
    expect(new Set(v).size).toBe(3);
    expect(findVoice(v[0]!)!.gender).toBe("Male");
    expect(findVoice(v[1]!)!.gender).toBe("Female");
    expect(defaultVoices("ja", ["Male"])[0]).toBe("ja-JP-MasaruMultilingualNeural");
  });

  it("picks an engine's voice of the catalogue voice's gender, spreading a gender's voices over them", () => {
    const own = [
      { id: "f1", gender: "Female" },
      { id: "m1", gender: "Male" },
      { id: "f2", gender: "Female" },
    ] as const;
    for (const v of VOICES) expect(pickByGender(v.value, own)?.gender).toBe(v.gender);
    const female = VOICES.filter((v) => v.gender === "Female").slice(0, 3);
    expect(female.map((v) => pickByGender(v.value, own)?.id)).toEqual(["f1", "f2", "f1"]);
    expect(pickByGender("nobody", own)).toBeUndefined();
  });

  it("puts an installed Piper voice of the voice's gender first, and none of the other gender", () => {
    const joe = {
      engine: "piper",
      id: "en_US-joe-medium",
      language: "en",
      gender: "Male",
      label: "joe",
    } as const;
    expect(localVoicesFor("en-US-AndrewMultilingualNeural", "en", [joe])[0]).toEqual(joe);
    expect(localVoicesFor("en-US-AvaMultilingualNeural", "en", [joe]).map((v) => v.engine)).not.toContain(
      "piper",
    );
  });
});
