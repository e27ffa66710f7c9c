// The app's languages: one list for the contract (the OpenAPI document lists them), the server and the
// pipeline. Plain data, no zod: the dubbing package reads it too.

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

/** The codes, as zod's enum takes them. */
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];

const CODES = new Set<string>(LANGUAGE_CODES);

/** Whether a string is one of the app's languages (a path parameter, a stored value). */
export function isLanguageCode(code: string): code is LanguageCode {
  return CODES.has(code);
}

/** The spoken-language choice that asks recognition to find the language (a multilingual model). */
export const DETECT = "detect";
export type SpokenLanguage = LanguageCode | typeof DETECT;
