/** The languages the voice picker offers samples in (PRODUCT.md § Screens). */
export const PICKER_LANGUAGES = ["english", "japanese", "arabic", "spanish", "french"] as const;
export type PickerLanguage = (typeof PICKER_LANGUAGES)[number];

export const PICKER_LANGUAGE_LABELS: Record<PickerLanguage, string> = {
  english: "English",
  japanese: "Japanese",
  arabic: "Arabic",
  spanish: "Spanish",
  french: "French",
};

/** A voice sample mp3, organised by language and voice value. */
export function voiceSampleUrl(language: string, voiceValue: string): string {
  return `/api/voices/sample/${encodeURIComponent(language)}/${encodeURIComponent(voiceValue)}.mp3`;
}

const PICKER_LANGUAGE_OF = new Map<string, PickerLanguage>([
  ["en", "english"],
  ["ja", "japanese"],
  ["ar", "arabic"],
  ["es", "spanish"],
  ["fr", "french"],
]);

/** The picker language that suits a project's language code best, English otherwise. */
export function pickerLanguageFor(code: string | null | undefined): PickerLanguage {
  return (code && PICKER_LANGUAGE_OF.get(code)) || "english";
}
