// speaker: whether a line's own voice in the original (its MFCC Gaussian and log pitch, as the diarizer
// models them: diarize/local.ts speakerFits) is its speaker's. When another speaker's voice explains the
// line clearly better, the card says whom it sounds like and offers to move it to them.
import { type Finding, round } from "./types.ts";

/**
 * Mean log-likelihood per frame (nats) by which another speaker's voice must explain a line better than
 * its own speaker's for the line to be flagged. Measured on the 20-line turns dialogue and the 8-line
 * dialogue (flite awb and slt, testing/turns.ts, dialogue.ts), each line in turn given to the wrong
 * speaker: the wrong line 4.5–17.7 better explained by its true speaker, every other line 0 (its own
 * speaker fit best) — docs/ENGINES.md.
 */
export const SPEAKER_MARGIN = 2;

/** Pure: the speaker finding of a line from its fits (best first; speakerFits) and its speaker's id. */
export function checkSpeaker(
  fits: readonly { speaker: string; fit: number }[],
  own: string,
  nameOf: (speaker: string) => string,
): Finding {
  const mine = fits.find((f) => f.speaker === own);
  const best = fits[0];
  const skipped = (message: string): Finding => ({ check: "speaker", status: "skipped", message });
  if (!best) return skipped("The line is too short in the original to hear whose voice it is.");
  if (!mine) return skipped(`${nameOf(own)} has no other line to compare the voice with.`);
  if (fits.length < 2) return skipped("No other speaker has lines to compare the voice with.");
  const margin = round(best.fit - mine.fit, 1);
  if (best.speaker === own || margin < SPEAKER_MARGIN)
    return { check: "speaker", status: "ok", message: `The line sounds like ${nameOf(own)}.`, value: margin };
  return {
    check: "speaker",
    status: "warn",
    message: `This line sounds like ${nameOf(best.speaker)}, not ${nameOf(own)}.`,
    value: margin,
    speaker: best.speaker,
  };
}
