// The product's voice catalogue: 47 Azure-style `{locale}-{Name}MultilingualNeural`
// voices (real Azure Speech voice names), each with name and gender. Every voice can speak every app
// language: with Azure configured it is the Azure voice itself; offline it maps to a local voice.
import type { Gender, LocalVoice } from "../engines/types.ts";
import type { LanguageCode } from "../languages.ts";
import { reachFirst, registerVoice, type SpeakerFit, untakenFirst } from "./register.ts";

export interface VoiceOption {
  /** Display name, e.g. "Andrew". */
  name: string;
  /** Azure voice id, e.g. "en-US-AndrewMultilingualNeural". */
  value: string;
  gender: Gender;
  locale: string;
}

const RAW: [locale: string, name: string, gender: "M" | "F"][] = [
  ["en-US", "Andrew", "M"],
  ["en-US", "Ava", "F"],
  ["en-US", "Brian", "M"],
  ["en-US", "Emma", "F"],
  ["en-US", "Adam", "M"],
  ["en-US", "Amanda", "F"],
  ["en-US", "Brandon", "M"],
  ["en-US", "Cora", "F"],
  ["en-US", "Christopher", "M"],
  ["en-US", "Evelyn", "F"],
  ["en-US", "Davis", "M"],
  ["en-US", "Jenny", "F"],
  ["en-US", "Derek", "M"],
  ["en-US", "Lola", "F"],
  ["en-US", "Dustin", "M"],
  ["en-US", "Nancy", "F"],
  ["en-US", "Lewis", "M"],
  ["en-US", "Phoebe", "F"],
  ["en-US", "Ryan", "M"],
  ["en-US", "Serena", "F"],
  ["en-US", "Samuel", "M"],
  ["en-US", "Steffan", "M"],
  ["en-GB", "Ada", "F"],
  ["en-GB", "Ollie", "M"],
  ["de-DE", "Seraphina", "F"],
  ["de-DE", "Florian", "M"],
  ["es-ES", "Arabella", "F"],
  ["es-ES", "Tristan", "M"],
  ["es-ES", "Isidora", "F"],
  ["es-ES", "Ximena", "F"],
  ["fr-FR", "Vivienne", "F"],
  ["fr-FR", "Remy", "M"],
  ["fr-FR", "Lucien", "M"],
  ["it-IT", "Isabella", "F"],
  ["it-IT", "Alessio", "M"],
  ["it-IT", "Giuseppe", "M"],
  ["it-IT", "Marcello", "M"],
  ["ja-JP", "Masaru", "M"],
  ["ko-KR", "Hyunsu", "M"],
  ["pt-BR", "Thalita", "F"],
  ["pt-BR", "Macerio", "M"],
  ["zh-CN", "Xiaoxiao", "F"],
  ["zh-CN", "Yunyi", "M"],
  ["zh-CN", "Xiaochen", "F"],
  ["zh-CN", "Yunfan", "M"],
  ["zh-CN", "Xiaoyu", "F"],
  ["zh-CN", "Yunxiao", "M"],
];

/** The 47 voices, in display order. */
export const VOICES: readonly VoiceOption[] = RAW.map(([locale, name, g]) => ({
  name,
  value: `${locale}-${name}MultilingualNeural`,
  gender: g === "M" ? "Male" : "Female",
  locale,
}));

/** The catalogue locale of each app language that has one. */
export const LOCALE_OF: Partial<Record<LanguageCode, string>> = {
  en: "en-US",
  es: "es-ES",
  fr: "fr-FR",
  de: "de-DE",
  it: "it-IT",
  ja: "ja-JP",
  ko: "ko-KR",
  pt: "pt-BR",
  zh: "zh-CN",
  cmn: "zh-CN",
};

export function findVoice(value: string): VoiceOption | undefined {
  return VOICES.find((v) => v.value === value);
}

/**
 * Catalogue voices for speakers of `language` and `gender`, best first: voices of the language's own
 * locale (en-GB after en-US for English), then the US English multilingual voices.
 */
