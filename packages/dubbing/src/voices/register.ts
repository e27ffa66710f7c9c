// A speaker's own register: among an engine's voices of the speaker's gender, the one nearest the pitch
// measured on the speaker's speech, so that "Match the speaker" needs the smallest shift; and two speakers
// of one dub never share a voice while the language has another of their gender.
import type { LocalVoice } from "../engines/types.ts";

/** What a speaker's voice is chosen for. */
export interface SpeakerFit {
  /** The speaker's measured median pitch (Hz) when their voice follows them; absent or 0: unknown. */
  pitchHz?: number;
  /** The local voices the dub's other speakers already speak with (voiceKey). */
  taken?: ReadonlySet<string>;
}

/** A local voice's key among all engines' voices. */
export const voiceKey = (v: Pick<LocalVoice, "engine" | "id">): string => `${v.engine}/${v.id}`;

/** Pure: how far a voice's own pitch is from `pitchHz` (semitones; unknown pitch: infinitely far). */
function distance(v: LocalVoice, pitchHz: number): number {
  return v.pitchHz && v.pitchHz > 0
    ? Math.abs(12 * Math.log2(v.pitchHz / pitchHz))
    : Number.POSITIVE_INFINITY;
}

/**
 * Pure: an engine's voice for a speaker, from `own` (its voices of the speaker's gender) and `positional`
 * (the one the catalogue voice's position names): with a measured pitch, the voice nearest it among
 * those no other speaker has (any voice when all are taken; the positional one where no voice's pitch is
 * known); without, the positional voice, or the next one no other speaker has.
 */
export function registerVoice<T extends LocalVoice>(
  own: readonly T[],
  positional: T | undefined,
  fit: SpeakerFit = {},
): T | undefined {
  if (!positional) return undefined;
  const taken = fit.taken ?? new Set<string>();
  const free = own.filter((v) => !taken.has(voiceKey(v)));
  const pitch = fit.pitchHz ?? 0;
  if (pitch > 0 && own.some((v) => distance(v, pitch) < Number.POSITIVE_INFINITY)) {
    const pool = free.length ? free : own;
    return pool.reduce((best, v) => (distance(v, pitch) < distance(best, pitch) ? v : best));
  }
  if (!taken.has(voiceKey(positional))) return positional;
  const from = own.indexOf(positional);
  return [...own.slice(from), ...own.slice(0, from)].find((v) => !taken.has(voiceKey(v))) ?? positional;
}

/**
 * How far below a clear voice's own pitch "Match the speaker" may take it before a voice that reaches the
 * pitch with its own setting is heard better: Pico es-ES's man shifted down (formants kept), heard back by
 * base, 1.3 % WER at −3 st, 11.3 % at −4.5, 41.3 % at −6; espeak-ng es+m3 at 72–94 Hz by its pitch
 * setting, 20–21 % (docs/ENGINES.md).
 */
export const CLEAR_SHIFT_DOWN_ST = 4.5;

/**
 * Pure: `voices` (best first) with the first of `pitched` (an engine that sets its pitch itself) moved to
 * the front when the first voice would have to come down more than CLEAR_SHIFT_DOWN_ST to `pitchHz`
 * (a man of 75 Hz: Pico's lowered voice at 148 Hz would lose 40 % of the words and stay 40 % off).
 */
export function reachFirst<T extends LocalVoice>(
  voices: readonly T[],
  pitchHz: number | undefined,
  pitched: (v: T) => boolean,
): T[] {
  const first = voices[0];
  if (!first?.pitchHz || !pitchHz || pitchHz <= 0 || pitched(first)) return [...voices];
  if (12 * Math.log2(first.pitchHz / pitchHz) <= CLEAR_SHIFT_DOWN_ST) return [...voices];
  const reach = voices.find(pitched);
  return reach ? [reach, ...voices.filter((v) => v !== reach)] : [...voices];
}

/**
 * Pure: `voices` (best first) with the first one no other speaker has moved to the front when it is one
 * of `clear` (an engine heard about as well as the best: a second man in English gets Pico's lowered
 * voice rather than Piper joe again, 5.5 against 5.2 % round-trip WER), never a formant synthesizer's in
 * place of a clear voice (espeak-ng's Spanish: 32.5 % against Pico's 0 %): then the speakers share it.
 */
export function untakenFirst<T extends LocalVoice>(
  voices: readonly T[],
  taken: ReadonlySet<string> | undefined,
  clear: (v: T) => boolean,
): T[] {
  const first = voices[0];
  if (!first || !taken?.has(voiceKey(first))) return [...voices];
  const free = voices.find((v) => !taken.has(voiceKey(v)) && clear(v));
  return free ? [free, ...voices.filter((v) => v !== free)] : [...voices];
}
