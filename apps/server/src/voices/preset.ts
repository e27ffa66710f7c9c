import { type MyVoiceStyle, type SpeakerStyle, STYLE_PACE, STYLE_PITCH_HZ } from "@dubbing/contract";

const clamp = (v: number, r: { min: number; max: number }) => Math.min(r.max, Math.max(r.min, v));

/**
 * Pure: the preset a speaker's style makes. "Match the speaker" keeps the pitch and pace the voice speaks
 * at in this project (the user's values, else this speaker's measures), so that in another project it
 * sounds the same rather than following a different speaker; unmatched, the voice's own pitch and pace.
 */
export function presetStyle(style: SpeakerStyle | undefined): MyVoiceStyle {
  if (!style) return { match: true };
  if (!style.match) return { match: false };
  const pitch = style.pitchHz ?? style.measured?.pitchHz;
  const pace = style.syllablesPerSec ?? style.measured?.syllablesPerSec;
  return {
    match: true,
    ...(pitch ? { pitchHz: Math.round(clamp(pitch, STYLE_PITCH_HZ)) } : {}),
    ...(pace ? { syllablesPerSec: Math.round(clamp(pace, STYLE_PACE) * 10) / 10 } : {}),
  };
}
