// Azure Speech text to speech over REST: POST https://{region}.tts.speech.microsoft.com/cognitiveservices/v1
// with an SSML body, answered with a RIFF WAV.
// Docs followed: "Text to speech REST API" (learn.microsoft.com/azure/ai-services/speech-service/rest-text-to-speech:
// headers Ocp-Apim-Subscription-Key, Content-Type application/ssml+xml, X-Microsoft-OutputFormat, User-Agent)
// and "Voice and sound with SSML" (…/speech-synthesis-markup-voice: <lang xml:lang> for multilingual voices,
// <prosody rate> within 0.5–2 times the original rate).
import {
  type AzureSpeechOptions,
  azureLocale,
  azureSpeechEngine,
  requireAzureSpeech,
} from "../engines/azure.ts";
import type { Clip, LocalVoice, SynthesisRequest, TtsEngine } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import { baseLanguage, type LanguageCode } from "../languages.ts";
import { providerBytes, providerFetch } from "../util/http.ts";
import { findVoice, VOICES, type VoiceOption } from "../voices/catalog.ts";
import { wavClip } from "./clip.ts";

export const AZURE_PROVIDER = "Azure Speech";

/** Non-streaming 24 kHz 16-bit mono PCM in a RIFF header (the voices' native rate). */
export const AZURE_OUTPUT_FORMAT = "riff-24khz-16bit-mono-pcm";

/** The speaking-rate range the SSML docs give: 0.5 to 2 times the original. */
export const AZURE_MIN_RATE = 0.5;
export const AZURE_MAX_RATE = 2;

const xml = (t: string) =>
  t
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** Pure: a relative rate as the SSML relative percentage ("+20.00%", "-15.00%"), clamped to Azure's range. */
export function azureRate(rate = 1): string {
  const r = Math.max(AZURE_MIN_RATE, Math.min(AZURE_MAX_RATE, rate));
  const pct = (r - 1) * 100;
  return `${pct < 0 ? "-" : "+"}${Math.abs(pct).toFixed(2)}%`;
}

/**
 * Pure: the SSML for one utterance. The <speak> language is the voice's own locale (its name prefix), as
 * the docs' multilingual examples do; the target language goes in <lang xml:lang>.
 */
export function azureSsml(req: {
  text: string;
  voice: string;
  language: LanguageCode;
  rate?: number;
}): string {
  const voiceLocale = /^[a-z]{2,3}-[A-Z]{2}/.exec(req.voice)?.[0] ?? "en-US";
  const text = req.text.replace(/\s+/g, " ").trim();
  return (
    `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${voiceLocale}">` +
    `<voice name="${xml(req.voice)}">` +
    `<lang xml:lang="${azureLocale(req.language)}">` +
    `<prosody rate="${azureRate(req.rate)}">${xml(text)}</prosody>` +
    "</lang></voice></speak>"
  );
}

/** Pure: the synthesis URL; an explicit endpoint wins over the region (a path already given is kept). */
export function azureUrl(cfg: { region?: string; endpoint?: string }): string {
  if (cfg.endpoint) {
    const base = cfg.endpoint.replace(/\/+$/, "");
    return base.endsWith("/cognitiveservices/v1") ? base : `${base}/cognitiveservices/v1`;
  }
  return `https://${cfg.region}.tts.speech.microsoft.com/cognitiveservices/v1`;
}

const asLocal = (v: VoiceOption, language: LanguageCode): LocalVoice => ({
  engine: "azure-tts",
  id: v.value,
  language,
  gender: v.gender,
  label: `Azure ${v.name}`,
});

/**
 * Azure Speech: the catalogue's 47 multilingual neural voices themselves, every app language, rate
 * control by SSML. Needs a key and a region (or an endpoint).
 */
export function createAzureTtsEngine(opts: AzureSpeechOptions = {}): TtsEngine {
  const { creds, common } = azureSpeechEngine(opts);
  return {
    id: "azure-tts",
    ...common,
    kind: "tts",
    label: "Azure Speech",
    capabilities: { rateControl: true, minRate: AZURE_MIN_RATE, maxRate: AZURE_MAX_RATE },
    voices(language) {
      return VOICES.map((v) => asLocal(v, language));
    },
    // the catalogue voices are Azure voices: each one is itself
    voiceFor(value, language) {
      const v = findVoice(value);
      return v && asLocal(v, language);
    },
    async synthesize(req: SynthesisRequest): Promise<Clip> {
      if (!req.text.trim()) throw new DubError("invalid_segment", "nothing to say: the text is empty");
      requireAzureSpeech(creds);
      const call = { provider: AZURE_PROVIDER, signal: req.signal };
      const res = await providerFetch(
        azureUrl(creds),
        {
          method: "POST",
          headers: {
            "Ocp-Apim-Subscription-Key": creds.key,
            "Content-Type": "application/ssml+xml",
            "X-Microsoft-OutputFormat": AZURE_OUTPUT_FORMAT,
            "User-Agent": "dubbing",
          },
          body: azureSsml(req),
        },
        call,
      );
      return wavClip(
        await providerBytes(res, call),
        AZURE_PROVIDER,
        `${req.voice} in ${baseLanguage(req.language)}`,
      );
    },
  };
}
