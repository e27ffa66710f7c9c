import { baseLanguage, isLanguageCode } from "../languages.ts";

/**
 * The ISO 639-2/T code an MP4 audio track is tagged with, for an app language (MP4 tags tracks with
 * ISO 639-2; "zh" and "cmn" are both Chinese there, since 639-2 has no code for Mandarin alone).
 */
const ISO_639_2 = new Map(
  Object.entries({
    en: "eng",
    es: "spa",
    fr: "fra",
    de: "deu",
    ja: "jpn",
    ko: "kor",
    zh: "zho",
    ar: "ara",
    pt: "por",
    ru: "rus",
    hi: "hin",
    it: "ita",
    nl: "nld",
    sv: "swe",
    tr: "tur",
    vi: "vie",
    th: "tha",
    el: "ell",
    he: "heb",
    pl: "pol",
  }),
);

/** "spa" for "es"; "und" (undetermined) for a code that is not an app language. */
export function trackLanguage(code: string): string {
  return (isLanguageCode(code) && ISO_639_2.get(baseLanguage(code))) || "und";
}
