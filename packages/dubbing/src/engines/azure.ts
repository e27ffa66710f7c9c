// What the Azure AI Speech engines (ASR and TTS) share.
import { baseLanguage, type LanguageCode } from "../languages.ts";

/**
 * The locale each app language is recognised and spoken in (for TTS the accent set with <lang xml:lang>).
 * All are in the multilingual voices' supported locales; Brazilian Portuguese and Mainland Mandarin
 * (simplified Chinese) like the catalogue.
 */
export const AZURE_LOCALE: Readonly<Record<LanguageCode, string>> = {
  en: "en-US",
  es: "es-ES",
  fr: "fr-FR",
  de: "de-DE",
  ja: "ja-JP",
  ko: "ko-KR",
  zh: "zh-CN",
  ar: "ar-SA",
  pt: "pt-BR",
  ru: "ru-RU",
  hi: "hi-IN",
  it: "it-IT",
  nl: "nl-NL",
  sv: "sv-SE",
  tr: "tr-TR",
  vi: "vi-VN",
  th: "th-TH",
  el: "el-GR",
  he: "he-IL",
  pl: "pl-PL",
  cmn: "zh-CN",
};

/** Pure: the locale sent for an app language. */
export function azureLocale(code: LanguageCode): string {
  const locale = AZURE_LOCALE[baseLanguage(code)];
  if (!locale) throw new Error(`no Azure Speech locale for ${code}`);
  return locale;
}
