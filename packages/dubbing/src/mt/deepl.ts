// DeepL API v2 text translation: POST {base}/v2/translate, header `Authorization: DeepL-Auth-Key <key>`,
// JSON body {text: [...], source_lang, target_lang} → {translations: [{detected_source_language, text}]}
// in the order of `text`.
// Followed: developers.deepl.com/docs/api-reference/translate (DeepLcom/api-docs api-reference/translate.mdx:
// at most 50 texts and a 128 KiB body per request; free keys end in ":fx" and use api-free.deepl.com) and
// /docs/getting-started/supported-languages (source and target codes; regional targets EN-US, PT-BR, ZH-HANS).
import type { Availability, MtEngine, MtOptions, MtResult, Pair, TermPair } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import type { LanguageCode } from "../languages.ts";
import { baseLanguage } from "../languages.ts";
import { providerFetch, providerJson } from "../util/http.ts";
import { batchSpans, inBatches, skipEmpty } from "./batch.ts";
import { directPairs } from "./routes.ts";

export const DEEPL_PRO_URL = "https://api.deepl.com";
export const DEEPL_FREE_URL = "https://api-free.deepl.com";
/** Documented per-request limits of /v2/translate. */
const DEEPL_MAX_TEXTS = 50;
const DEEPL_MAX_BODY_BYTES = 128 * 1024;

/**
 * App language (base code) → DeepL source_lang. Every app language DeepL documents for text translation;
 * Hindi is not in DeepL's list of supported languages, so it has no entry.
 */
const SOURCE: Partial<Record<LanguageCode, string>> = {
  en: "EN",
  es: "ES",
  fr: "FR",
  de: "DE",
  ja: "JA",
  ko: "KO",
  zh: "ZH",
  ar: "AR",
  pt: "PT",
  ru: "RU",
  it: "IT",
  nl: "NL",
  sv: "SV",
  tr: "TR",
  vi: "VI",
  th: "TH",
  el: "EL",
  he: "HE",
  pl: "PL",
};

/** target_lang differs where DeepL asks for a variant: American English, Brazilian Portuguese, Simplified Chinese. */
const TARGET: Partial<Record<LanguageCode, string>> = {
  ...SOURCE,
  en: "EN-US",
  pt: "PT-BR",
  zh: "ZH-HANS",
};

/** Pure: DeepL's source_lang for an app language, or undefined when DeepL does not translate from it. */
export function deeplSourceLang(code: LanguageCode): string | undefined {
  return SOURCE[baseLanguage(code)];
}

/** Pure: DeepL's target_lang for an app language, or undefined when DeepL does not translate into it. */
export function deeplTargetLang(code: LanguageCode): string | undefined {
  return TARGET[baseLanguage(code)];
}

/** Pure: every directed pair of app languages DeepL serves ("zh" ↔ "cmn" is the same language, so not a pair). */
export function deeplPairs(): Pair[] {
  return directPairs(
    (c) => deeplSourceLang(c) !== undefined,
    (c) => deeplTargetLang(c) !== undefined,
  );
}

/** Pure: the JSON body of one /v2/translate request (`glossary_id` needs `source_lang`, always sent). */
export function deeplRequestBody(
  texts: string[],
  sourceLang: string,
  targetLang: string,
  glossaryId?: string,
) {
  return {
    text: texts,
    source_lang: sourceLang,
    target_lang: targetLang,
    ...(glossaryId && { glossary_id: glossaryId }),
  };
}

/**
 * Pure: the body of POST /v2/glossaries — entries as TSV (one "source<TAB>target" per line), languages
 * without a regional variant (a glossary into "EN" serves EN-US).
 * Followed: developers.deepl.com/docs/api-reference/glossaries (v2 glossaries, entries_format "tsv").
 */
function deeplGlossaryBody(pairs: readonly TermPair[], sourceLang: string, targetLang: string) {
  return {
    name: "dubbing project glossary",
    source_lang: sourceLang.split("-")[0]!,
    target_lang: targetLang.split("-")[0]!,
    entries: pairs.map((p) => `${p.source}\t${p.target}`).join("\n"),
    entries_format: "tsv",
  };
}

/**
 * Pure: splits texts into consecutive batches of at most `maxTexts` whose JSON body stays within `maxBytes`
 * (UTF-8), keeping the order. A single text larger than the limit goes alone (DeepL will then refuse it).
 */
export function deeplBatches(
  texts: string[],
  sourceLang: string,
  targetLang: string,
  limits: { maxTexts?: number; maxBytes?: number } = {},
): string[][] {
  const empty = Buffer.byteLength(JSON.stringify(deeplRequestBody([], sourceLang, targetLang)));
  // each text costs its JSON and the "," before it; the first has no ",", hence one byte more room
  const spans = batchSpans(
    texts.map((t) => Buffer.byteLength(JSON.stringify(t)) + 1),
    {
      maxItems: limits.maxTexts ?? DEEPL_MAX_TEXTS,
      maxSize: (limits.maxBytes ?? DEEPL_MAX_BODY_BYTES) - empty + 1,
    },
  );
  return spans.map((s) => texts.slice(s.start, s.end));
}

