// OpenAI speech to text: POST {base}/v1/audio/transcriptions, multipart (file, model, language,
// response_format=verbose_json, timestamp_granularities[]=word and =segment), Authorization: Bearer.
// Followed: the API reference "Create transcription" (platform.openai.com/docs/api-reference/audio/
// createTranscription, as generated into openai-node src/resources/audio/transcriptions.ts):
// `words[]` {word, start, end} and `segments[]` {start, end, text} in seconds; word timestamps need
// verbose_json and, among the documented models, only whisper-1 returns them. File uploads are limited
// to 25 MB. With `word` alone the response has no segments, so both granularities are asked for
// (segment timestamps cost no extra latency): the segments carry the punctuation the words lack.
import { readFile } from "node:fs/promises";
import type { Region } from "../audio/features.ts";
import { asrSamples } from "../audio/speech-file.ts";
import { encodeWav } from "../audio/wav.ts";
import type { AsrEngine, AsrInput, AsrResult, Availability, Word } from "../engines/types.ts";
import { baseLanguage, LANGUAGES, type LanguageCode } from "../languages.ts";
import { apiUrl, providerFetch, providerJson } from "../util/http.ts";
import { mapLimit } from "../util/pool.ts";

/**
 * Longest piece of audio sent in one request: 10 minutes of 16 kHz 16-bit mono WAV is 19.2 MB, well
 * under the 25 MB upload limit (13.6 minutes would reach it).
 */
export const OPENAI_MAX_PIECE_MS = 600_000;

/** Requests in flight at once for long audio (the account's rate limits are shared with other jobs). */
const PARALLEL_PIECES = 2;

/** The verbose_json response (only the fields used). */
export interface OpenAiVerboseJson {
  text?: string;
  words?: { word: string; start: number; end: number }[];
  segments?: { start: number; end: number; text: string }[];
}

/** Pure: the ISO-639-1 code the API takes ("cmn" and "zh" are both Mandarin). */
export function openAiLanguage(code: LanguageCode): string {
  return baseLanguage(code);
}

/**
 * Pure: pieces covering [0, totalMs], each at most `maxMs`, cut in silences between speech regions:
 * the longest pause in the second half of the allowed length (long pauses end sentences), else the last
 * pause before it, else (one region longer than `maxMs`) at `maxMs`.
 */
export function planPieces(speech: Region[], totalMs: number, maxMs = OPENAI_MAX_PIECE_MS): Region[] {
  if (totalMs <= maxMs) return [{ start: 0, end: totalMs }];
  const sorted = [...speech].sort((a, b) => a.start - b.start);
  const gaps: Region[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const end = sorted[i - 1]!.end;
    const start = sorted[i]!.start;
    if (start > end) gaps.push({ start: end, end: start });
  }
  const mid = (g: Region) => Math.round((g.start + g.end) / 2);
  const pieces: Region[] = [];
  let start = 0;
  while (totalMs - start > maxMs) {
    const limit = start + maxMs;
    const inReach = gaps.filter((g) => mid(g) > start && mid(g) <= limit);
    const late = inReach.filter((g) => mid(g) > start + maxMs / 2);
    let cut = limit;
    if (late.length) cut = mid(late.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a)));
    else if (inReach.length) cut = mid(inReach.at(-1)!);
    pieces.push({ start, end: cut });
    start = cut;
  }
  pieces.push({ start, end: totalMs });
  return pieces;
}

