// What the Azure AI Speech engines (ASR and TTS) share.
import { DubError } from "../errors.ts";
import { baseLanguage, LANGUAGES, type LanguageCode } from "../languages.ts";
import type { Availability } from "./types.ts";

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

/** How an Azure AI Speech resource is reached: ASR and TTS use the same key and region (or endpoint). */
export interface AzureSpeechOptions {
  key?: string;
  region?: string;
  /** Custom endpoint (https://<resource>.cognitiveservices.azure.com); overrides the region's host. */
  endpoint?: string;
}

type AzureSpeechCredentials = Required<AzureSpeechOptions>;

/** Pure: the options with blanks for what is not given. */
export function azureSpeechCredentials(opts: AzureSpeechOptions = {}): AzureSpeechCredentials {
  return { key: opts.key ?? "", region: opts.region ?? "", endpoint: opts.endpoint ?? "" };
}

/** Pure: why the credentials cannot reach Azure (naming the variable to set), or null when they can. */
export function azureSpeechProblem(c: AzureSpeechCredentials): string | null {
  if (!c.key) return "no Azure Speech key configured (set AZURE_SPEECH_KEY)";
  if (!c.region && !c.endpoint)
    return "no Azure Speech region configured (set AZURE_SPEECH_REGION or AZURE_SPEECH_ENDPOINT)";
  return null;
}

async function azureSpeechAvailability(c: AzureSpeechCredentials): Promise<Availability> {
  const reason = azureSpeechProblem(c);
  return reason ? { ok: false, reason } : { ok: true };
}

/** Throws engine_failed before a request that cannot be authorised. */
export function requireAzureSpeech(c: AzureSpeechCredentials): void {
  const reason = azureSpeechProblem(c);
  if (reason) throw new DubError("engine_failed", `Azure Speech is not configured: ${reason}`);
}

/** What the ASR and TTS engines of one Azure Speech resource have in common: cloud, every app language. */
export function azureSpeechEngine(opts: AzureSpeechOptions = {}) {
  const creds = azureSpeechCredentials(opts);
  return {
    creds,
    common: {
      local: false,
      languages: LANGUAGES.map((l) => l.code),
      available: () => azureSpeechAvailability(creds),
    },
  };
}
