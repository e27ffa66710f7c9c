// OpenAI chat completions as a translator: POST {base}/v1/chat/completions with `Authorization: Bearer <key>`,
// {model, messages, response_format: {type: "json_schema", json_schema: {name, strict: true, schema}}}
// → {choices: [{message: {content: "<JSON matching the schema>", refusal}, finish_reason}]}.
// Followed: platform.openai.com/docs/api-reference/chat/create and /docs/guides/structured-outputs
// (strict schemas need every property required and additionalProperties false; supported from
// gpt-4o-mini-2024-07-18 and gpt-4o-2024-08-06 on, hence the default model).
import type {
  Availability,
  MtEngine,
  MtOptions,
  MtResult,
  Pair,
  ShortenItem,
  TermPair,
} from "../engines/types.ts";
import { DubError, throwIfAborted } from "../errors.ts";
import type { LanguageCode } from "../languages.ts";
import { baseLanguage, languageName } from "../languages.ts";
import { apiUrl, providerFetch, providerJson } from "../util/http.ts";
import { batchSpans, inBatches, type Span, skipEmpty } from "./batch.ts";
import { directPairs } from "./routes.ts";

export const OPENAI_BASE_URL = "https://api.openai.com";
export const OPENAI_MT_MODEL = "gpt-4o-mini";
/** Segments per request: small enough that the model keeps count, large enough for context. */
const OPENAI_BATCH_SEGMENTS = 40;
const OPENAI_BATCH_CHARS = 8000;
/** Neighbouring segments shown on each side of a batch, for context only. */
const OPENAI_CONTEXT_SEGMENTS = 3;

/** Pure: how the prompt names a language ("pt" is Brazilian Portuguese, "zh"/"cmn" Mandarin in Simplified script). */
export function promptLanguage(code: LanguageCode): string {
  const base = baseLanguage(code);
  if (base === "pt") return "Brazilian Portuguese";
  if (base === "zh") return "Mandarin Chinese (Simplified Chinese characters)";
  return languageName(base);
}

/** Pure: every directed pair of app languages ("zh" ↔ "cmn" is the same language, so not a pair). */
export function openAiPairs(): Pair[] {
  return directPairs();
}

/** Pure: consecutive batches of at most `maxSegments` texts and about `maxChars` characters (a longer text goes alone). */
export function openAiBatches(
  texts: string[],
  limits: { maxSegments?: number; maxChars?: number } = {},
): Span[] {
  return batchSpans(
    texts.map((t) => t.length),
    { maxItems: limits.maxSegments ?? OPENAI_BATCH_SEGMENTS, maxSize: limits.maxChars ?? OPENAI_BATCH_CHARS },
  );
}

/** The structured output asked for: one {id, text} per segment, in order. */
export const TRANSLATIONS_SCHEMA = {
  type: "object",
  properties: {
    translations: {
      type: "array",
      items: {
        type: "object",
        properties: { id: { type: "integer" }, text: { type: "string" } },
        required: ["id", "text"],
        additionalProperties: false,
      },
    },
  },
  required: ["translations"],
  additionalProperties: false,
} as const;

/** Pure: the glossary as an instruction: each term and what it must become ("" without terms). */
function glossaryInstruction(glossary: readonly TermPair[]): string {
  if (glossary.length === 0) return "";
  const rules = glossary.map((p) =>
    p.source === p.target
      ? `"${p.source}" stays "${p.source}" (do not translate it)`
      : `"${p.source}" becomes "${p.target}"`,
  );
  return `Glossary, to follow exactly wherever the term occurs (any case): ${rules.join("; ")}.`;
}

