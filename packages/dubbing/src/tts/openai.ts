// OpenAI text to speech: POST {base}/v1/audio/speech with a Bearer key and a JSON body
// { model, input, voice, response_format: "wav", speed }, answered with the audio file.
// Docs followed: API reference "Create speech" (platform.openai.com/docs/api-reference/audio/createSpeech, as
// generated into openai-node src/resources/audio/speech.ts: speed 0.25–4.0, "does not work with
// gpt-4o-mini-tts"; formats mp3, opus, aac, flac, wav, pcm) and the text-to-speech guide (tts-1 / tts-1-hd
// voices: alloy, ash, coral, echo, fable, onyx, nova, sage, shimmer; languages as Whisper's).
import type { Clip, Gender, SynthesisRequest, TtsEngine } from "../engines/types.ts";
import { LANGUAGES } from "../languages.ts";
import { apiUrl } from "../util/http.ts";
import { wavClip } from "./clip.ts";
import { fixedVoices, type KeyedProvider, keyedAvailability, postUtterance } from "./keyed.ts";

export const OPENAI_PROVIDER = "OpenAI";

/** The default model: the higher-quality one of the two that honour `speed` (gpt-4o-mini-tts ignores it). */
export const OPENAI_DEFAULT_MODEL = "tts-1-hd";

/** The documented `speed` range. */
export const OPENAI_MIN_SPEED = 0.25;
export const OPENAI_MAX_SPEED = 4;

/**
 * The built-in voices every speech model accepts. OpenAI does not state genders; these are how the voices
 * are commonly heard (alloy is the most neutral and is counted as female).
 */
export const OPENAI_VOICES: readonly { id: string; gender: Gender }[] = [
  { id: "alloy", gender: "Female" },
  { id: "ash", gender: "Male" },
  { id: "coral", gender: "Female" },
  { id: "echo", gender: "Male" },
  { id: "fable", gender: "Male" },
  { id: "nova", gender: "Female" },
  { id: "onyx", gender: "Male" },
  { id: "sage", gender: "Female" },
  { id: "shimmer", gender: "Female" },
];

/** Pure: whether the model honours `speed` (the reference says it does not work with gpt-4o-mini-tts). */
export function openAiSpeedWorks(model: string): boolean {
  return !model.startsWith("gpt-4o-mini-tts");
}

/** Pure: the JSON body of one utterance; the rate becomes `speed` within 0.25–4 when the model honours it. */
export function openAiSpeechBody(req: { text: string; voice: string; rate?: number }, model: string) {
  const body: { model: string; input: string; voice: string; response_format: "wav"; speed?: number } = {
    model,
    input: req.text.replace(/\s+/g, " ").trim(),
    voice: req.voice,
    response_format: "wav",
  };
  if (openAiSpeedWorks(model))
    body.speed = Math.max(OPENAI_MIN_SPEED, Math.min(OPENAI_MAX_SPEED, req.rate ?? 1));
  return body;
}

/**
 * Pure: the speech URL. The base is the API origin ("https://api.openai.com"); a base that already ends in
 * /v1 (the form the official SDKs read from OPENAI_BASE_URL) is accepted too.
 */
export function openAiSpeechUrl(baseUrl: string): string {
  return apiUrl(baseUrl, "/v1/audio/speech");
}

const VOICES = fixedVoices("openai-tts", "OpenAI", OPENAI_VOICES);

/** Pure: the OpenAI voice for a catalogue voice: one of its gender, spread as pickByGender does. */
export const openAiVoiceFor = VOICES.voiceFor;

/** OpenAI speech: 9 voices, every app language, rate control by `speed` (except with gpt-4o-mini-tts). */
export function createOpenAiTtsEngine(
  opts: { apiKey?: string; baseUrl?: string; model?: string } = {},
): TtsEngine {
  const key: KeyedProvider = {
    provider: OPENAI_PROVIDER,
    apiKey: opts.apiKey ?? "",
    variable: "OPENAI_API_KEY",
  };
  const baseUrl = opts.baseUrl || "https://api.openai.com";
  const model = opts.model || OPENAI_DEFAULT_MODEL;
  return {
    id: "openai-tts",
    kind: "tts",
    label: "OpenAI TTS",
    local: false,
    languages: LANGUAGES.map((l) => l.code),
    capabilities: openAiSpeedWorks(model)
      ? { rateControl: true, minRate: OPENAI_MIN_SPEED, maxRate: OPENAI_MAX_SPEED }
      : { rateControl: false, minRate: 1, maxRate: 1 },
    available: () => keyedAvailability(key),
    voices: VOICES.list,
    voiceFor: openAiVoiceFor,
    async synthesize(req: SynthesisRequest): Promise<Clip> {
      const auth = { Authorization: `Bearer ${key.apiKey}` };
      const bytes = await postUtterance(key, req, {
        url: openAiSpeechUrl(baseUrl),
        headers: auth,
        body: openAiSpeechBody(req, model),
      });
      return wavClip(bytes, OPENAI_PROVIDER);
    },
  };
}
