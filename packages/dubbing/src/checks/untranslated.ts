// untranslated: a line the translation did not translate. Its text is the source's; it reads as the
// source language (a stop-word count: cheap, and only for the languages stopwords.ts lists); it holds
// words the rule-based translator did not know (Apertium marks them *word, #word, @word); or it holds
// frequent words of the language a translation went through (a Spanish "pero" in French).
import { markedWords } from "../mt/apertium-marks.ts";
import { STOP_WORDS, stopWordShare, wordsOf } from "./stopwords.ts";
import type { Finding } from "./types.ts";

/** A line of at least this many words is judged by its language; shorter ones only by identity. */
export const UNTRANSLATED_MIN_WORDS = 3;
/**
 * A line reads as the source language when at least this share of its words are the source's frequent
 * words and more of them than the target's (measured: 40–60 % in ordinary sentences, under 10 % in
 * another language's).
 */
export const UNTRANSLATED_SOURCE_SHARE = 0.3;

export interface UntranslatedInput {
  text: string;
  /** The original line, when known. */
  source?: string;
  sourceLanguage?: string;
  targetLanguage: string;
  /** The languages the translation went through (e.g. ["en", "es", "fr"]). */
  route?: readonly string[];
  /** Words the translator reported it did not know. */
  unknownWords?: readonly string[];
}

const same = (a: string, b: string) => wordsOf(a).join(" ") === wordsOf(b).join(" ");
const base = (l: string) => l.split("-")[0] as string;

/** Pure: the untranslated finding; value is the share of the line's words in the source language. */
export function checkUntranslated(i: UntranslatedInput): Finding {
  const words = wordsOf(i.text);
  const finding = (status: Finding["status"], message: string, value?: number): Finding => ({
    check: "untranslated",
    status,
    message,
    ...(value !== undefined ? { value: Math.round(value * 100) / 100 } : {}),
  });
  const from = i.sourceLanguage && base(i.sourceLanguage);
  const to = base(i.targetLanguage);
  if (i.source && from !== to && words.length >= 2 && same(i.text, i.source))
    return finding("fail", "The line is the original text, not translated.", 1);
  if (from && from !== to && words.length >= UNTRANSLATED_MIN_WORDS) {
    const src = stopWordShare(words, from);
    const tgt = stopWordShare(words, to) ?? 0;
    if (src !== null && src >= UNTRANSLATED_SOURCE_SHARE && src > tgt)
      return finding("fail", `The line reads as ${from}, the original's language, not ${to}.`, src);
  }
  // the translator's unknown words that the line still holds (an edit may have replaced them)
  const held = new Set(words);
  const reported = (i.unknownWords ?? []).filter((w) => wordsOf(w).every((x) => held.has(x)));
  const unknown = [...new Set([...reported, ...markedWords(i.text)])];
  if (unknown.length)
    return finding("warn", `The translator did not know: ${unknown.map((w) => `"${w}"`).join(", ")}.`);
  const pivots = (i.route ?? [])
    .slice(1, -1)
    .map(base)
    .filter((l) => l !== to && l !== from);
  const own = STOP_WORDS.get(to);
  for (const p of pivots) {
    const leaked = [...new Set(words.filter((w) => STOP_WORDS.get(p)?.has(w) && !own?.has(w)))];
    if (leaked.length)
      return finding(
        "warn",
        `Words of ${p}, which the translation went through: ${leaked.map((w) => `"${w}"`).join(", ")}.`,
      );
  }
  return finding("ok", "Translated.");
}