/** Pure: the system prompt for one language pair (and the glossary's terms, when there are any). */
function openAiInstructions(
  from: LanguageCode,
  to: LanguageCode,
  glossary: readonly TermPair[] = [],
): string {
  const f = promptLanguage(from);
  const t = promptLanguage(to);
  return [
    `You translate the transcript of a video from ${f} to ${t} for dubbing.`,
    'The user message is a JSON object. "segments" holds the numbered segments to translate;',
    '"context_before" and "context_after" hold neighbouring lines of the transcript, for context only: do not translate them.',
    `Translate each segment on its own into natural spoken ${t}, keeping its meaning and about its length.`,
    "Never merge, split, drop or reorder segments.",
    'Answer with "translations": exactly one {"id", "text"} per segment, in the same order and with the same ids.',
    glossaryInstruction(glossary),
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * Pure: the chat completions body for the span `span` of `texts` (the non-empty texts of the transcript),
 * with up to `context` neighbouring texts on each side.
 */
/** The languages of a request to the model, and the glossary's terms for them. */
export interface OpenAiLanguages {
  from: LanguageCode;
  to: LanguageCode;
  glossary?: readonly TermPair[];
}

export function openAiRequestBody(
  model: string,
  texts: string[],
  span: Span,
  { from, to, context = OPENAI_CONTEXT_SEGMENTS, glossary = [] }: OpenAiLanguages & { context?: number },
) {
  const input = {
    context_before: texts.slice(Math.max(0, span.start - context), span.start),
    segments: texts.slice(span.start, span.end).map((text, k) => ({ id: k + 1, text })),
    context_after: texts.slice(span.end, span.end + context),
  };
  return {
    model,
    messages: [
      { role: "system", content: openAiInstructions(from, to, glossary) },
      { role: "user", content: JSON.stringify(input) },
    ],
    response_format: {
      type: "json_schema",
      json_schema: { name: "segment_translations", strict: true, schema: TRANSLATIONS_SCHEMA },
    },
  };
}

/**
 * Pure: the translations of a chat completion, or why it is unusable (refusal, cut off, not the schema,
 * not one translation per segment with ids 1…n in order).
 */
export function parseOpenAiResponse(json: unknown, expected: number): string[] | string {
  const choice = (json as { choices?: unknown[] } | null)?.choices?.[0] as
    | { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }
    | undefined;
  const message = choice?.message;
  if (typeof message?.refusal === "string" && message.refusal)
    return `OpenAI refused to translate: ${message.refusal}`;
  if (choice?.finish_reason === "length") return "OpenAI's answer was cut off (too long)";
  if (typeof message?.content !== "string") return "OpenAI answered without content";
  let list: unknown;
  try {
    list = (JSON.parse(message.content) as { translations?: unknown }).translations;
  } catch {
    return "OpenAI answered with invalid JSON";
  }
  if (!Array.isArray(list)) return "OpenAI answered without translations";
  if (list.length !== expected) return `OpenAI returned ${list.length} translations for ${expected} segments`;
  const out: string[] = [];
  for (const [k, item] of list.entries()) {
    const { id, text } = (item ?? {}) as { id?: unknown; text?: unknown };
    if (id !== k + 1 || typeof text !== "string") return "OpenAI returned the segments out of order";
    out.push(text.trim());
  }
  return out;
}

/** Pure: the system prompt asking for shorter renderings (lines that must fit their time). */
function openAiShortenInstructions(from: LanguageCode, to: LanguageCode, glossary: readonly TermPair[] = []) {
  const t = promptLanguage(to);
  return [
    `These ${t} lines translate a ${promptLanguage(from)} video for dubbing, and each is too long to be spoken in its time.`,
    'The user message is a JSON object; "lines" holds numbered items with the "source" line, its "translation" and "max_chars".',
    `Rewrite each translation in natural spoken ${t} in at most max_chars characters, keeping its meaning: drop filler, use shorter words, never add anything.`,
    'Answer with "translations": exactly one {"id", "text"} per line, in the same order and with the same ids.',
    glossaryInstruction(glossary),
  ]
    .filter(Boolean)
    .join(" ");
}

/** Pure: the chat completions body asking for shorter renderings of `items`. */
function openAiShortenBody(
  model: string,
  items: readonly ShortenItem[],
  { from, to, glossary = [] }: OpenAiLanguages,
) {
  const lines = items.map((x, k) => ({
    id: k + 1,
    source: x.source,
    translation: x.text,
    max_chars: x.budget,
  }));
  return {
    model,
    messages: [
      { role: "system", content: openAiShortenInstructions(from, to, glossary) },
      { role: "user", content: JSON.stringify({ lines }) },
    ],
    response_format: {
      type: "json_schema",
      json_schema: { name: "shorter_translations", strict: true, schema: TRANSLATIONS_SCHEMA },
    },
  };
}

/** Pure: the chat completions URL; a base already ending in /v1 (the SDKs' convention) is accepted too. */
export function openAiUrl(base: string): string {
  return apiUrl(base, "/v1/chat/completions");
}

/**
 * An OpenAI chat model as translator (cloud). Key, base URL and model from the options, else OPENAI_API_KEY,
 * OPENAI_BASE_URL and OPENAI_MT_MODEL.
 */
export function createOpenAiMtEngine(
  opts: { apiKey?: string; baseUrl?: string; model?: string } = {},
): MtEngine {
  const apiKey = opts.apiKey ?? "";
  // a self-hosted OpenAI-compatible server (Ollama, llama.cpp's server, vLLM, LM Studio) needs no key
  const configured = Boolean(apiKey || opts.baseUrl);
  const notConfigured =
    "no OpenAI key or compatible server configured (set OPENAI_API_KEY or OPENAI_BASE_URL)";
  const headers = {
    ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
    "Content-Type": "application/json",
  };
  const url = openAiUrl(opts.baseUrl || OPENAI_BASE_URL);
  const model = opts.model || OPENAI_MT_MODEL;
  const route = (from: LanguageCode, to: LanguageCode): string[] | null =>
    baseLanguage(from) !== baseLanguage(to) ? [from, to] : null;
  return {
    id: "openai-mt",
    kind: "mt",
    label: `OpenAI ${model}`,
    local: false,
    async available(): Promise<Availability> {
      if (!configured) return { ok: false, reason: notConfigured };
      return { ok: true };
    },
    async pairs() {
      return openAiPairs();
    },
    async route(from, to) {
      return route(from, to);
    },
    async translate(texts: string[], from, to, o: MtOptions = {}): Promise<MtResult> {
      const r = route(from, to);
      if (!r) throw new DubError("no_engine", `OpenAI does not translate from ${from} to ${to}`);
      if (!configured) throw new DubError("no_engine", notConfigured);
      // empty texts are not sent (nor shown as context)
      const { sent, place } = skipEmpty(texts);
      const spans = openAiBatches(sent);
      const call = { provider: "OpenAI", signal: o.signal };
      let retries = 0;
      const results = await inBatches(spans, o, async (span) => {
        const body = JSON.stringify(openAiRequestBody(model, sent, span, { from, to, glossary: o.glossary }));
        let parsed: string[] | string = "";
        // a model can still miscount: ask once more, then give up
        for (let attempt = 0; attempt < 2; attempt++) {
          if (attempt > 0) {
            throwIfAborted(o.signal);
            retries++;
          }
          const res = await providerFetch(
            url,
            {
              method: "POST",
              headers,
              body,
            },
            call,
          );
          parsed = parseOpenAiResponse(
            await providerJson(res, call, { notJson: null }),
            span.end - span.start,
          );
          if (typeof parsed !== "string") break;
        }
        if (typeof parsed === "string")
          throw new DubError(
            "engine_failed",
            `${parsed} (segments ${span.start + 1}–${span.end}, asked twice)`,
          );
        return parsed;
      });
      return {
        texts: place(results),
        route: r,
        params: {
          provider: "OpenAI",
          model,
          batches: spans.length,
          retries,
          responseFormat: "json_schema (strict)",
          ...(o.glossary?.length && { glossary: `${o.glossary.length} terms in the instructions` }),
        },
      };
    },
    // Asked once per batch: an answer that is not one line per item keeps the long lines as they were.
    async shorten(items: ShortenItem[], from, to, o: MtOptions = {}): Promise<string[]> {
      if (!configured) throw new DubError("no_engine", notConfigured);
      const call = { provider: "OpenAI", signal: o.signal };
      const spans = openAiBatches(items.map((x) => x.text));
      const results = await inBatches(spans, { signal: o.signal }, async (span) => {
        const batch = items.slice(span.start, span.end);
        const res = await providerFetch(
          url,
          {
            method: "POST",
            headers,
            body: JSON.stringify(openAiShortenBody(model, batch, { from, to, glossary: o.glossary })),
          },
          call,
        );
        const parsed = parseOpenAiResponse(await providerJson(res, call, { notJson: null }), batch.length);
        return typeof parsed === "string" ? batch.map((x) => x.text) : parsed;
      });
      return results;
    },
  };
}
