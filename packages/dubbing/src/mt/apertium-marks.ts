// Apertium marks the words it could not handle: *word (not in its dictionary), @word (no translation of a
// known word), #word (a form it could not generate). The marks say which lines need a look (the report
// card's `untranslated` check); the text spoken keeps the words without them.

const MARK = /(?<![\p{L}\p{N}])[*#@](?=\p{L})/gu;
const MARKED = /(?<![\p{L}\p{N}])[*#@](\p{L}[\p{L}\p{N}'’-]*)/gu;
/** A glossary term's stand-in (mt/glossary.ts `placeholder`): unknown to Apertium on purpose. */
const PLACEHOLDER = /^ZXQ\d+QZ$/i;

/** Pure: the words Apertium marked in a text, without their marks (never a glossary placeholder). */
export function markedWords(text: string): string[] {
  return [...text.matchAll(MARKED)].map((m) => m[1] as string).filter((w) => !PLACEHOLDER.test(w));
}

/** Pure: the text without Apertium's marks (an e-mail address or "5*3" keeps its characters). */
export function unmark(text: string): string {
  return text.replace(MARK, "");
}
