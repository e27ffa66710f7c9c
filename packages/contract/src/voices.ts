import { z } from "zod";

// Voices that are theirs (#30): how a speaker's offline voice follows them.

/** How a person speaks, as measured from their own segments. */
export const prosodySchema = z.object({
  /** Median pitch of their voiced speech (Hz). */
  pitchHz: z.number().min(0).max(1000),
  /** Pitch range, 10th to 90th percentile, in semitones. */
  rangeSt: z.number().min(0).max(48),
  /** Speaking rate in syllables per second of speech. */
  syllablesPerSec: z.number().min(0).max(20),
});

/** The pitch a user may set for a voice (Hz): a deep bass to a child's voice. */
export const STYLE_PITCH_HZ = { min: 50, max: 400 } as const;
/** The pace a user may set (syllables per second): very slow to very fast speech. */
export const STYLE_PACE = { min: 2, max: 9 } as const;

/**
 * "Match the speaker" (on by default): the offline voice speaks at the speaker's pitch and pace. The
 * server measures them (at transcription or at the first dub) into `measured`; `pitchHz` and
 * `syllablesPerSec`, when set, are the user's values in their place. A client's `measured` is ignored:
 * the server keeps its own.
 */
export const speakerStyleSchema = z.object({
  match: z.boolean(),
  measured: prosodySchema.optional(),
  pitchHz: z
    .number()
    .min(STYLE_PITCH_HZ.min, `The pitch is ${STYLE_PITCH_HZ.min} to ${STYLE_PITCH_HZ.max} Hz.`)
    .max(STYLE_PITCH_HZ.max, `The pitch is ${STYLE_PITCH_HZ.min} to ${STYLE_PITCH_HZ.max} Hz.`)
    .optional(),
  syllablesPerSec: z
    .number()
    .min(STYLE_PACE.min, `The pace is ${STYLE_PACE.min} to ${STYLE_PACE.max} syllables a second.`)
    .max(STYLE_PACE.max, `The pace is ${STYLE_PACE.min} to ${STYLE_PACE.max} syllables a second.`)
    .optional(),
});

export type Prosody = z.infer<typeof prosodySchema>;
export type SpeakerStyle = z.infer<typeof speakerStyleSchema>;

/** A dub's voice for one speaker: the engine that spoke, and how it followed the speaker (if it did). */
export const dubVoiceReportSchema = z.object({
  engine: z.string(),
  voice: z.string(),
  /** The pitch and pace aimed at, and the voice's as set (measured on its sample). */
  follow: z.object({ target: prosodySchema, result: prosodySchema }).optional(),
});
export type DubVoiceReport = z.infer<typeof dubVoiceReportSchema>;

/**
 * Who speaks a catalogue voice on this server in one language (GET /api/voices/spoken/{language}): the
 * catalogue's names are Azure's, but without Azure an offline engine speaks, and the picker says so.
 */
export const voiceSpokenBySchema = z.object({
  /** Engine id ("espeak-ng", "flite", "azure-tts", …) and its label ("eSpeak NG"). */
  engine: z.string(),
  engineLabel: z.string(),
  /** The engine's own voice ("es+f3", "en-US-AvaMultilingualNeural"). */
  engineVoice: z.string(),
  /** true: an offline engine on this server (its sound is not the catalogue voice's). */
  local: z.boolean(),
});
export const voicesSpokenBySchema = z.record(z.string(), voiceSpokenBySchema);
export type VoiceSpokenBy = z.infer<typeof voiceSpokenBySchema>;