/** Pure: the translated texts of a /v2/translate answer, or an error message when it is not one text per input. */
export function parseDeeplResponse(json: unknown, expected: number): string[] | string {
  const list = (json as { translations?: unknown } | null)?.translations;
  if (!Array.isArray(list)) return "DeepL answered without translations";
  const texts = list.map((t) => (t as { text?: unknown } | null)?.text);
  if (texts.some((t) => typeof t !== "string")) return "DeepL answered a translation without text";
  if (texts.length !== expected) return `DeepL returned ${texts.length} translations for ${expected} texts`;
  return texts as string[];
}

/** Pure: the API base for a key — DeepL serves free-plan keys (ending in ":fx") from a separate host. */
export function deeplBaseUrl(apiKey: string, configured?: string): string {
  if (configured) return configured.replace(/\/+$/, "").replace(/\/v2$/, "");
  return apiKey.endsWith(":fx") ? DEEPL_FREE_URL : DEEPL_PRO_URL;
}

/** DeepL (cloud). Key and URL from the options (the server sets them from DEEPL_API_KEY and DEEPL_API_URL). */
export function createDeepLEngine(opts: { apiKey?: string; baseUrl?: string } = {}): MtEngine {
  const apiKey = opts.apiKey ?? "";
  const configuredUrl = opts.baseUrl;
  const route = (from: LanguageCode, to: LanguageCode): string[] | null =>
    deeplSourceLang(from) && deeplTargetLang(to) && baseLanguage(from) !== baseLanguage(to)
      ? [from, to]
      : null;
  return {
    id: "deepl",
    kind: "mt",
    label: "DeepL",
    local: false,
    async available(): Promise<Availability> {
      if (!apiKey) return { ok: false, reason: "no DeepL key configured (set DEEPL_API_KEY)" };
      return { ok: true };
    },
    async pairs() {
      return deeplPairs();
    },
    async route(from, to) {
      return route(from, to);
    },
    async translate(texts: string[], from, to, o: MtOptions = {}): Promise<MtResult> {
      const r = route(from, to);
      if (!r) throw new DubError("no_engine", `DeepL does not translate from ${from} to ${to}`);
      if (!apiKey) throw new DubError("no_engine", "no DeepL key configured (set DEEPL_API_KEY)");
      const sourceLang = deeplSourceLang(from)!;
      const targetLang = deeplTargetLang(to)!;
      const base = deeplBaseUrl(apiKey, configuredUrl);
      const headers = { Authorization: `DeepL-Auth-Key ${apiKey}`, "Content-Type": "application/json" };
      const call = { provider: "DeepL", signal: o.signal };
      // The glossary lives at DeepL for this run only: made before, deleted after (even on failure).
      let glossaryId: string | undefined;
      if (o.glossary?.length) {
        const res = await providerFetch(
          `${base}/v2/glossaries`,
          {
            method: "POST",
            headers,
            body: JSON.stringify(deeplGlossaryBody(o.glossary, sourceLang, targetLang)),
          },
          call,
        );
        const made = (await providerJson(res, call, { notJson: null })) as { glossary_id?: unknown } | null;
        if (typeof made?.glossary_id !== "string")
          throw new DubError("engine_failed", "DeepL answered without a glossary id");
        glossaryId = made.glossary_id;
      }
      try {
        const { sent, place } = skipEmpty(texts);
        const batches = deeplBatches(sent, sourceLang, targetLang);
        const results = await inBatches(batches, o, async (batch) => {
          const res = await providerFetch(
            `${base}/v2/translate`,
            {
              method: "POST",
              headers,
              body: JSON.stringify(deeplRequestBody(batch, sourceLang, targetLang, glossaryId)),
            },
            call,
          );
          const parsed = parseDeeplResponse(await providerJson(res, call, { notJson: null }), batch.length);
          if (typeof parsed === "string") throw new DubError("engine_failed", parsed);
          return parsed;
        });
        return {
          texts: place(results),
          route: r,
          params: {
            provider: "DeepL",
            source_lang: sourceLang,
            target_lang: targetLang,
            batches: batches.length,
            ...(glossaryId && { glossary: `${o.glossary!.length} terms` }),
          },
        };
      } finally {
        if (glossaryId)
          await fetch(`${base}/v2/glossaries/${encodeURIComponent(glossaryId)}`, {
            method: "DELETE",
            headers,
          }).catch(() => {}); // an undeleted glossary costs nothing but a slot; the translation stands
      }
    },
  };
}
