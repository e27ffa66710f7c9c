import { z } from "zod";

// Voices that are theirs: how a speaker's offline voice follows them.

/** How a person speaks, as measured from their own segments. */
export const prosodySchema = z.object({
  /** Median pitch of their voiced speech (Hz). */
  pitchHz: z.number().min(0).max(1000),
  /** Pitch range, 10th to 90th percentile, in semitones. */
  rangeSt: z.number().min(0).max(48),
  /** Speaking rate in syllables per second of speech. */
  syllablesPerSec: z.number().min(0).max(20),
  /** The voice's fingerprint (MFCC means and spreads), to recognise it in another project. */
  voiceprint: z.array(z.number()).max(64).optional(),
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

/**
 * Pure: the pitch (Hz) a speaker's offline voice follows ("Match the speaker": the user's pitch, else the
 * measured one), or undefined when it follows none. The dub's choice of voice (styleTarget) and the voice
 * picker's naming of it both read it here, so the screen names the voice the dub speaks.
 */
export function followedPitchHz(
  style: { match: boolean; pitchHz?: number; measured?: { pitchHz: number } } | undefined,
): number | undefined {
  if (style && !style.match) return undefined;
  const pitchHz = style?.pitchHz ?? style?.measured?.pitchHz ?? 0;
  return pitchHz > 0 ? pitchHz : undefined;
}

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
  /** The engine voice's name as people read it ("Pico es-ES", "eSpeak es f1"). */
  voiceLabel: z.string(),
  /** true: an offline engine on this server (its sound is not the catalogue voice's). */
  local: z.boolean(),
});
export const voicesSpokenBySchema = z.record(z.string(), voiceSpokenBySchema);
/**
 * GET /api/voices/spoken/{language}?pitchHz=: the pitch the speaker's voice follows ("Match the speaker"),
 * when it does. A deep voice changes who speaks: an offline voice that would come down too far gives way to
 * one that reaches the pitch itself (espeak-ng for a man 4.5 st below Pico's), as in the dub.
 */
export const voicesSpokenQuerySchema = z.object({
  pitchHz: z.coerce
    .number()
    .min(STYLE_PITCH_HZ.min, `The pitch is ${STYLE_PITCH_HZ.min} to ${STYLE_PITCH_HZ.max} Hz.`)
    .max(STYLE_PITCH_HZ.max, `The pitch is ${STYLE_PITCH_HZ.min} to ${STYLE_PITCH_HZ.max} Hz.`)
    .optional(),
});
export type VoiceSpokenBy = z.infer<typeof voiceSpokenBySchema>;

// My voices: a user's own voice library, reused across projects.

/**
 * At most this many voices in one user's library: far more than the speakers of any project, and a
 * bound on what one account keeps (each entry is a row listed in every picker).
 */
export const MAX_MY_VOICES = 50;

/** A saved preset: a catalogue voice with how it speaks (the speaker's style settings, no measures). */
export const myVoiceStyleSchema = speakerStyleSchema.omit({ measured: true });
export type MyVoiceStyle = z.infer<typeof myVoiceStyleSchema>;

const myVoiceName = z
  .string()
  .trim()
  .min(1, "A voice needs a name.")
  .max(80, "A voice's name is at most 80 characters.");

/** One voice of a user's library, as the API answers it. */
export const myVoiceSchema = z.object({
  id: z.string(),
  /** preset: a catalogue voice with a pitch and pace; cloned: a voice a provider made from a speaker. */
  kind: z.enum(["preset", "cloned"]),
  name: z.string(),
  /** The speaker's voice value: a catalogue voice, or "cloned:<engine>:<provider voice id>". */
  voice: z.string(),
  style: myVoiceStyleSchema,
  /** The project and speaker it was saved from (null once that project is deleted). */
  source: z.object({ projectId: z.string(), speakerId: z.string() }).nullable(),
  /** false: a cloned voice that is deleted with its project (and at the provider) unless saved. */
  saved: z.boolean(),
  /** Who made a cloned voice ("ElevenLabs"); null for presets. */
  provider: z.string().nullable(),
  createdAt: z.string(),
});
export type MyVoice = z.infer<typeof myVoiceSchema>;

/**
 * "A voice heard before": a speaker of a project whose voice sounds like one of the user's My voices
 * (their fingerprints are close), offered to them, never applied.
 */
export const voiceOfferSchema = z.object({
  speakerId: z.string(),
  voice: myVoiceSchema,
  /** How far apart the two fingerprints are (0: one voice; a match is under the server's threshold). */
  distance: z.number(),
});
export const voiceOffersSchema = z.object({ offers: z.array(voiceOfferSchema) });
export type VoiceOffer = z.infer<typeof voiceOfferSchema>;

/** "Save to My voices" on a speaker: the server reads the speaker as stored, not from the body. */
export const createMyVoiceSchema = z.object({
  projectId: z.string().min(1),
  speakerId: z.string().min(1),
  name: myVoiceName.optional(),
});
/** Rename a voice, or keep a cloned voice when its project is deleted (`saved: true`). */
export const renameMyVoiceSchema = z
  .object({ name: myVoiceName.optional(), saved: z.literal(true).optional() })
  .refine((b) => b.name !== undefined || b.saved !== undefined, "Give a name, or saved: true.");

// Voice cloning

/** The consent a clone needs, in the words the user is shown and the server records. */
export function cloneConsentText(provider: string, maxMinutes: number): string {
  return `I have the right to use this person's voice; a copy of up to ${maxMinutes} minutes of their speech is sent to ${provider} to make a voice.`;
}

/** Whether this server can clone voices (GET /api/voices/cloning), and the consent it asks for. */
export const cloningInfoSchema = z.object({
  available: z.boolean(),
  /** The provider that makes the voice ("ElevenLabs"), or null. */
  provider: z.string().nullable(),
  /** Speech a clone needs and takes from one speaker (seconds). */
  minSeconds: z.number(),
  maxSeconds: z.number(),
  /** The sentence the consent checkbox shows (cloneConsentText), or null. */
  consent: z.string().nullable(),
  /** Why not, when not available. */
  reason: z.string().nullable(),
});
export type CloningInfo = z.infer<typeof cloningInfoSchema>;

/** "Clone this speaker's voice": only with the user's consent. */
export const cloneVoiceSchema = z.object({
  consent: z.literal(true, {
    error: "Cloning a voice needs your consent: confirm you have the right to use this person's voice.",
  }),
  name: myVoiceName.optional(),
});

/** The clone's answer: the new voice of My voices, now the speaker's voice. */
export const clonedVoiceSchema = z.object({
  voice: myVoiceSchema,
  speaker: z.object({ id: z.string(), selectedVoice: z.string() }),
});
export type ClonedVoice = z.infer<typeof clonedVoiceSchema>;
