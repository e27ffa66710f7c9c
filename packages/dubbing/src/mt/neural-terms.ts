// Glossary terms through a neural model, which has no glossary of its own and mangles placeholders
// ("ZXQ0QZ" came back "ZXQ0Q"): each term goes in already in its target form (a model copies a
// foreign-script name or a brand it cannot translate), and a target the translation spelled slightly
// differently ("Riveride Market" for "Riverside Market") is put back exactly. Pure.

import type { TermPair } from "../engines/types.ts";
import { containsTerm, replaceTerms } from "./glossary.ts";

/** A window of the translation this close to a term (edit distance over the term's length) is the term. */
export const TERM_REPAIR_DISTANCE = 0.34;

/** Pure: the texts with each glossary term replaced by its target form. */
export function seedTerms(texts: readonly string[], pairs: readonly TermPair[]): string[] {
  return texts.map((t) => replaceTerms(t, pairs, (_m, p) => p.target));
}

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/** Pure: one translation with a term's near-miss spelling replaced by the term (unchanged when none). */
export function repairTerm(text: string, target: string): string {
  if (containsTerm(text, target)) return text;
  const want = target.trim().split(/\s+/).length;
  const words = [...text.matchAll(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)];
  let best: { from: number; to: number; d: number } | null = null;
  for (let i = 0; i + want <= words.length; i++) {
    const first = words[i]!;
    const last = words[i + want - 1]!;
    const from = first.index;
    const to = last.index + last[0].length;
    const d = distance(text.slice(from, to).toLowerCase(), target.toLowerCase()) / target.length;
    if (d <= TERM_REPAIR_DISTANCE && (!best || d < best.d)) best = { from, to, d };
  }
  return best ? text.slice(0, best.from) + target + text.slice(best.to) : text;
}

/** Pure: every translation's glossary targets put back where the model spelled them slightly wrong. */
export function repairTerms(
  sources: readonly string[],
  translations: readonly string[],
  pairs: readonly TermPair[],
): string[] {
  return translations.map((t, i) =>
    pairs
      .filter((p) => containsTerm(sources[i] ?? "", p.source))
      .reduce((text, p) => repairTerm(text, p.target), t),
  );
}
