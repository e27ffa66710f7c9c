// Azure AI Translator v3: POST {endpoint}/translate?api-version=3.0&from=…&to=…, headers
// Ocp-Apim-Subscription-Key, Ocp-Apim-Subscription-Region (regional and multi-service resources) and
// Content-Type; body [{"Text": …}] → [{translations: [{text, to}]}], one result per element, in order.
// Followed: learn.microsoft.com/azure/ai-services/translator/text-translation/reference/v3/translate
// (MicrosoftDocs/azure-ai-docs), service-limits (Translate: at most 1,000 elements and 50,000 characters
// per request) and language-support (codes; `pt` is Portuguese (Brazil), `zh-Hans` Chinese Simplified).
import type { Availability, MtEngine, MtOptions, MtResult, Pair, TermPair } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import type { LanguageCode } from "../languages.ts";
import { baseLanguage } from "../languages.ts";
import { providerFetch, providerJson } from "../util/http.ts";
import { batchSpans, inBatches, skipEmpty } from "./batch.ts";
import { replaceTerms } from "./glossary.ts";
import { directPairs } from "./routes.ts";

export const AZURE_TRANSLATOR_ENDPOINT = "https://api.cognitive.microsofttranslator.com";
/** Documented per-request limits of Translate (one target language). */
const AZURE_MAX_ELEMENTS = 1000;
const AZURE_MAX_CHARS = 50_000;

/** App language (base code) → Translator code. The docs list all 21 app languages. */
const CODE: Record<Exclude<LanguageCode, "cmn">, string> = {
  en: "en",
  es: "es",
  fr: "fr",
  de: "de",
  ja: "ja",
  ko: "ko",
  zh: "zh-Hans",
  ar: "ar",
  pt: "pt", // Portuguese (Brazil); Portugal would be pt-pt
  ru: "ru",
  hi: "hi",
  it: "it",
  nl: "nl",
  sv: "sv",
  tr: "tr",
  vi: "vi",
  th: "th",
  el: "el",
  he: "he",
  pl: "pl",
};

/** Pure: the Translator language code for an app language ("zh" and "cmn" → "zh-Hans"). */
export function azureLanguage(code: LanguageCode): string {
  return CODE[baseLanguage(code) as Exclude<LanguageCode, "cmn">];
}

/** Pure: every directed pair of app languages ("zh" ↔ "cmn" is the same language, so not a pair). */
export function azurePairs(): Pair[] {
  return directPairs();
}

/** Pure: the request URL (the query the reference documents: api-version, from, to). */
export function azureTranslateUrl(endpoint: string, from: string, to: string): string {
  const q = new URLSearchParams({ "api-version": "3.0", from, to });
  return `${endpoint.replace(/\/+$/, "")}/translate?${q}`;
}

/**
 * Pure: a text with its glossary terms marked for Translator's dynamic dictionary,
 * `<mstrans:dictionary translation="almacenamiento">storage</mstrans:dictionary>` (a kept term translates to
 * itself). Followed: learn.microsoft.com/azure/ai-services/translator/dynamic-dictionary.
 */
export function azureDictionaryText(text: string, pairs: readonly TermPair[]): string {
  return replaceTerms(
    text,
    pairs,
    (match, pair) => `<mstrans:dictionary translation="${pair.target}">${match}</mstrans:dictionary>`,
  );
}

/** Pure: the JSON body of one Translate request. */
function azureRequestBody(texts: string[]): { Text: string }[] {
  return texts.map((t) => ({ Text: t }));
}

/**
 * Pure: splits texts into consecutive batches within the element and character limits, keeping the order.
 * Characters are counted as UTF-16 code units, never fewer than Azure counts. A text over the limit goes alone.
 */
export function azureBatches(
  texts: string[],
  limits: { maxElements?: number; maxChars?: number } = {},
): string[][] {
  const spans = batchSpans(
    texts.map((t) => t.length),
    { maxItems: limits.maxElements ?? AZURE_MAX_ELEMENTS, maxSize: limits.maxChars ?? AZURE_MAX_CHARS },
  );
  return spans.map((s) => texts.slice(s.start, s.end));
}

/** Pure: the translated texts of a Translate answer, or an error message when it is not one per input. */
export function parseAzureResponse(json: unknown, expected: number): string[] | string {
  if (!Array.isArray(json)) return "Azure Translator answered without a result list";
  const texts = json.map((r) => {
    const list = (r as { translations?: unknown } | null)?.translations;
    return Array.isArray(list) ? (list[0] as { text?: unknown } | undefined)?.text : undefined;
  });
  if (texts.some((t) => typeof t !== "string")) return "Azure Translator answered a result without text";
  if (texts.length !== expected)
    return `Azure Translator returned ${texts.length} results for ${expected} texts`;
  return texts as string[];
}

/**
 * Azure AI Translator (cloud). Key, region and endpoint from the options, else AZURE_TRANSLATOR_KEY,
 * AZURE_TRANSLATOR_REGION and AZURE_TRANSLATOR_ENDPOINT.
 */
export function createAzureTranslatorEngine(
  opts: { key?: string; region?: string; endpoint?: string } = {},
): MtEngine {
  const key = opts.key ?? "";
  const region = opts.region ?? "";
  const endpoint = opts.endpoint || AZURE_TRANSLATOR_ENDPOINT;
  const route = (from: LanguageCode, to: LanguageCode): string[] | null =>
    baseLanguage(from) !== baseLanguage(to) ? [from, to] : null;
  return {
    id: "azure-translator",
    kind: "mt",
    label: "Azure AI Translator",
    local: false,
    async available(): Promise<Availability> {
      if (!key) return { ok: false, reason: "no Azure Translator key configured (set AZURE_TRANSLATOR_KEY)" };
      return { ok: true };
    },
    async pairs() {
      return azurePairs();
    },
    async route(from, to) {
      return route(from, to);
    },
    async translate(texts: string[], from, to, o: MtOptions = {}): Promise<MtResult> {
      const r = route(from, to);
      if (!r) throw new DubError("no_engine", `Azure Translator does not translate from ${from} to ${to}`);
      if (!key)
        throw new DubError("no_engine", "no Azure Translator key configured (set AZURE_TRANSLATOR_KEY)");
      const fromCode = azureLanguage(from);
      const toCode = azureLanguage(to);
      const url = azureTranslateUrl(endpoint, fromCode, toCode);
      const headers: Record<string, string> = {
        "Ocp-Apim-Subscription-Key": key,
        "Content-Type": "application/json; charset=UTF-8",
      };
      // a global resource needs no region; regional and multi-service resources do
      if (region) headers["Ocp-Apim-Subscription-Region"] = region;
      const glossary = o.glossary ?? [];
      const { sent, place } = skipEmpty(texts.map((t) => azureDictionaryText(t, glossary)));
      const batches = azureBatches(sent);
      const call = { provider: "Azure Translator", signal: o.signal };
      const results = await inBatches(batches, o, async (batch) => {
        const res = await providerFetch(
          url,
          { method: "POST", headers, body: JSON.stringify(azureRequestBody(batch)) },
          call,
        );
        const parsed = parseAzureResponse(await providerJson(res, call, { notJson: null }), batch.length);
        if (typeof parsed === "string") throw new DubError("engine_failed", parsed);
        return parsed;
      });
      return {
        texts: place(results),
        route: r,
        params: {
          provider: "Azure AI Translator",
          from: fromCode,
          to: toCode,
          batches: batches.length,
          ...(glossary.length && { glossary: `${glossary.length} terms (dynamic dictionary)` }),
        },
      };
    },
  };
}
