import { DETECT, isLanguageCode, type LanguageCode, type SpokenLanguage } from "@dubbing/contract";
import { AppError } from "../errors.ts";

/**
 * The video's spoken language once it is known: "detect" means recognition has not found it (yet), and
 * nothing can be translated from it until the user picks one.
 */
export function knownLanguage(project: { language: SpokenLanguage }): LanguageCode {
  if (project.language === DETECT)
    throw new AppError(
      "conflict",
      "The video's spoken language is not known yet. Choose it and transcribe the video again.",
    );
  return project.language;
}

export const NO_TRANSLATION = "This project has no translation into that language.";

/**
 * A path's language (`/translations/:language`): one of the app's, else the 404 of a translation that
 * does not exist, answered before any query (a NUL or a 5,000-character value never reaches SQL).
 */
export function languageParam(value: string): LanguageCode {
  if (!isLanguageCode(value)) throw new AppError("not_found", NO_TRANSLATION);
  return value;
}