export function voicesFor(language: LanguageCode, gender: Gender): VoiceOption[] {
  const locale = LOCALE_OF[language];
  const own = VOICES.filter(
    (v) => v.gender === gender && locale && v.locale.slice(0, 2) === locale.slice(0, 2),
  );
  own.sort((a, b) => Number(b.locale === locale) - Number(a.locale === locale));
  const rest = VOICES.filter((v) => v.gender === gender && v.locale === "en-US" && !own.includes(v));
  return [...own, ...rest];
}

/** Pure: distinct default voices for speakers with the given genders, in order, none of `taken` if it can. */
export function defaultVoices(
  language: LanguageCode,
  genders: Gender[],
  taken: Iterable<string> = [],
): string[] {
  const used = new Set<string>(taken);
  return genders.map((g) => {
    const pick = voicesFor(language, g).find((v) => !used.has(v.value)) ?? voicesFor(language, g)[0]!;
    used.add(pick.value);
    return pick.value;
  });
}

/** Position of a voice among the catalogue voices of its gender (stable, 0-based). */
function genderIndex(v: VoiceOption): number {
  return VOICES.filter((x) => x.gender === v.gender).indexOf(v);
}

/**
 * Pure: the voice of `voices` (an engine's own) for a catalogue voice: one of its gender, chosen by the
 * catalogue voice's position among the voices of that gender, so that different catalogue voices get
 * different voices. Undefined for a value not in the catalogue.
 */
export function pickByGender<T extends { gender: Gender }>(
  value: string,
  voices: readonly T[],
): T | undefined {
  const v = findVoice(value);
  if (!v) return undefined;
  const own = voices.filter((x) => x.gender === v.gender);
  return own[genderIndex(v) % own.length];
}

/** Local engines, best first: neural, then Pico, then the formant synthesizers. Others come after these. */
export const ENGINE_RANK: readonly string[] = ["piper", "pico", "espeak-ng", "flite"];

/** The engines heard about as well as each other (docs/ENGINES.md, round-trip WER): a taken voice gives way to another of these only. */
export const CLEAR_ENGINES: readonly string[] = ["piper", "pico"];

/** The local engines that set a voice's pitch themselves (TtsEngine.capabilities.pitchControl). */
export const PITCHED_ENGINES: readonly string[] = ["espeak-ng"];

const rankOf = (engine: string) => {
  const i = ENGINE_RANK.indexOf(engine);
  return i < 0 ? ENGINE_RANK.length : i;
};

/**
 * Pure: the local voices a catalogue voice maps to for a language, best first, from `available` (what the
 * installed engines list for the language): one voice of the catalogue voice's gender per engine, engines
 * in ENGINE_RANK's order, each engine's voice chosen by the catalogue voice's position (pickByGender) so
 * that different catalogue voices get different voices where an engine has several. For a speaker
 * (`fit`, register.ts): within an engine the voice nearest their measured pitch that no other speaker has,
 * and the engines whose voice another speaker has after the others.
 */
export function localVoicesFor(
  value: string,
  language: LanguageCode,
  available: readonly LocalVoice[],
  fit: SpeakerFit = {},
): LocalVoice[] {
  const voice = findVoice(value);
  if (!voice) return [];
  const engines = [...new Set(available.filter((a) => a.language === language).map((a) => a.engine))];
  engines.sort((a, b) => rankOf(a) - rankOf(b));
  const picked = engines
    .map((e) => {
      const own = available.filter((a) => a.engine === e && a.language === language);
      return registerVoice(
        own.filter((a) => a.gender === voice.gender),
        pickByGender(value, own),
        fit,
      );
    })
    .filter((v): v is LocalVoice => v !== undefined);
  const reached = reachFirst(picked, fit.pitchHz, (v) => PITCHED_ENGINES.includes(v.engine));
  return untakenFirst(reached, fit.taken, (v) => CLEAR_ENGINES.includes(v.engine));
}
