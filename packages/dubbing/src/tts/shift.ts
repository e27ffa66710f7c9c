// A formant-preserving pitch shift of a TTS clip (ffmpeg's rubberband filter), for engines that cannot
// speak at a given pitch themselves (flite, cloud voices): the voice keeps its timbre and length.
import type { Clip } from "../engines/types.ts";
import { FFMPEG } from "../media/errors.ts";
import { runProcess } from "../util/proc.ts";

/** Shifts smaller than this are not worth a pass (a tenth of a semitone is inaudible). */
export const MIN_SHIFT_ST = 0.1;

/** Pure: the ffmpeg arguments that shift raw mono float32 at `sampleRate` by `semitones`. */
export function shiftArgs(sampleRate: number, semitones: number): string[] {
  const ratio = 2 ** (semitones / 12);
  const raw = ["-f", "f32le", "-ar", String(sampleRate), "-ac", "1"];
  return [
    ...["-hide_banner", "-nostdin", "-loglevel", "error", ...raw, "-i", "pipe:0"],
    ...["-af", `rubberband=pitch=${ratio.toFixed(5)}:formant=preserved:pitchq=quality`],
    ...[...raw, "pipe:1"],
  ];
}

/** The clip `semitones` higher (negative: lower), same length and rate; unchanged when the shift is tiny. */
export async function shiftPitch(clip: Clip, semitones: number, signal?: AbortSignal): Promise<Clip> {
  if (Math.abs(semitones) < MIN_SHIFT_ST || clip.samples.length === 0) return clip;
  const input = Buffer.from(clip.samples.buffer, clip.samples.byteOffset, clip.samples.byteLength);
  const { stdout } = await runProcess(FFMPEG, shiftArgs(clip.sampleRate, semitones), { input, signal });
  const n = Math.floor(stdout.length / 4);
  const samples = new Float32Array(n);
  for (let i = 0; i < n; i++) samples[i] = stdout.readFloatLE(i * 4);
  return { samples, sampleRate: clip.sampleRate };
}
