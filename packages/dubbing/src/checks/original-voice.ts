// original-voice: the original speech still audible under a dubbed line. With the background kept, the
// dub plays the background stem under the line; where the separation left the voice in it, the stem
// follows the voice stem. The measure is the least-squares share of the voice stem in the background
// stem under the line's slot: 0 when the background has none of the voice, 1 when all of it is there.
import { rmsDb } from "../audio/dsp.ts";
import { type Finding, grade, round } from "./types.ts";

/** A voice stem quieter than this (dBFS RMS) under the line has no speech to leak. */
export const ORIGINAL_VOICE_FLOOR_DB = -50;
/** Share of the original voice left in the background from which it is heard under the dub… */
export const ORIGINAL_VOICE_WARN = 0.25;
/** …and from which it is heard as a second voice. */
export const ORIGINAL_VOICE_FAIL = 0.5;

/** Pure: the least-squares share of `voice` in `background` (same rate, aligned), 0..1. */
export function voiceShare(background: Float32Array, voice: Float32Array): number {
  const n = Math.min(background.length, voice.length);
  let bv = 0;
  let vv = 0;
  for (let i = 0; i < n; i++) {
    const v = voice[i] as number;
    bv += (background[i] as number) * v;
    vv += v * v;
  }
  return vv > 0 ? Math.min(1, Math.max(0, bv / vv)) : 0;
}

/** Pure: the original-voice finding from the two stems under the line's slot; value is the share. */
export function checkOriginalVoice(background: Float32Array, voice: Float32Array): Finding {
  if (voice.length === 0 || rmsDb(voice) < ORIGINAL_VOICE_FLOOR_DB)
    return { check: "original-voice", status: "ok", message: "No original speech under this line." };
  const share = round(voiceShare(background, voice));
  const status = grade(share, ORIGINAL_VOICE_WARN, ORIGINAL_VOICE_FAIL);
  const message =
    status === "ok"
      ? "The original voice is removed under this line."
      : `The original voice is still heard under this line (${Math.round(share * 100)} % of it is left).`;
  return { check: "original-voice", status, message, value: share };
}
