import {
  DETECT,
  isLanguageCode,
  LANGUAGES,
  type LanguageCode,
  type SpokenLanguage,
} from "@dubbing/contract/languages";

export { DETECT, isLanguageCode, LANGUAGES, type LanguageCode, type SpokenLanguage };

/**
 * The language an engine actually serves for an app code: "zh" and "cmn" are both Mandarin.
 * Engines key their tables by this base code.
 */
export function baseLanguage(code: LanguageCode): LanguageCode {
  return code === "cmn" ? "zh" : code;
}

/** An app language, or "detect". */
export function isSpokenLanguage(code: string): code is SpokenLanguage {
  return code === DETECT || isLanguageCode(code);
}

export function languageName(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.name ?? code;
}
