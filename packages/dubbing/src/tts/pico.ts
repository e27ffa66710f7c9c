// SVOX Pico (Debian's libttspico-utils, from non-free: scripts/setup.sh): one female voice for each of six
// locales, clearer than espeak-ng. Its male voices are the female one lowered with its formants (a larger
// vocal tract), which was heard back far better than espeak-ng's male voices (docs/decisions/voices.md).
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseWav, toMono } from "../audio/wav.ts";
import type { Availability, Clip, LocalVoice, SynthesisRequest, TtsEngine } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import type { LanguageCode } from "../languages.ts";
import { piecewiseLinear, type RateCurve } from "../timing/rate.ts";
import { canRun, runProcess } from "../util/proc.ts";
import { shiftPitch, shiftPitchMany } from "./shift.ts";

/** The pico2wave binary when no other is configured. */
export const PICO = "pico2wave";

/** The locales Pico speaks, per app language. */
export const PICO_LOCALES: Partial<Record<LanguageCode, readonly string[]>> = {
  en: ["en-US", "en-GB"],
  de: ["de-DE"],
  es: ["es-ES"],
  fr: ["fr-FR"],
  it: ["it-IT"],
};

/** A male voice's id: the locale and this suffix. */
export const MALE_SUFFIX = "+male";

/** How far a male voice is lowered, formants with it: median pitch 170 → 128 Hz (measured, en-US). */
export const MALE_SHIFT_ST = -5;

/**
 * Each voice's own median pitch (Hz), women's then men's, measured by bench/pipeline/voices-quality.ts
 * (8–40 lines each; en-GB not measured).
 */
const PICO_PITCH_HZ: ReadonlyMap<string, { Female: number; Male: number }> = new Map([
  ["en-US", { Female: 168, Male: 126 }],
  ["es-ES", { Female: 198, Male: 148 }],
  ["fr-FR", { Female: 190, Male: 143 }],
  ["de-DE", { Female: 165, Male: 124 }],
  ["it-IT", { Female: 178, Male: 133 }],
]);

/** Pure: the voices of a language, female (Pico's own) then male (lowered), per locale. */
export function picoVoices(language: LanguageCode): LocalVoice[] {
  const locales = PICO_LOCALES[language] ?? [];
  return (["Female", "Male"] as const).flatMap((gender) =>
    locales.map((locale): LocalVoice => {
      const measured = PICO_PITCH_HZ.get(locale);
      return {
        engine: "pico",
        id: gender === "Male" ? `${locale}${MALE_SUFFIX}` : locale,
        language,
        gender,
        label: gender === "Male" ? `Pico ${locale} (lowered)` : `Pico ${locale}`,
        ...(measured && { pitchHz: measured[gender] }),
      };
    }),
  );
}

/**
 * pico2wave's `<speed level>` (100 = normal) for a relative rate, interpolated in what pico2wave did with
 * one sentence at each level (en-US; es-ES within 3 %): the rate grows slower than the level.
 */
const SPEED_TABLE: readonly [rate: number, level: number][] = [
  [0.229, 20],
  [0.442, 40],
  [0.641, 60],
  [0.827, 80],
  [1, 100],
  [1.162, 120],
  [1.315, 140],
  [1.456, 160],
  [1.592, 180],
  [1.72, 200],
  [2.01, 250],
  [2.263, 300],
];
/**
 * The speed each rate gives (clip length ∝ 1 / speed), the median of the five-minute script's 76 Spanish
 * lines trimmed, said by es-ES at speed levels 70–180 (2026-12-06): the trimmed clip shrinks a little
 * faster than the table's rate (one en-US sentence, untrimmed), 1.315 → 1.392 at level 140. The first
 * rate correction aims along it (timing/rate.ts), so that one correction lands within the tolerance.
 */
export const PICO_RATE_CURVE: RateCurve = [
  [0.734, 0.704],
  [0.827, 0.804],
  [0.914, 0.901],
  [1, 1],
  [1.081, 1.099],
  [1.162, 1.196],
  [1.239, 1.294],
  [1.315, 1.392],
  [1.386, 1.489],
  [1.456, 1.586],
  [1.524, 1.684],
  [1.592, 1.778],
];
export const PICO_MIN_RATE = 0.5;
export const PICO_MAX_RATE = 2.2;

