import { splitAtGaps } from "../audio/dsp.ts";
import { parseWav, toMono } from "../audio/wav.ts";
import type { Availability, Clip, LocalVoice, SynthesisRequest, TtsEngine } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import type { LanguageCode } from "../languages.ts";
import { LANGUAGES } from "../languages.ts";
import { canRun, runProcess } from "../util/proc.ts";

/** The espeak-ng binary when no other is configured. */
export const ESPEAK = "espeak-ng";

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

/** The break between the utterances of one batch: exact digital silence, longer than any pause in speech. */
export const BATCH_BREAK_MS = 1500;

const xml = (t: string) =>
  t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Pure: SSML prosody attributes of a pitch setting (0–99) and range (%): espeak-ng's pitch % scales -p 50. */
export function espeakPitchAttrs(i: { pitch?: number; range?: number }): string {
  let a = "";
  if (i.pitch !== undefined) a += ` pitch="${Math.round(Math.max(0, Math.min(99, i.pitch)) * 2)}%"`;
  if (i.range !== undefined) a += ` range="${Math.round(Math.max(0, Math.min(400, i.range)))}%"`;
  return a;
}

/**
 * Pure: the SSML of a batch: each text at its own rate (as a share of the default 175 wpm), pitch and
 * range, with breaks.
 */
export function espeakBatchSsml(
  items: { text: string; rate?: number; pitch?: number; range?: number }[],
): string {
  const parts = items.map(
    (i) =>
      `<prosody rate="${Math.round((espeakWpm(i.rate) / ESPEAK_DEFAULT_WPM) * 100)}%"${espeakPitchAttrs(i)}>${xml(i.text.replace(/\s+/g, " ").trim())}</prosody>`,
  );
  return `<speak>${parts.join(`<break time="${BATCH_BREAK_MS}ms"/>`)}</speak>`;
}

/** espeak-ng: every app language, 7 male and 5 female variants each, rate, pitch and range at synthesis. */
export function createEspeakEngine(opts: { binary?: string } = {}): TtsEngine {
  const espeak = opts.binary || ESPEAK;
  const languages = LANGUAGES.map((l) => l.code);
  let avail: Promise<Availability> | undefined;
  async function synthesize(req: SynthesisRequest): Promise<Clip> {
    const text = req.text.replace(/\s+/g, " ").trim();
    if (!text) throw new DubError("invalid_segment", "nothing to say: the text is empty");
    // a pitch or range is SSML (the command line has no range)
    const ssml = req.pitch !== undefined || req.range !== undefined;
    const { stdout } = await runProcess(
      espeak,
      ssml ? ["-v", req.voice, "-m", "-b", "1", "--stdin", "--stdout"] : espeakArgs(req.voice, req.rate),
      { input: ssml ? espeakBatchSsml([{ ...req, text }]) : text, signal: req.signal },
    );
    const pcm = parseWav(stdout);
    return { samples: toMono(pcm), sampleRate: pcm.sampleRate };
  }
  return {
    id: "espeak-ng",
    kind: "tts",
    label: "eSpeak NG",
    local: true,
    languages,
    capabilities: {
      rateControl: true,
      minRate: 80 / ESPEAK_DEFAULT_WPM,
      maxRate: 450 / ESPEAK_DEFAULT_WPM,
      pitchControl: true,
    },
    available() {
      avail ??= canRun(espeak, ["--version"]).then((ok) =>
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
    synthesize,
    // one process for many utterances (the ~20 ms start-up of espeak-ng is most of a sentence's cost),
    // cut at the breaks; if the parts do not come out one per text, each text is synthesized alone
    async synthesizeMany(reqs: SynthesisRequest[]): Promise<Clip[]> {
      const first = reqs[0];
      if (!first) return [];
      if (reqs.some((r) => r.voice !== first.voice))
        throw new DubError("engine_failed", "synthesizeMany takes the requests of one voice");
      if (reqs.some((r) => !r.text.trim()))
        throw new DubError("invalid_segment", "nothing to say: the text is empty");
      const { stdout } = await runProcess(
        espeak,
        ["-v", first.voice, "-m", "-b", "1", "--stdin", "--stdout"],
        {
          input: espeakBatchSsml(reqs),
          signal: first.signal,
        },
      );
      const pcm = parseWav(stdout);
      const samples = toMono(pcm);
      // breaks are silence or, with some variants, breath noise under −60 dBFS
      const parts = splitAtGaps(samples, pcm.sampleRate, BATCH_BREAK_MS * 0.8, 1e-3);
      if (parts.length === reqs.length)
        return parts.map((p) => ({ samples: p.slice(), sampleRate: pcm.sampleRate }));
      const clips: Clip[] = [];
      for (const r of reqs) clips.push(await synthesize(r));
      return clips;
    },
  };
}
