import { describe, expect, it } from "vitest";
import type { LocalVoice } from "../engines/types.ts";
import { LANGUAGES, type LanguageCode } from "../languages.ts";
import { createEspeakEngine } from "../tts/espeak.ts";
import { createFliteEngine } from "../tts/flite.ts";
import { picoVoices } from "../tts/pico.ts";
import { defaultVoices, findVoice, localVoicesFor, pickByGender, VOICES, voicesFor } from "./catalog.ts";

/** What the local engines list (their lists are pure; none is run here). */
const installed = (language: LanguageCode): LocalVoice[] => [
  ...createFliteEngine().voices(language),
  ...createEspeakEngine().voices(language),
  ...picoVoices(language),
];
const JOE: LocalVoice = {
  engine: "piper",
  id: "en_US-joe-medium",
  language: "en",
  gender: "Male",
  label: "Piper joe",
};
const AVA = "en-US-AvaMultilingualNeural";
const ANDREW = "en-US-AndrewMultilingualNeural";

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
        const local = localVoicesFor(v.value, code, installed(code));
        expect(local.length).toBeGreaterThan(0);
        expect(local.every((l) => l.gender === v.gender && l.language === code)).toBe(true);
      }
    expect(localVoicesFor("nope", "en", installed("en"))).toEqual([]);
    expect(localVoicesFor(AVA, "en", [])).toEqual([]);
  });

  it("ranks piper > pico > espeak-ng > flite, by gender", () => {
    const engines = (value: string, language: LanguageCode, voices: LocalVoice[]) =>
      localVoicesFor(value, language, voices).map((l) => `${l.engine} ${l.id}`);
    // Piper's one (male) English voice speaks the male voices; the female ones go to Pico
    expect(engines(ANDREW, "en", [...installed("en"), JOE])).toEqual([
      "piper en_US-joe-medium",
      "pico en-US+male",
      "espeak-ng en-us+m1",
      "flite rms",
    ]);
    expect(engines(AVA, "en", [...installed("en"), JOE])[0]).toBe("pico en-US");
    // without Pico: espeak-ng, then flite
    const noPico = installed("en").filter((v) => v.engine !== "pico");
    expect(engines(AVA, "en", noPico)).toEqual(["espeak-ng en-us+f1", "flite slt"]);
    // Spanish: Pico's own voice for women, the lowered one for men; espeak-ng after
    expect(engines(AVA, "es", installed("es"))).toEqual(["pico es-ES", "espeak-ng es+f1"]);
    expect(engines(ANDREW, "es", installed("es"))[0]).toBe("pico es-ES+male");
    // a language Pico does not speak
    expect(engines(AVA, "ru", installed("ru"))).toEqual(["espeak-ng ru+f1"]);
    // an engine the ranking does not know comes last, and an engine with no voice of the gender is skipped
    const other: LocalVoice = { engine: "other", id: "x", language: "es", gender: "Male", label: "x" };
    expect(engines(ANDREW, "es", [other, ...installed("es")]).at(-1)).toBe("other x");
    expect(engines(AVA, "es", [other])).toEqual([]);
  });

  it("keeps different catalogue voices apart where an engine has several", () => {
    const firstFour = VOICES.filter((v) => v.gender === "Male")
      .slice(0, 4)
      .map(
        (v) =>
          localVoicesFor(
            v.value,
            "de",
            installed("de").filter((l) => l.engine === "espeak-ng"),
          )[0]!.id,
      );
    expect(new Set(firstFour).size).toBe(4);
    const english = VOICES.filter((v) => v.gender === "Female")
      .slice(0, 2)
      .map((v) => localVoicesFor(v.value, "en", installed("en"))[0]!.id);
    expect(english).toEqual(["en-US", "en-GB"]);
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
