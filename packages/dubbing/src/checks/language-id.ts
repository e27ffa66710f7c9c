// Which language a line is written in, from what its letters say: the script for the languages that
// have one of their own (kana, Hangul, Cyrillic, Arabic, Devanagari, Thai, Greek, Hebrew; Han alone for
// Chinese), the frequent words for the Latin-script languages stopwords.ts lists. null when the line
// does not say (too short, or a Latin-script language without a list). Pure.
import { STOP_WORDS, stopWordShare, wordsOf } from "./stopwords.ts";

/** A Latin-script line of at least this many words is judged by its frequent words. */
export const ID_MIN_WORDS = 3;
/** …and reads as the language whose frequent words make at least this share of it (as untranslated.ts). */
export const ID_MIN_SHARE = 0.3;
/** A line of Han characters alone reads as Chinese from this many on (a short one may be Japanese). */
export const ID_MIN_HAN = 8;

const OWN_SCRIPTS: [RegExp, string][] = [
  [/\p{Script=Hangul}/gu, "ko"],
  [/\p{Script=Cyrillic}/gu, "ru"],
  [/\p{Script=Arabic}/gu, "ar"],
  [/\p{Script=Devanagari}/gu, "hi"],
  [/\p{Script=Thai}/gu, "th"],
  [/\p{Script=Greek}/gu, "el"],
  [/\p{Script=Hebrew}/gu, "he"],
];
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const HAN = /\p{Script=Han}/gu;
const LATIN = /\p{Script=Latin}/gu;

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;
/** The code an identification compares: Mandarin's two codes are one language. */
export const baseOf = (language: string) => (language === "cmn" ? "zh" : (language.split("-")[0] ?? ""));

/**
 * Pure: the language a line reads as (an app code), or null when its letters do not say. `expected`: a
 * Latin-script line whose share of that language's frequent words reaches ID_MIN_SHARE reads as it,
 * whatever a neighbour's share (Spanish and Portuguese share many short words).
 */
export function identifyLanguage(text: string, expected?: string): string | null {
  const latin = count(text, LATIN);
  const han = count(text, HAN);
  const kana = count(text, KANA);
  const scripts = OWN_SCRIPTS.map(([re, lang]) => ({ lang, n: count(text, re) }));
  scripts.push(kana > 0 ? { lang: "ja", n: kana + han } : { lang: "zh", n: han });
  const top = scripts.reduce((a, b) => (b.n > a.n ? b : a));
  if (top.n > latin) return top.lang === "zh" && han < ID_MIN_HAN ? null : top.lang;
  const words = wordsOf(text);
  if (latin === 0 || words.length < ID_MIN_WORDS) return null;
  const exp = expected && baseOf(expected);
  if (exp && (stopWordShare(words, exp) ?? 0) >= ID_MIN_SHARE) return exp;
  let best: { lang: string; share: number } | null = null;
  for (const lang of STOP_WORDS.keys()) {
    const share = stopWordShare(words, lang) ?? 0;
    if (share >= ID_MIN_SHARE && (!best || share > best.share)) best = { lang, share };
  }
  return best?.lang ?? null;
}
