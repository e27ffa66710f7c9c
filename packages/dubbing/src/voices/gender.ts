// A speaker's gender as their voice tells it: what the first voice offered to them follows.
import type { Gender } from "../engines/types.ts";

/**
 * Median pitch under which a voice is taken for a male one (Hz): the top of the usual adult male range
 * (85–155 Hz; female 165–255 Hz). Measured here: flite awb 124, rms 99, kal 89, espeak-ng m1–m7
 * 90–105; flite slt 165–168, espeak-ng f1–f5 174–203.
 */
export const MALE_PITCH_HZ = 155;

/** Pure: the gender a speaker's median pitch suggests (no pitch found: female, the catalogue's first). */
export function genderOfPitch(f0: number): Gender {
  return f0 > 0 && f0 < MALE_PITCH_HZ ? "Male" : "Female";
}
