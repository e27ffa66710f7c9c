// Offline voices that follow the speaker: the settings at which a TTS voice speaks at a speaker's
// median pitch, pitch range and pace, found by synthesizing a sample of the speaker's own lines and
// measuring it with the same measures as the speaker (so that the measures' biases cancel).
import { speechRegions } from "../audio/features.ts";
import { measureProsody, type Prosody, type ProsodyMeasure, semitones } from "../audio/prosody.ts";
import type { Clip, LocalVoice, SynthesisRequest, TtsEngine } from "../engines/types.ts";
import { MIN_SHIFT_ST } from "../tts/shift.ts";

/** How a voice is set to follow a speaker: the synthesis settings and a shift after it. */
export interface VoiceStyle {
  /** Speaking rate before the timing fit (1 = the voice's own). */
  rate: number;
  /** Engines with pitchControl: the pitch setting (0–99, 50 = own) and range (% of own). */
  pitch?: number;
  range?: number;
  /** Semitones to shift each clip after synthesis (what the engine's own settings cannot reach). */
  shift: number;
}

export interface StyleFit {
  style: VoiceStyle;
  /** The voice at its own settings. */
  own: Prosody;
  /** The voice as set, measured (the shift included by calculation). */
  result: Prosody;
  target: Prosody;
  /** Syntheses it took. */
  trials: number;
}

/** Pace changes beyond these are left to the timing fit (a voice sped up further sounds mechanical). */
const STYLE_MIN_RATE = 0.75;
const STYLE_MAX_RATE = 1.4;
/**
 * The most a voice is shifted after synthesis. Past half an octave a formant-kept shift loses words:
 * 24 lines heard back by tiny.en, Piper joe 4.3 % WER unshifted, 8.2 % at +6, 31.2 % at +12 semitones;
 * Pico en-US 3.0 %, 9.1 % at −6, 83.1 % at −12. A voice further than that from its speaker is of another
 * register: it comes half an octave nearer, and the pitch check reports the rest.
 */
export const MAX_SHIFT_ST = 6;

/** espeak-ng's pitch setting moves the pitch about 0.9 % a step (measured: ×2.4 from 0 to 99). */
const PITCH_PER_STEP = 0.009;

/** Pure: a sample of a speaker's lines to calibrate on: whole lines, longest first, up to `maxChars`. */
export function sampleText(lines: string[], maxChars = 300): string {
  const sorted = lines
    .map((l) => l.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  const out: string[] = [];
  let n = 0;
  for (const l of sorted) {
    if (n > 0 && n + l.length > maxChars) continue;
    out.push(l);
    n += l.length + 1;
    if (n >= maxChars) break;
  }
  return out.join(" ");
}

/** Pure: the rate that brings a voice's pace to the target's, within the engine's and the style's bounds. */
export function styleRate(engine: TtsEngine, own: number, target: number): number {
  if (!engine.capabilities.rateControl || own <= 0 || target <= 0) return 1;
  const lo = Math.max(STYLE_MIN_RATE, engine.capabilities.minRate);
  const hi = Math.min(STYLE_MAX_RATE, engine.capabilities.maxRate);
  return Math.round(Math.min(hi, Math.max(lo, target / own)) * 1000) / 1000;
}

/** Pure: the pitch setting (0–99) expected to move `ownHz` (at setting `at`) to `targetHz`. */
export function pitchSetting(ownHz: number, targetHz: number, at = 50): number {
  const p = at + Math.log(targetHz / ownHz) / PITCH_PER_STEP;
  return Math.round(Math.max(0, Math.min(99, p)));
}

/** Pure: the range setting (% of own) expected to bring `ownSt` semitones to `targetSt`. */
export function rangeSetting(ownSt: number, targetSt: number): number | undefined {
  if (ownSt <= 0 || targetSt <= 0) return undefined;
  return Math.round(Math.max(30, Math.min(300, (100 * targetSt) / ownSt)));
}

/** Pure: the prosody of a clip, measured on its speech. */
export function measureClip(clip: Clip): ProsodyMeasure {
  return measureProsody(clip.samples, clip.sampleRate, speechRegions(clip.samples, clip.sampleRate), 400);
}

/**
 * The style at which `voice` speaks like `target`. Pace: one synthesis at the voice's own settings.
 * Pitch: engines with pitchControl are set (range first, as it moves the median too, then the pitch by a
 * guess and one secant step), the rest shifted after synthesis; what is left over is shifted too.
 */
export async function fitStyle(
  { engine, voice }: { engine: TtsEngine; voice: LocalVoice },
  text: string,
  target: Prosody,
  signal?: AbortSignal,
): Promise<StyleFit> {
  let trials = 0;
  const base: SynthesisRequest = { text, voice: voice.id, language: voice.language, signal };
  const measure = async (req: Partial<SynthesisRequest>) => {
    trials++;
    return measureClip(await engine.synthesize({ ...base, ...req }));
  };
  const own = await measure({});
  const rate = styleRate(engine, own.syllablesPerSec, target.syllablesPerSec);
  const style: VoiceStyle = { rate, shift: 0 };
  let result: Prosody = { ...own };
  if (target.pitchHz > 0 && own.pitchHz > 0) {
    if (engine.capabilities.pitchControl) {
      style.range = rangeSetting(own.rangeSt, target.rangeSt);
      // pitch setting → log pitch, two points then a secant step; the closest trial is kept
      const tried: { p: number; m: ProsodyMeasure }[] = [];
      const at = async (p: number) => {
        const m = await measure({ rate, pitch: p, range: style.range });
        tried.push({ p, m });
        return m;
      };
      const m0 = await at(50);
      const p1 = pitchSetting(m0.pitchHz, target.pitchHz);
      if (p1 !== 50) {
        const m1 = await at(p1);
        const slope = (Math.log(m1.pitchHz) - Math.log(m0.pitchHz)) / (p1 - 50);
        if (m1.pitchHz > 0 && Math.abs(semitones(m1.pitchHz, target.pitchHz)) > 0.5 && slope > 0) {
          const p2 = Math.round(
            Math.max(0, Math.min(99, p1 + (Math.log(target.pitchHz) - Math.log(m1.pitchHz)) / slope)),
          );
          if (p2 !== p1 && p2 !== 50) await at(p2);
        }
      }
      const err = (m: ProsodyMeasure) =>
        m.pitchHz > 0 ? Math.abs(semitones(m.pitchHz, target.pitchHz)) : Number.POSITIVE_INFINITY;
      const best = tried.reduce((a, b) => (err(b.m) < err(a.m) ? b : a));
      style.pitch = best.p;
      result = { ...best.m };
    }
    const left = semitones(result.pitchHz, target.pitchHz);
    if (Math.abs(left) >= MIN_SHIFT_ST) {
      style.shift = Math.round(Math.max(-MAX_SHIFT_ST, Math.min(MAX_SHIFT_ST, left)) * 100) / 100;
      result = { ...result, pitchHz: result.pitchHz * 2 ** (style.shift / 12) };
    }
  }
  if (own.syllablesPerSec > 0) result = { ...result, syllablesPerSec: own.syllablesPerSec * rate };
  return {
    style,
    own: { pitchHz: own.pitchHz, rangeSt: own.rangeSt, syllablesPerSec: own.syllablesPerSec },
    result: { pitchHz: result.pitchHz, rangeSt: result.rangeSt, syllablesPerSec: result.syllablesPerSec },
    target,
    trials,
  };
}
