// ElevenLabs text to speech: POST {base}/v1/text-to-speech/{voice_id}?output_format=pcm_24000 with the
// xi-api-key header and a JSON body { text, model_id, voice_settings: { speed } }, answered with raw PCM.
// Docs followed: API reference "Create speech" (elevenlabs.io/docs/api-reference/text-to-speech/convert:
// output_format values, model_id default eleven_multilingual_v2, voice_settings.speed, language_code "not
// supported for multilingual_v2 models"), "Text to Speech" capabilities (PCM is S16LE), "Models" (languages
// per model), agents "Speed control" (speed 0.7–1.2) and "Default Voices" (voice ids and genders).

import { pcm16ToFloat } from "../audio/wav.ts";
import type { Clip, Gender, SynthesisRequest, TtsEngine } from "../engines/types.ts";
import { baseLanguage, LANGUAGES, type LanguageCode } from "../languages.ts";
import { audioClip } from "./clip.ts";
import { fixedVoices, type KeyedProvider, keyedAvailability, postUtterance } from "./keyed.ts";

export const ELEVENLABS_PROVIDER = "ElevenLabs";

/** The highest-quality multilingual model, the API's own default. */
export const ELEVENLABS_DEFAULT_MODEL = "eleven_multilingual_v2";

/** Raw 16-bit little-endian mono PCM at 24 kHz (44.1 kHz needs a Pro subscription). */
export const ELEVENLABS_OUTPUT_FORMAT = "pcm_24000";
export const ELEVENLABS_SAMPLE_RATE = 24000;

/** The documented voice_settings.speed range. */
export const ELEVENLABS_MIN_SPEED = 0.7;
export const ELEVENLABS_MAX_SPEED = 1.2;

/** The app languages each model documents (of its 29–70+); other models are taken as multilingual v2. */
const V2: readonly LanguageCode[] = [
  "en",
  "es",
  "fr",
  "de",
  "ja",
  "ko",
  "zh",
  "ar",
  "pt",
  "ru",
  "hi",
  "it",
  "nl",
  "sv",
  "tr",
  "el",
  "pl",
  "cmn",
];
export const ELEVENLABS_MODEL_LANGUAGES: ReadonlyMap<string, readonly LanguageCode[]> = new Map([
  ["eleven_multilingual_v2", V2],
  ["eleven_flash_v2_5", [...V2, "vi"]],
  ["eleven_turbo_v2_5", [...V2, "vi"]],
  ["eleven_v3", LANGUAGES.map((l) => l.code)],
]);

export function elevenLabsLanguages(model: string): readonly LanguageCode[] {
  return ELEVENLABS_MODEL_LANGUAGES.get(model) ?? V2;
}

/** The default ("premade") voices as the Default Voices page lists them, but River, who is non-binary. */
export const ELEVENLABS_VOICES: readonly { id: string; name: string; gender: Gender }[] = [
  { id: "Xb7hH8MSUJpSbSDYk0k2", name: "Alice", gender: "Female" },
  { id: "9BWtsMINqrJLrRacOk9x", name: "Aria", gender: "Female" },
  { id: "pqHfZKP75CvOlQylNhV4", name: "Bill", gender: "Male" },
  { id: "nPczCjzI2devNBz1zQrb", name: "Brian", gender: "Male" },
  { id: "N2lVS1w4EtoT3dr4eOWO", name: "Callum", gender: "Male" },
  { id: "IKne3meq5aSn9XLyUdCD", name: "Charlie", gender: "Male" },
  { id: "XB0fDUnXU5powFXDhCwa", name: "Charlotte", gender: "Female" },
  { id: "iP95p4xoKVk53GoZ742B", name: "Chris", gender: "Male" },
  { id: "onwK4e9ZLuTAKqWW03F9", name: "Daniel", gender: "Male" },
  { id: "cjVigY5qzO86Huf0OWal", name: "Eric", gender: "Male" },
  { id: "JBFqnCBsd6RMkjVDRZzb", name: "George", gender: "Male" },
  { id: "cgSgspJ2msm6clMCkdW9", name: "Jessica", gender: "Female" },
  { id: "FGY2WhTYpPnrIDTdsKH5", name: "Laura", gender: "Female" },
  { id: "TX3LPaxmHKxFdv7VOQHJ", name: "Liam", gender: "Male" },
  { id: "pFZP5JQG7iQjIQuC4Bku", name: "Lily", gender: "Female" },
  { id: "XrExE9yKIg1WjnnlVkGX", name: "Matilda", gender: "Female" },
  { id: "CwhRBWXzGAHq8TQ4Fs17", name: "Roger", gender: "Male" },
  { id: "EXAVITQu4vr4xnSDxMaL", name: "Sarah", gender: "Female" },
  { id: "bIHbv24MWmeRgasZH58o", name: "Will", gender: "Male" },
];