/** Closing punctuation that may follow a word (not opening brackets or quotes). */
const TRAILING = /^[\p{Pe}\p{Pf}\p{Po}]+/u;
/** Marks that join the parts of one word or number ("don't", "3.5") when a letter or digit follows. */
const INTRA_WORD = /^['’.·-]+$/u;
const LETTER = /[\p{L}\p{N}]/u;
/** Longest stretch of unmatched text skipped to find a word (one substituted token, e.g. "10" for "ten"). */
const MAX_SKIP = 10;

/** Lower case that keeps every index ("İ" would lengthen to "i̇" and shift the text against its copy). */
function fold(s: string): string {
  return Array.from(s, (c) => {
    const l = c.toLowerCase();
    return l.length === c.length ? l : c;
  }).join("");
}

/**
 * Pure: copies the punctuation of `text` onto the words it follows. Words are found in order from a
 * cursor, case-insensitively; a word is matched when at most one short token lies between the cursor and
 * it (no spaces are needed, so it works for Chinese and Japanese too). Unmatched words are left as they
 * are. Finally the text's closing punctuation goes onto the last word when it has none, so a sentence
 * end is never lost.
 */
export function punctuate(words: Word[], text: string): Word[] {
  const lower = fold(text);
  let cursor = 0;
  const out = words.map((w) => {
    const needle = fold(w.text);
    const at = needle ? lower.indexOf(needle, cursor) : -1;
    if (at < 0) return w;
    const gap = text.slice(cursor, at).trim();
    if (LETTER.test(gap) && (/\s/.test(gap) || gap.length > MAX_SKIP)) return w;
    cursor = at + needle.length;
    const punct = TRAILING.exec(text.slice(cursor))?.[0] ?? "";
    if (!punct) return w;
    const next = text[cursor + punct.length];
    if (next !== undefined && LETTER.test(next) && INTRA_WORD.test(punct)) return w;
    cursor += punct.length;
    return { ...w, text: w.text + punct };
  });
  const last = out.at(-1);
  const closing = /[\p{Pe}\p{Pf}\p{Po}]+$/u.exec(text.trim())?.[0];
  if (last && closing && !/[\p{Pe}\p{Pf}\p{Po}]$/u.test(last.text))
    out[out.length - 1] = { ...last, text: last.text + closing };
  return out;
}

/**
 * Pure: words (ms, sorted, shifted by `offsetMs`) from a verbose_json response. Each word goes to the
 * segment its middle falls in, and takes its punctuation from that segment's text.
 */
export function parseOpenAiVerbose(doc: OpenAiVerboseJson, offsetMs = 0): Word[] {
  const words: Word[] = (doc.words ?? [])
    .map((w) => ({
      text: w.word.trim(),
      start: Math.round(w.start * 1000),
      end: Math.round(w.end * 1000),
    }))
    .filter((w) => w.text)
    .sort((a, b) => a.start - b.start);
  const segments = [...(doc.segments ?? [])].sort((a, b) => a.start - b.start);
  let out = words;
  if (segments.length) {
    const groups: Word[][] = segments.map(() => []);
    for (const w of words) {
      const mid = (w.start + w.end) / 2000;
      let i = 0;
      while (i + 1 < segments.length && segments[i + 1]!.start <= mid) i++;
      groups[i]!.push(w);
    }
    out = groups.flatMap((g, i) => punctuate(g, segments[i]!.text));
  }
  return out.map((w) => ({ ...w, start: w.start + offsetMs, end: w.end + offsetMs }));
}

export interface OpenAiAsrOptions {
  apiKey?: string;
  /** API host (default https://api.openai.com), with or without "/v1". */
  baseUrl?: string;
  /** Default whisper-1 (the model documented with word timestamps). */
  model?: string;
  /** Longest piece per request (default 10 minutes; smaller in tests). */
  maxPieceMs?: number;
}

/**
 * OpenAI transcription (whisper-1): all app languages, word times, no speaker labels. Audio longer than
 * 10 minutes is cut at pauses into pieces sent separately (two at a time), their word times shifted back.
 */
export function createOpenAiAsrEngine(opts: OpenAiAsrOptions = {}): AsrEngine {
  const apiKey = opts.apiKey ?? "";
  const url = apiUrl(opts.baseUrl || "https://api.openai.com", "/v1/audio/transcriptions");
  const model = opts.model || "whisper-1";
  const maxPieceMs = opts.maxPieceMs ?? OPENAI_MAX_PIECE_MS;

  async function transcribePiece(wav: Buffer, input: AsrInput, piece: Region): Promise<Word[]> {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(wav)], { type: "audio/wav" }), "audio.wav");
    form.append("model", model);
    form.append("language", openAiLanguage(input.language));
    form.append("response_format", "verbose_json");
    form.append("timestamp_granularities[]", "word");
    form.append("timestamp_granularities[]", "segment");
    // upload and decoding: two minutes plus the piece's own length is generous
    const call = { provider: "OpenAI", signal: input.signal, timeoutMs: 120_000 + (piece.end - piece.start) };
    const res = await providerFetch(
      url,
      { method: "POST", headers: { Authorization: `Bearer ${apiKey}` }, body: form },
      call,
    );
    return parseOpenAiVerbose((await providerJson(res, call)) as OpenAiVerboseJson, piece.start);
  }

  return {
    id: "openai-asr",
    kind: "asr",
    label: `OpenAI ${model}`,
    local: false,
    languages: LANGUAGES.map((l) => l.code),
    capabilities: { wordTimes: true, speakerLabels: false },
    async available(): Promise<Availability> {
      if (!apiKey) return { ok: false, reason: "no OpenAI key configured (set OPENAI_API_KEY)" };
      return { ok: true };
    },
    async transcribe(input: AsrInput): Promise<AsrResult> {
      const samples = await asrSamples(input);
      const totalMs = Math.round((samples.length / input.sampleRate) * 1000);
      const pieces = planPieces(input.speech, totalMs, maxPieceMs);
      let done = 0;
      const perPiece = await mapLimit(pieces, PARALLEL_PIECES, async (p) => {
        // one piece: the file as extracted; several: each cut from the decoded samples
        const wav =
          pieces.length === 1
            ? await readFile(input.wavFile)
            : encodeWav(
                samples.subarray(
                  Math.round((p.start * input.sampleRate) / 1000),
                  Math.round((p.end * input.sampleRate) / 1000),
                ),
                input.sampleRate,
              );
        const words = await transcribePiece(wav, input, p);
        done++;
        input.onProgress?.(done / pieces.length);
        return words;
      });
      return {
        words: perPiece.flat().sort((a, b) => a.start - b.start),
        params: { model, language: openAiLanguage(input.language), pieces: pieces.length },
      };
    },
  };
}
