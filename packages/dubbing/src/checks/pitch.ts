// pitch: with "Match the speaker" on, the dubbed voice against the speaker's measured pitch. The clip's
// median pitch is measured as the speaker's was (audio/features.ts medianPitch), on the clip at 8 kHz.
import { resample } from "../audio/dsp.ts";
import { medianPitch } from "../audio/features.ts";
import { semitones } from "../audio/prosody.ts";
import { type Finding, grade, round } from "./types.ts";

/** Semitones between the voice and the speaker from which the difference is heard… */
export const PITCH_WARN_ST = 4;
/** …and from which it sounds like another person. */
export const PITCH_FAIL_ST = 7;

/**
 * The rate the clip's pitch is measured at. A voice's 60–400 Hz needs no more, and the autocorrelation's
 * cost grows with the square of the rate: a 4.7 s clip at 22.05 kHz took 104 ms, at 8 kHz 38–48 ms with
 * the resampling, the medians within 1 % on eight flite and espeak-ng voices.
 */
const PITCH_RATE = 8000;

/** Pure: the pitch finding; value is the voice's pitch minus the speaker's, in semitones. */
export function checkPitch(
  samples: Float32Array,
  sampleRate: number,
  speakerHz: number | undefined,
): Finding {
  if (!speakerHz)
    return { check: "pitch", status: "skipped", message: "“Match the speaker” is off for this voice." };
  const rate = Math.min(sampleRate, PITCH_RATE);
  const clip = rate === sampleRate ? samples : resample(samples, sampleRate, rate);
  const hz = medianPitch(clip, rate, [{ start: 0, end: (clip.length / rate) * 1000 }]);
  if (!hz) return { check: "pitch", status: "skipped", message: "No voiced sound to measure." };
  const st = round(semitones(speakerHz, hz), 1);
  const status = grade(Math.abs(st), PITCH_WARN_ST, PITCH_FAIL_ST);
  const dir = st > 0 ? "higher" : "lower";
  const message =
    status === "ok"
      ? `The voice matches the speaker's pitch (${Math.round(hz)} Hz against ${Math.round(speakerHz)} Hz).`
      : `The voice is ${Math.abs(st)} semitones ${dir} than the speaker (${Math.round(hz)} Hz against ${Math.round(speakerHz)} Hz).`;
  return { check: "pitch", status, message, value: st };
}
