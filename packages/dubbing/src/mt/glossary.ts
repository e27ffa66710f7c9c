// Glossaries: terms kept as they are (brand names) and term pairs per target language. Pure helpers every
// MT engine uses: the pairs for one target language, where a term occurs, placeholders for engines that
// have no glossary of their own (Apertium), and which segments lost a term after translation.
import type { TermPair } from "../engines/types.ts";
import { baseLanguage, type LanguageCode } from "../languages.ts";

/** A glossary entry as the API stores it: `keep` (the term stays as written) or translations per language. */
export interface GlossaryEntry {
  term: string;
  keep?: boolean;
  translations?: Record<string, string>;
}

/** A translated segment whose term did not survive: `expected` is missing from its text. */
export interface GlossaryMiss {
  /** 0-based index into the transcript. */
  segment: number;
  term: string;
  expected: string;
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Scripts written without spaces between words (Korean's particles join its nouns): no word edge there. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Pure: a term as a whole word or phrase, any case, any run of spaces between its words; a term that
 * starts or ends in Chinese, Japanese or Korean needs no word edge on that side ("请把河畔市场的").
 */
function termPattern(term: string): RegExp {
  const t = term.trim();
  const words = t.split(/\s+/).map(literal).join("\\s+");
  const before = UNSPACED.test(t[0] ?? "") ? "" : "(?<![\\p{L}\\p{N}_])";
  const after = UNSPACED.test(t.at(-1) ?? "") ? "" : "(?![\\p{L}\\p{N}_])";
  return new RegExp(`${before}${words}${after}`, "giu");
}

export function containsTerm(text: string, term: string): boolean {
  return termPattern(term).test(text);
}

/**
 * Pure: the pairs for one target language, longest source first (so "Acme Cloud Storage" wins over
 * "Acme Cloud"). A kept term maps to itself; a term without a translation into `to` is left out.
 * Entries later in the list replace earlier ones with the same term (project entries after defaults).
 */
export function glossaryFor(entries: readonly GlossaryEntry[], to: LanguageCode): TermPair[] {
  const byTerm = new Map<string, TermPair | null>();
  for (const e of entries) {
    const source = e.term.trim();
    if (!source) continue;
    const target = e.keep ? source : (e.translations?.[to] ?? e.translations?.[baseLanguage(to)]);
    byTerm.set(source.toLowerCase(), target?.trim() ? { source, target: target.trim() } : null);
  }
  return [...byTerm.values()]
    .filter((p): p is TermPair => p !== null)
    .sort((a, b) => b.source.length - a.source.length);
}

/** Pure: project entries over the account's defaults (same term, any case: the project's wins). */
export function mergeGlossaries(defaults: readonly GlossaryEntry[], project: readonly GlossaryEntry[]) {
  const own = new Set(project.map((e) => e.term.trim().toLowerCase()));
  return [...defaults.filter((e) => !own.has(e.term.trim().toLowerCase())), ...project];
}

/**
 * Pure: each occurrence of `pair.source` in `text` (longest terms first) passed to `replace`, which
 * returns what stands in its place. Replaced text is not searched again.
 */
export function replaceTerms(
  text: string,
  pairs: readonly TermPair[],
  replace: (match: string, pair: TermPair, index: number) => string,
): string {
  let parts: (string | { out: string })[] = [text];
  pairs.forEach((pair, index) => {
    parts = parts.flatMap((p) => {
      if (typeof p !== "string") return [p];
      const out: (string | { out: string })[] = [];
      let last = 0;
      for (const m of p.matchAll(termPattern(pair.source))) {
        out.push(p.slice(last, m.index), { out: replace(m[0], pair, index) });
        last = m.index + m[0].length;
      }
      out.push(p.slice(last));
      return out;
    });
  });
  return parts.map((p) => (typeof p === "string" ? p : p.out)).join("");
}

/** A token rule-based engines pass through untouched (an unknown word of capitals and a number). */
export const placeholder = (index: number) => `ZXQ${index}QZ`;

/**
 * Pure: terms replaced by placeholders before translation, and `restore`, which puts each pair's target in
 * place of its placeholder afterwards (for engines without a glossary of their own).
 */
export function protectTerms(texts: readonly string[], pairs: readonly TermPair[]) {
  const protectedTexts = texts.map((t) => replaceTerms(t, pairs, (_m, _p, i) => placeholder(i)));
  const restore = (out: readonly string[]) =>
    out.map((t) => t.replace(/ZXQ(\d+)QZ/gi, (m, i: string) => pairs[Number(i)]?.target ?? m));
  return { texts: protectedTexts, restore };
}

/** Pure: the segments whose source has a term whose target is missing from the translation. */
export function glossaryMisses(
  sources: readonly string[],
  translations: readonly string[],
  pairs: readonly TermPair[],
): GlossaryMiss[] {
  const misses: GlossaryMiss[] = [];
  sources.forEach((source, segment) => {
    for (const p of pairs) {
      if (containsTerm(source, p.source) && !containsTerm(translations[segment] ?? "", p.target))
        misses.push({ segment, term: p.source, expected: p.target });
    }
  });
  return misses;
}
