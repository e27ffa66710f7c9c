/** The app's 21 languages, in the order the app lists them. */
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "es", name: "Spanish" },
  { code: "fr", name: "French" },
  { code: "de", name: "German" },
  { code: "ja", name: "Japanese" },
  { code: "ko", name: "Korean" },
  // zh and cmn are both Mandarin (same text, same voices): the names say the one thing that differs, the
  // language tag written into the files.
  { code: "zh", name: "Chinese (zh)" },
  { code: "ar", name: "Arabic" },
  { code: "pt", name: "Portuguese" },
  { code: "ru", name: "Russian" },
  { code: "hi", name: "Hindi" },
  { code: "it", name: "Italian" },
  { code: "nl", name: "Dutch" },
  { code: "sv", name: "Swedish" },
  { code: "tr", name: "Turkish" },
  { code: "vi", name: "Vietnamese" },
  { code: "th", name: "Thai" },
  { code: "el", name: "Greek" },
  { code: "he", name: "Hebrew" },
  { code: "pl", name: "Polish" },
  { code: "cmn", name: "Mandarin Chinese (cmn)" },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];

const CODES = new Set<string>(LANGUAGES.map((l) => l.code));

export function isLanguageCode(code: string): code is LanguageCode {
  return CODES.has(code);
}

/**
 * The language an engine actually serves for an app code: "zh" and "cmn" are both Mandarin.
 * Engines key their tables by this base code.
 */
export function baseLanguage(code: LanguageCode): LanguageCode {
  return code === "cmn" ? "zh" : code;
}

/** The spoken-language choice that asks recognition to find the language (a multilingual model). */
export const DETECT = "detect";
export type SpokenLanguage = LanguageCode | typeof DETECT;

/** An app language, or "detect". */
export function isSpokenLanguage(code: string): code is SpokenLanguage {
  return code === DETECT || isLanguageCode(code);
}

export function languageName(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.name ?? code;
}
