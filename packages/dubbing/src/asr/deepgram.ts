// Deepgram pre-recorded speech to text: POST {base}/v1/listen?model=…&language=…&punctuate=true&
// diarize=true&smart_format=true, Authorization: Token <key>, the WAV as the body (Content-Type: audio/wav).
// Followed: developers.deepgram.com/reference/speech-to-text/listen-pre-recorded and the feature pages
// docs/punctuation, docs/diarization, docs/smart-format, docs/models-languages-overview: the words are in
// results.channels[0].alternatives[0].words as {word, punctuated_word, start, end (seconds), confidence,
// speaker (0, 1, … with diarize)}. Errors come as {err_code, err_msg}.
// Languages: nova-3 (the default) serves all 20 app languages (the changelog adds Hebrew, Thai and
// Mandarin zh-CN in 2026; Arabic is in the overview's nova-3 list); nova-2 has no Arabic or Hebrew.
import { readFile } from "node:fs/promises";
import { asrSamples } from "../audio/speech-file.ts";
import type { AsrEngine, AsrInput, AsrResult, Availability, Word } from "../engines/types.ts";
import { baseLanguage, LANGUAGES, type LanguageCode } from "../languages.ts";
import { providerFetch, providerJson } from "../util/http.ts";

/** The pre-recorded response (only the fields used). */
export interface DeepgramResponse {
  results?: {
    channels?: {
      alternatives?: {
        words?: {
          word: string;
          punctuated_word?: string;
          start: number;
          end: number;
          confidence?: number;
          speaker?: number;
        }[];
      }[];
    }[];
  };
}

/** Pure: Deepgram's language code for an app language (Mandarin, simplified, as zh-CN). */
export function deepgramLanguage(code: LanguageCode): string {
  const base = baseLanguage(code);
  return base === "zh" ? "zh-CN" : base;
}

/** Pure: the app languages a model serves (nova-2 has no Arabic or Hebrew model). */
export function deepgramLanguages(model: string): LanguageCode[] {
  const all = LANGUAGES.map((l) => l.code);
  return model.startsWith("nova-2") ? all.filter((c) => c !== "ar" && c !== "he") : all;
}

/** Pure: the request URL with the documented query parameters. */
export function deepgramUrl(base: string, model: string, language: string): string {
  const q = new URLSearchParams({
    model,
    language,
    punctuate: "true",
    diarize: "true",
    smart_format: "true",
  });
  return `${base.replace(/\/+$/, "")}/v1/listen?${q}`;
}

/** Pure: words of the first channel's best alternative, in ms, punctuated, with speaker labels, sorted. */
export function parseDeepgramWords(doc: DeepgramResponse): Word[] {
  const words = doc.results?.channels?.[0]?.alternatives?.[0]?.words ?? [];
  const out: Word[] = [];
  for (const w of words) {
    const text = (w.punctuated_word ?? w.word).trim();
    if (!text) continue;
    out.push({
      text,
      start: Math.round(w.start * 1000),
      end: Math.round(w.end * 1000),
      ...(w.confidence !== undefined ? { confidence: w.confidence } : {}),
      ...(w.speaker !== undefined ? { speaker: String(w.speaker) } : {}),
    });
  }
  return out.sort((a, b) => a.start - b.start);
}

export interface DeepgramOptions {
  apiKey?: string;
  /** API host (default https://api.deepgram.com). */
  baseUrl?: string;
  /** Default nova-3. */
  model?: string;
}

/** Deepgram (nova-3): punctuated words with times, confidences and speaker labels, in one request. */
export function createDeepgramEngine(opts: DeepgramOptions = {}): AsrEngine {
  const apiKey = opts.apiKey ?? "";
  const base = opts.baseUrl || "https://api.deepgram.com";
  const model = opts.model || "nova-3";
  return {
    id: "deepgram",
    kind: "asr",
    label: `Deepgram ${model}`,
    local: false,
    languages: deepgramLanguages(model),
    capabilities: { wordTimes: true, speakerLabels: true },
    async available(): Promise<Availability> {
      if (!apiKey) return { ok: false, reason: "no Deepgram key configured (set DEEPGRAM_API_KEY)" };
      return { ok: true };
    },
    async transcribe(input: AsrInput): Promise<AsrResult> {
      const language = deepgramLanguage(input.language);
      const samples = await asrSamples(input);
      const totalMs = Math.round((samples.length / input.sampleRate) * 1000);
      const wav = await readFile(input.wavFile);
      // upload and decoding: two minutes plus the audio's own length is generous
      const call = { provider: "Deepgram", signal: input.signal, timeoutMs: 120_000 + totalMs };
      const res = await providerFetch(
        deepgramUrl(base, model, language),
        {
          method: "POST",
          headers: { Authorization: `Token ${apiKey}`, "Content-Type": "audio/wav" },
          body: wav,
        },
        call,
      );
      const words = parseDeepgramWords((await providerJson(res, call)) as DeepgramResponse);
      input.onProgress?.(1);
      return {
        words,
        params: { model, language, punctuate: true, diarize: true, smart_format: true },
      };
    },
  };
}
