import { z } from "zod";
import { languageCodeSchema } from "./language-schemas.ts";

// A glossary: terms kept as they are (brand names) and term pairs per target language, for a project or
// as an account's defaults.

const MAX_GLOSSARY_ENTRIES = 200;
const MAX_TERM_CHARS = 100;

/** One line of text without tabs, line breaks, quotes or angle brackets (which engines' formats use). */
const termText = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `The ${what} cannot be empty.`)
    .max(MAX_TERM_CHARS, `The ${what} can be at most ${MAX_TERM_CHARS} characters.`)
    .refine((s) => !/[\t\r\n"<>]/.test(s), `The ${what} cannot contain tabs, line breaks, quotes or < >.`);

const glossaryEntrySchema = z
  .object({
    term: termText("term"),
    keep: z.boolean().optional(),
    // keyed by the app's languages; a partial record: a term has translations into some of them
    translations: z
      .partialRecord(z.string().pipe(languageCodeSchema), termText("translation"), {
        error: (issue) =>
          issue.code === "invalid_key"
            ? `"${String(issue.input).slice(0, 20)}" is not one of the app's languages.`
            : undefined,
      })
      .optional(),
  })
  .strict()
  .refine((e) => e.keep === true || Object.keys(e.translations ?? {}).length > 0, {
    message: "A term is either kept as it is or has a translation.",
  });

const glossarySchema = z
  .array(glossaryEntrySchema)
  .max(MAX_GLOSSARY_ENTRIES, `A glossary can have at most ${MAX_GLOSSARY_ENTRIES} terms.`)
  .refine((list) => new Set(list.map((e) => e.term.toLowerCase())).size === list.length, {
    message: "Each term can be listed once.",
  });

export const glossaryBody = z.object({ glossary: glossarySchema }).strict();

export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;

/** GET/PUT /api/video/{id}/glossary and /api/account/glossary. */
export const glossaryAnswerSchema = z.object({ glossary: glossarySchema });
export type GlossaryAnswer = z.infer<typeof glossaryAnswerSchema>;
