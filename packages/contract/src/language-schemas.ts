import { z } from "zod";
import { DETECT, LANGUAGE_CODES } from "./languages.ts";

/** How a language outside the list is refused (its first 20 characters echoed back). */
const unknownLanguage = (issue: { input?: unknown }) =>
  `"${String(issue.input).slice(0, 20)}" is not one of the app's languages.`;
/** One of the app's languages, parsed once at the edge: the server and the pipeline take its type. */
export const languageCodeSchema = z.enum(LANGUAGE_CODES, { error: unknownLanguage });
/** A spoken language: one of the app's, or "detect" (recognition finds it). */
export const spokenLanguageSchema = z.enum([...LANGUAGE_CODES, DETECT], { error: unknownLanguage });
