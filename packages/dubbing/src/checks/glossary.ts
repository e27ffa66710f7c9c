// glossary: a term of the glossary that the translation lost. The misses are recorded at translation;
// a line edited since that has the term again is clear.
import { containsTerm, type GlossaryMiss } from "../mt/glossary.ts";
import type { Finding } from "./types.ts";

/** Pure: the glossary finding for one line from the misses recorded for it; value is the terms missing. */
export function checkGlossary(
  text: string,
  misses: readonly Pick<GlossaryMiss, "term" | "expected">[],
): Finding {
  const missing = misses.filter((m) => !containsTerm(text, m.expected));
  if (!missing.length) return { check: "glossary", status: "ok", message: "Every glossary term is there." };
  const list = missing.map((m) => `"${m.expected}" (for "${m.term}")`).join(", ");
  return {
    check: "glossary",
    status: "fail",
    message: `The glossary term ${list} is missing.`,
    value: missing.length,
  };
}