/** Pure: the speed level for a relative rate (clamped to PICO_MIN_RATE..PICO_MAX_RATE). */
export function picoSpeedLevel(rate = 1): number {
  // the clamped rate is always inside the table
  return Math.round(piecewiseLinear(SPEED_TABLE, Math.max(PICO_MIN_RATE, Math.min(PICO_MAX_RATE, rate))));
}

const xml = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Pure: the pico2wave command line for one utterance at a rate, written to `out` (a .wav path). */
export function picoArgs(locale: string, text: string, rate: number, out: string): string[] {
  const said = xml(text.replace(/\s+/g, " ").trim());
  // always marked up: the table was measured against level 100, which pauses a little more than none
  return ["-l", locale, "-w", out, `<speed level="${picoSpeedLevel(rate)}">${said}</speed>`];
}

/** SVOX Pico: en (US, GB), de, es, fr, it; rate at synthesis, pitch by a shift after (as flite). */
export function createPicoEngine(opts: { binary?: string } = {}): TtsEngine {
  const pico = opts.binary || PICO;
  let avail: Promise<Availability> | undefined;
  return {
    id: "pico",
    kind: "tts",
    label: "SVOX Pico",
    local: true,
    languages: Object.keys(PICO_LOCALES) as LanguageCode[],
    capabilities: {
      ...{ rateControl: true, minRate: PICO_MIN_RATE, maxRate: PICO_MAX_RATE },
      rateCurve: PICO_RATE_CURVE,
    },
    available() {
      // pico2wave has no version flag: its usage text on --help
      avail ??= canRun(pico, ["--help"]).then((ok) =>
        ok
          ? { ok }
          : { ok, reason: "SVOX Pico is not installed (Debian non-free libttspico-utils: scripts/setup.sh)" },
      );
      return avail;
    },
    voices: picoVoices,
    async synthesize(req: SynthesisRequest): Promise<Clip> {
      const { clip, male } = await speak(pico, req);
      return male ? await shiftPitch(clip, MALE_SHIFT_ST, req.signal, "shifted") : clip;
    },
    /** One pico2wave run a line (it speaks one text a run), the male voice's lines lowered in one shift. */
    async synthesizeMany(reqs: SynthesisRequest[]): Promise<Clip[]> {
      const said: Awaited<ReturnType<typeof speak>>[] = [];
      for (const r of reqs) said.push(await speak(pico, r));
      const male = said.flatMap((s, i) => (s.male ? [i] : []));
      const lowered = await shiftPitchMany(
        male.map((i) => said[i]!.clip),
        MALE_SHIFT_ST,
        reqs[0]?.signal,
        "shifted",
      );
      const clips = said.map((s) => s.clip);
      male.forEach((i, k) => {
        clips[i] = lowered[k]!;
      });
      return clips;
    },
  };
}

/** One line as pico2wave says it in the voice's locale, and whether the voice is a lowered (male) one. */
async function speak(pico: string, req: SynthesisRequest): Promise<{ clip: Clip; male: boolean }> {
  if (!req.text.trim()) throw new DubError("invalid_segment", "nothing to say: the text is empty");
  const voice = picoVoices(req.language).find((v) => v.id === req.voice);
  if (!voice) throw new DubError("no_engine", `Pico has no voice "${req.voice}" for ${req.language}`);
  const locale = voice.id.replace(MALE_SUFFIX, "");
  // a folder of its own: pico2wave writes its file by name, and a shared temp folder is anyone's
  const dir = await mkdtemp(join(tmpdir(), "dub-pico-"));
  try {
    const out = join(dir, "out.wav");
    await runProcess(pico, picoArgs(locale, req.text, req.rate ?? 1, out), { signal: req.signal });
    const pcm = parseWav(await readFile(out));
    return { clip: { samples: toMono(pcm), sampleRate: pcm.sampleRate }, male: voice.gender === "Male" };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
