// A formant-preserving pitch shift of a TTS clip (ffmpeg's rubberband filter), for engines that cannot
// speak at a given pitch themselves (flite, cloud voices): the voice keeps its timbre and length.
import type { Clip } from "../engines/types.ts";
import { ffmpegSamples } from "../media/run.ts";

/** Shifts smaller than this are not worth a pass (a tenth of a semitone is inaudible). */
export const MIN_SHIFT_ST = 0.1;

/**
 * How the spectral envelope moves: kept (the same speaker higher or lower), or shifted with the pitch
 * (a smaller or larger vocal tract: how one voice is made into another of the other gender).
 */
export type Formant = "preserved" | "shifted";

/** Pure: the ffmpeg arguments that shift raw mono float32 at `sampleRate` by `semitones`. */
export function shiftArgs(sampleRate: number, semitones: number, formant: Formant = "preserved"): string[] {
  const ratio = 2 ** (semitones / 12);
  const raw = ["-f", "f32le", "-ar", String(sampleRate), "-ac", "1"];
  return [
    ...[...raw, "-i", "pipe:0"],
    ...["-af", `rubberband=pitch=${ratio.toFixed(5)}:formant=${formant}:pitchq=quality`],
    ...[...raw, "pipe:3"],
  ];
}

/** The clip `semitones` higher (negative: lower), same length and rate; unchanged when the shift is tiny. */
export async function shiftPitch(
  clip: Clip,
  semitones: number,
  signal?: AbortSignal,
  formant: Formant = "preserved",
): Promise<Clip> {
  if (Math.abs(semitones) < MIN_SHIFT_ST || clip.samples.length === 0) return clip;
  const input = Buffer.from(clip.samples.buffer, clip.samples.byteOffset, clip.samples.byteLength);
  const samples = await ffmpegSamples(shiftArgs(clip.sampleRate, semitones, formant), { input, signal });
  return { samples, sampleRate: clip.sampleRate };
}

/** Silence between clips shifted in one run: longer than the filter's delay and ringing (a few ms). */
const GAP_MS = 250;

/**
 * Several clips of one rate shifted by the same amount in one ffmpeg run (a process per clip cost more
 * than the shift): laid end to end with silence between, shifted, and cut at the same places (the filter
 * keeps the length and the timing to a few milliseconds).
 */
export async function shiftPitchMany(
  clips: Clip[],
  semitones: number,
  signal?: AbortSignal,
  formant: Formant = "preserved",
): Promise<Clip[]> {
  const first = clips[0];
  if (!first || Math.abs(semitones) < MIN_SHIFT_ST) return clips;
  if (clips.length === 1 || clips.some((c) => c.sampleRate !== first.sampleRate))
    return Promise.all(clips.map((c) => shiftPitch(c, semitones, signal, formant)));
  const gap = Math.round((first.sampleRate * GAP_MS) / 1000);
  const offsets: number[] = [];
  let n = gap;
  for (const c of clips) {
    offsets.push(n);
    n += c.samples.length + gap;
  }
  const all = new Float32Array(n);
  clips.forEach((c, i) => {
    all.set(c.samples, offsets[i] as number);
  });
  const shifted = await shiftPitch(
    { samples: all, sampleRate: first.sampleRate },
    semitones,
    signal,
    formant,
  );
  return clips.map((c, i) => {
    const at = offsets[i] as number;
    const samples = new Float32Array(c.samples.length);
    samples.set(shifted.samples.subarray(at, Math.min(shifted.samples.length, at + c.samples.length)));
    return { samples, sampleRate: c.sampleRate };
  });
}
