// Azure AI Speech fast transcription: POST https://{region}.api.cognitive.microsoft.com/speechtotext/
// transcriptions:transcribe?api-version=2025-10-15, header Ocp-Apim-Subscription-Key, multipart with
// `audio` (the file) and `definition` (JSON: locales, diarization {enabled, maxSpeakers},
// profanityFilterMode). Followed: learn.microsoft.com/azure/ai-services/speech-service/
// fast-transcription-create (MicrosoftDocs/azure-ai-docs includes/common/transcription-rest-api.md,
// January 2026): the answer's `phrases[]` carry offsetMilliseconds, durationMilliseconds, display text
// (punctuated), `speaker` when diarization is on, and `words[]` with the same time fields; Chinese and
// Japanese words are single characters and punctuation may come as a word of its own. Audio must be
// under 5 hours and 500 MB, and under 2 hours with diarization.
import { readFile } from "node:fs/promises";
import { asrSamples } from "../audio/speech-file.ts";
import {
  type AzureSpeechOptions,
  azureLocale,
  azureSpeechEngine,
  requireAzureSpeech,
} from "../engines/azure.ts";
import type { AsrEngine, AsrInput, AsrResult, Word } from "../engines/types.ts";
import { providerFetch, providerJson } from "../util/http.ts";

export const AZURE_STT_API_VERSION = "2025-10-15";

/** Diarization is documented for audio under 2 hours; longer audio is transcribed without it. */
const MAX_DIARIZED_MS = 2 * 3600_000;

/** At most this many speakers (the pipeline's own default for its diarizer). */
const MAX_SPEAKERS = 8;

/** Pure: the transcribe URL, on the custom endpoint when one is set, else on the region's host. */
export function azureTranscribeUrl(where: { region?: string; endpoint?: string }): string {
  const host = where.endpoint
    ? where.endpoint.replace(/\/+$/, "")
    : `https://${where.region}.api.cognitive.microsoft.com`;
  return `${host}/speechtotext/transcriptions:transcribe?api-version=${AZURE_STT_API_VERSION}`;
}

/**
 * Pure: the `definition` form field. Profanity is kept as spoken (the default, Masked, would put
 * asterisks into the text to translate and speak).
 */
export function azureDefinition(
  locale: string,
  diarize: boolean,
  speakers?: number,
): Record<string, unknown> {
  return {
    locales: [locale],
    // the user's count is the hint Azure takes (maxSpeakers); one speaker needs no diarization
    ...(diarize && speakers !== 1
      ? { diarization: { enabled: true, maxSpeakers: speakers ?? MAX_SPEAKERS } }
      : {}),
    profanityFilterMode: "None",
  };
}

/** The transcribe answer (only the fields used). */
export interface AzureTranscribeResponse {
  durationMilliseconds?: number;
  phrases?: {
    offsetMilliseconds: number;
    durationMilliseconds: number;
    text: string;
    speaker?: number;
    channel?: number;
    locale?: string;
    confidence?: number;
    words?: { text: string; offsetMilliseconds: number; durationMilliseconds: number }[];
  }[];
}

const PUNCT_ONLY = /^[\p{P}\s]+$/u;
const OPENING_ONLY = /^[\p{Ps}\p{Pi}]+$/u;
const ENDS_WITH_PUNCT = /[\p{Pe}\p{Pf}\p{Po}]$/u;

/**
 * Pure: the phrases' words in ms, sorted, with the phrase's speaker. A punctuation mark that comes as a
 * word of its own ("。") is put onto the word before it (an opening one, "“", onto the word after it),
 * and the phrase's closing punctuation onto its last word when that has none. A phrase without words
 * counts as one word.
 */
export function parseAzureWords(doc: AzureTranscribeResponse): Word[] {
  const out: Word[] = [];
  for (const p of doc.phrases ?? []) {
    const speaker = p.speaker !== undefined ? { speaker: String(p.speaker) } : {};
    const raw = p.words?.length
      ? p.words
      : [
          {
            text: p.text,
            offsetMilliseconds: p.offsetMilliseconds,
            durationMilliseconds: p.durationMilliseconds,
          },
        ];
    const words: Word[] = [];
    let opening = "";
    for (const w of raw) {
      const text = w.text.trim();
      const prev = words.at(-1);
      if (!text) continue;
      if (OPENING_ONLY.test(text)) opening += text;
      else if (PUNCT_ONLY.test(text)) {
        if (prev) prev.text += text;
      } else {
        const start = w.offsetMilliseconds;
        words.push({ text: opening + text, start, end: start + w.durationMilliseconds, ...speaker });
        opening = "";
      }
    }
    const last = words.at(-1);
    const closing = /[\p{Pe}\p{Pf}\p{Po}]+$/u.exec(p.text.trim())?.[0];
    if (last && closing && !ENDS_WITH_PUNCT.test(last.text)) last.text += closing;
    out.push(...words);
  }
  return out.sort((a, b) => a.start - b.start);
}

export type AzureAsrOptions = AzureSpeechOptions;

/**
 * Azure AI Speech fast transcription: all app languages, punctuated words with times, speaker labels
 * (diarization, for audio under 2 hours).
 */
export function createAzureAsrEngine(opts: AzureAsrOptions = {}): AsrEngine {
  const { creds, common } = azureSpeechEngine(opts);
  return {
    id: "azure-stt",
    ...common,
    kind: "asr",
    label: "Azure AI Speech (fast transcription)",
    capabilities: { wordTimes: true, speakerLabels: true },
    async transcribe(input: AsrInput): Promise<AsrResult> {
      requireAzureSpeech(creds);
      const locale = azureLocale(input.language);
      const samples = await asrSamples(input);
      const totalMs = Math.round((samples.length / input.sampleRate) * 1000);
      const diarize = totalMs < MAX_DIARIZED_MS && input.speakers !== 1;
      const form = new FormData();
      form.append("audio", new Blob([await readFile(input.wavFile)], { type: "audio/wav" }), "audio.wav");
      form.append("definition", JSON.stringify(azureDefinition(locale, diarize, input.speakers)));
      // upload and decoding: two minutes plus the audio's own length is generous
      const call = { provider: "Azure Speech", signal: input.signal, timeoutMs: 120_000 + totalMs };
      const res = await providerFetch(
        azureTranscribeUrl(creds),
        { method: "POST", headers: { "Ocp-Apim-Subscription-Key": creds.key }, body: form },
        call,
      );
      const words = parseAzureWords((await providerJson(res, call)) as AzureTranscribeResponse);
      input.onProgress?.(1);
      return { words, params: { apiVersion: AZURE_STT_API_VERSION, locale, diarization: diarize } };
    },
  };
}
