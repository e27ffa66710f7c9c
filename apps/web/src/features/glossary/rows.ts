import type { GlossaryEntry } from "@dubbing/contract";

/** What the glossary form edits: one term and either "keep" or its translation into one language. */
export interface GlossaryRow {
  key: number;
  term: string;
  /** "keep", or the language code the translation is into. */
  target: string;
  translation: string;
}

export const KEEP = "keep";

let nextKey = 1;
export const blankRow = (target = KEEP): GlossaryRow => ({
  key: nextKey++,
  term: "",
  target,
  translation: "",
});

/** Pure: the API's entries as form rows (a term with three translations is three rows). */
export function toRows(glossary: readonly GlossaryEntry[]): GlossaryRow[] {
  return glossary.flatMap((e) => [
    ...(e.keep ? [{ ...blankRow(), term: e.term }] : []),
    ...Object.entries(e.translations ?? {}).map(([target, translation]) => ({
      ...blankRow(target),
      term: e.term,
      translation,
    })),
  ]);
}

/**
 * Pure: form rows as the API's entries — rows of one term (any case) merged, blank rows dropped, a row
 * with a language but no translation left out (the server then names what is missing, if anything).
 */
export function toGlossary(rows: readonly GlossaryRow[]): GlossaryEntry[] {
  const byTerm = new Map<string, GlossaryEntry>();
  for (const r of rows) {
    const term = r.term.trim();
    if (!term) continue;
    const entry = byTerm.get(term.toLowerCase()) ?? { term };
    byTerm.set(term.toLowerCase(), entry);
    if (r.target === KEEP) entry.keep = true;
    else if (r.translation.trim())
      entry.translations = { ...entry.translations, [r.target]: r.translation.trim() };
  }
  return [...byTerm.values()];
}
