import { parseWav, toMono } from "../audio/wav.ts";
import type { Availability, Clip, LocalVoice, SynthesisRequest, TtsEngine } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import type { LanguageCode } from "../languages.ts";
import { LANGUAGES } from "../languages.ts";
import { canRun, runProcess } from "../util/proc.ts";

export const ESPEAK = process.env.ESPEAK_PATH || "espeak-ng";

/** espeak-ng base voice per app language (Brazilian Portuguese for "pt", Mandarin for zh/cmn). */
export const ESPEAK_BASE: Record<LanguageCode, string> = {
  en: "en-us",
  es: "es",
  fr: "fr-fr",
  de: "de",
  ja: "ja",
  ko: "ko",
  zh: "cmn",
  ar: "ar",
  pt: "pt-br",
  ru: "ru",
  hi: "hi",
  it: "it",
  nl: "nl",
  sv: "sv",
  tr: "tr",
  vi: "vi",
  th: "th",
  el: "el",
  he: "he",
  pl: "pl",
  cmn: "cmn",
};

/** espeak-ng voice variants (files in espeak-ng-data/voices/!v): distinct pitch/formant settings. */
export const ESPEAK_VARIANTS = {
  Male: ["m1", "m2", "m3", "m4", "m5", "m6", "m7"],
  Female: ["f1", "f2", "f3", "f4", "f5"],
} as const;

/** espeak-ng's default speaking rate in words per minute. */
export const ESPEAK_DEFAULT_WPM = 175;

/** Pure: words per minute for a relative rate, within espeak-ng's 80–450 range. */
export function espeakWpm(rate = 1): number {
  return Math.max(80, Math.min(450, Math.round(ESPEAK_DEFAULT_WPM * rate)));
}

/** Pure: the espeak-ng command line for one utterance read from stdin, WAV on stdout. */
export function espeakArgs(voice: string, rate = 1): string[] {
  return ["-v", voice, "-s", String(espeakWpm(rate)), "-b", "1", "--stdin", "--stdout"];
}

/** espeak-ng: every app language, 7 male and 5 female variants each, rate control at synthesis. */
export function createEspeakEngine(): TtsEngine {
  const languages = LANGUAGES.map((l) => l.code);
  let avail: Promise<Availability> | undefined;
  return {
    id: "espeak-ng",
    kind: "tts",
    label: "eSpeak NG",
    local: true,
    languages,
    capabilities: { rateControl: true, minRate: 80 / ESPEAK_DEFAULT_WPM, maxRate: 450 / ESPEAK_DEFAULT_WPM },
    available() {
      avail ??= canRun(ESPEAK, ["--version"]).then((ok) =>
        ok ? { ok } : { ok, reason: "espeak-ng is not installed (Debian package espeak-ng)" },
      );
      return avail;
    },
    voices(language) {
      const base = ESPEAK_BASE[language];
      return (["Male", "Female"] as const).flatMap((gender) =>
        ESPEAK_VARIANTS[gender].map(
          (v): LocalVoice => ({
            engine: "espeak-ng",
            id: `${base}+${v}`,
            language,
            gender,
            label: `eSpeak ${base} ${v}`,
          }),
        ),
      );
    },
    async synthesize(req: SynthesisRequest): Promise<Clip> {
      const text = req.text.replace(/\s+/g, " ").trim();
      if (!text) throw new DubError("invalid_segment", "nothing to say: the text is empty");
      const { stdout } = await runProcess(ESPEAK, espeakArgs(req.voice, req.rate), {
        input: text,
        signal: req.signal,
      });
      const pcm = parseWav(stdout);
      return { samples: toMono(pcm), sampleRate: pcm.sampleRate };
    },
  };
}
