import type { LanguageCode } from "@dubbing/dubbing";

/** The country whose flag stands for each app language (served by the web app at /flags/{country}.svg). */
export const FLAG_OF: Record<LanguageCode, string> = {
  en: "us",
  es: "es",
  fr: "fr",
  de: "de",
  ja: "jp",
  ko: "kr",
  zh: "cn",
  ar: "sa",
  pt: "pt",
  ru: "ru",
  hi: "in",
  it: "it",
  nl: "nl",
  sv: "se",
  tr: "tr",
  vi: "vn",
  th: "th",
  el: "gr",
  he: "il",
  pl: "pl",
  cmn: "cn",
};

/**
 * Languages voice samples exist in, and the app language each one speaks: the voice picker's five
 * (English, Spanish, French, German, Italian) plus Chinese, which the landing page's sample cards also play.
 */
export const SAMPLE_LANGUAGES: ReadonlyMap<string, LanguageCode> = new Map([
  ["english", "en"],
  ["japanese", "ja"],
  ["arabic", "ar"],
  ["spanish", "es"],
  ["french", "fr"],
  ["chinese", "zh"],
]);
