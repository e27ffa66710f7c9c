// meaning: does the line say what the original says, in the language it should? Two readings that need
// no reference translation: the line's language identified from its letters (language-id.ts), and the
// line translated back into the original's language and compared with the original by chrF (chrf.ts).
// A line in another language, or whose back-translation shares little with the original (another
// sentence, a garbled line), fails. Pure; the back-translation is made by pipeline/dub/checks.ts.
import { languageName } from "../languages.ts";
import { sentenceChrf } from "../mt/chrf.ts";
import { baseOf, identifyLanguage } from "./language-id.ts";
import { wordsOf } from "./stopwords.ts";
import { type Finding, round } from "./types.ts";

/**
 * Back-translation chrF under which a line fails (it says something else), and under which it warns.
 * Measured (docs/ENGINES.md "The meaning check"): Apertium's lines of the five-minute script translated
 * back from es, fr, pt and it scored 33–100 against their originals (5th percentile 39–47), another
 * line's translation 8–23 and a garbled line 6–18.
 */
export const MEANING_FAIL_CHRF = 25;
export const MEANING_WARN_CHRF = 30;
/**
 * A line this close to the original (chrF against it) is the original left untranslated: Apertium's
 * translations of the five-minute script share at most 38 with their English originals.
 */
export const MEANING_SAME_CHRF = 60;
/** An original of fewer words is not compared (a back-translated "Thanks." for "Thank you." is fine). */
export const MEANING_MIN_WORDS = 3;

export interface MeaningInput {
  text: string;
  targetLanguage: string;
  /** The original line and its language, when known. */
  source?: string;
  sourceLanguage?: string;
  /** The line translated back into the original's language, when an engine could. */
  back?: string;
  /** Why there is no back-translation (shown when the language alone was checked). */
  backSkipped?: string;
}

const quote = (s: string) => `"${s.length > 80 ? `${s.slice(0, 77)}…` : s}"`;

/** Pure: the meaning finding; value is the back-translation's chrF against the original (0–100). */
export function checkMeaning(i: MeaningInput): Finding {
  const f = (status: Finding["status"], message: string, value?: number): Finding => ({
    check: "meaning",
    status,
    message,
    ...(value !== undefined ? { value: round(value, 1) } : {}),
  });
  const to = baseOf(i.targetLanguage);
  const said = identifyLanguage(i.text, to);
  if (said && said !== to)
    return f("fail", `The line reads as ${languageName(said)}, not ${languageName(to)}.`);
  const long = !!i.source && wordsOf(i.source).length >= MEANING_MIN_WORDS;
  const from = i.sourceLanguage && baseOf(i.sourceLanguage);
  if (long && i.source && from && from !== to && sentenceChrf(i.text, i.source) >= MEANING_SAME_CHRF)
    return f("fail", "The line is the original's words, not translated.");
  if (long && i.source && i.back !== undefined) {
    const score = sentenceChrf(i.back ?? "", i.source);
    const back = `Translated back, the line says ${quote(i.back ?? "")}`;
    if (score < MEANING_FAIL_CHRF)
      return f("fail", `${back}: not what the original says (${quote(i.source)}).`, score);
    if (score < MEANING_WARN_CHRF)
      return f("warn", `${back}: it may not say what the original says (${quote(i.source)}).`, score);
    return f("ok", "Translated back, it says what the original says.", score);
  }
  const why = i.backSkipped ?? (i.source ? "the original is too short to compare" : "no original to compare");
  if (said) return f("ok", `Written in ${languageName(to)}; not translated back: ${why}.`);
  return f("skipped", `Not translated back: ${why}.`);
}