/** Pure: the JSON body of one utterance. language_code only for models that take it (not multilingual v2). */
export function elevenLabsBody(req: { text: string; language: LanguageCode; rate?: number }, model: string) {
  const body: {
    text: string;
    model_id: string;
    language_code?: string;
    voice_settings: { speed: number };
  } = {
    text: req.text.replace(/\s+/g, " ").trim(),
    model_id: model,
    voice_settings: { speed: Math.max(ELEVENLABS_MIN_SPEED, Math.min(ELEVENLABS_MAX_SPEED, req.rate ?? 1)) },
  };
  if (!model.startsWith("eleven_multilingual")) body.language_code = baseLanguage(req.language);
  return body;
}

/** Pure: the speech URL for a voice, with the output format. */
export function elevenLabsUrl(baseUrl: string, voiceId: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return `${base}/v1/text-to-speech/${encodeURIComponent(voiceId)}?output_format=${ELEVENLABS_OUTPUT_FORMAT}`;
}

const VOICES = fixedVoices("elevenlabs", "ElevenLabs", ELEVENLABS_VOICES);

/** Pure: the ElevenLabs voice for a catalogue voice: a default voice of its gender, spread as pickByGender does. */
export const elevenLabsVoiceFor = VOICES.voiceFor;

/** ElevenLabs: 19 default voices, the languages of the model, rate control by voice_settings.speed. */
export function createElevenLabsTtsEngine(
  opts: { apiKey?: string; baseUrl?: string; model?: string } = {},
): TtsEngine {
  const key: KeyedProvider = {
    provider: ELEVENLABS_PROVIDER,
    apiKey: opts.apiKey ?? "",
    variable: "ELEVENLABS_API_KEY",
  };
  const baseUrl = opts.baseUrl || "https://api.elevenlabs.io";
  const model = opts.model || ELEVENLABS_DEFAULT_MODEL;
  const languages = elevenLabsLanguages(model);
  return {
    id: "elevenlabs",
    kind: "tts",
    label: "ElevenLabs",
    local: false,
    languages,
    capabilities: { rateControl: true, minRate: ELEVENLABS_MIN_SPEED, maxRate: ELEVENLABS_MAX_SPEED },
    available: () => keyedAvailability(key),
    voices: (language) => (languages.includes(language) ? VOICES.list(language) : []),
    voiceFor: (value, language) =>
      languages.includes(language) ? VOICES.voiceFor(value, language) : undefined,
    async synthesize(req: SynthesisRequest): Promise<Clip> {
      const url = elevenLabsUrl(baseUrl, req.voice);
      const bytes = await postUtterance(key, req, {
        url,
        headers: { "xi-api-key": key.apiKey },
        body: elevenLabsBody(req, model),
      });
      return audioClip(
        { samples: pcm16ToFloat(bytes), sampleRate: ELEVENLABS_SAMPLE_RATE },
        ELEVENLABS_PROVIDER,
      );
    },
  };
}
