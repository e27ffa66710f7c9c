// intelligibility: the dubbed clip heard back by the recognition engine and compared with the line's text.
// The measure is the word error rate (words substituted, dropped or added over the line's words), with
// digits and punctuation set aside: a recogniser writes "5" where the voice said "five".
import { wordsOf } from "./stopwords.ts";
import { type Finding, grade, round } from "./types.ts";

/** Word error rate from which a listener misses words… */
export const INTELLIGIBILITY_WARN = 0.5;
/** …and from which the line is not understood. */
export const INTELLIGIBILITY_FAIL = 0.8;

/**
 * Letter error rate under which a line counts as heard whatever its word breaks: a recogniser runs words
 * together ("Farmer's Self-reshbread" for "Farmers sell fresh bread": 2 % of the letters, 50 % of the
 * words), while a line it could not make out differed in 34–52 % of its letters (the report card's bench).
 */
export const LETTERS_HEARD = 0.1;

/** Pure: the fewest insertions, deletions and substitutions that turn `a` into `b`. */
function editDistance<T>(a: readonly T[], b: readonly T[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = cur;
  }
  return prev[b.length] as number;
}

/** Pure: word error rate of `heard` against `expected` (0 = every word heard; can pass 1). */
export function wordErrors(expected: string, heard: string): number {
  const r = wordsOf(expected);
  const h = wordsOf(heard);
  if (r.length === 0) return h.length === 0 ? 0 : 1;
  return editDistance(r, h) / r.length;
}

/** Pure: the same over the letters alone, word breaks and apostrophes set aside. */
export function letterErrors(expected: string, heard: string): number {
  const letters = (t: string) => [...wordsOf(t).join("").replace(/['’]/g, "")];
  const r = letters(expected);
  if (r.length === 0) return letters(heard).length === 0 ? 0 : 1;
  return editDistance(r, letters(heard)) / r.length;
}

/** Pure: the finding from what the engine heard (a string), or why it could not listen (skipped). */
export function checkIntelligibility(text: string, heard: string | { skipped: string }): Finding {
  if (typeof heard !== "string")
    return { check: "intelligibility", status: "skipped", message: heard.skipped };
  const wer = round(wordErrors(text, heard), 2);
  const status =
    letterErrors(text, heard) < LETTERS_HEARD ? "ok" : grade(wer, INTELLIGIBILITY_WARN, INTELLIGIBILITY_FAIL);
  const message =
    status === "ok"
      ? "Heard back as written."
      : `Heard back as “${heard.trim() || "(nothing)"}”: ${Math.round(Math.min(1, wer) * 100)} % of the words differ.`;
  return { check: "intelligibility", status, message, value: wer };
}
