import { z } from "zod";
import { languageCodeSchema, spokenLanguageSchema } from "./language-schemas.ts";
import { speakerCountSchema, speakerSchema, titleSchema, transcriptSchema } from "./media.ts";

// The bodies of project, translation and dub requests, as the server validates them (apps/server parses
// with these) and the API description shows them.

export const videoUpdateSchema = z
  .object({
    title: titleSchema.optional(),
    speakers: z.array(speakerSchema).max(50).optional(),
    transcript: transcriptSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.speakers) return;
    const ids = new Set<string>();
    v.speakers.forEach((s, i) => {
      if (ids.has(s.id))
        ctx.addIssue({ code: "custom", path: ["speakers", i, "id"], message: "Speaker ids must be unique." });
      ids.add(s.id);
    });
  });
export type VideoUpdate = z.infer<typeof videoUpdateSchema>;

/** The seed client sends `{video: {...}}`; a bare project object is accepted too. */
export const videoUpdateBody = z
  .unknown()
  .transform((body) =>
    body && typeof body === "object" && "video" in body ? (body as { video: unknown }).video : body,
  )
  .pipe(videoUpdateSchema);
/** How PUT /api/video/{id} is described (`videoUpdateBody` unwraps the first form into the second). */
export const videoUpdateDocumented = z.union([z.object({ video: videoUpdateSchema }), videoUpdateSchema]);

/** PATCH /api/video/{id}: a new title. */
export const renameBody = z.object({ title: titleSchema });
/** PUT /api/video/{id}/transcript. */
export const transcriptBody = z.object({ transcript: transcriptSchema });

/** PUT /api/video/{id}/language: the spoken language, and how many people speak (null: detect). */
export const languageChangeBody = z.object({
  language: spokenLanguageSchema,
  speakers: speakerCountSchema.optional(),
});

const background = z.enum(["keep", "duck", "remove"]);
/**
 * How a dub fits its lines: "keep-length" (the video keeps its length; lines play at most `maxSpeed`,
 * 1.25× by default) or "picture-waits" (lines play at most 1.15×; where a line needs more, it plays at
 * 1.1× and the picture holds for the rest, and the video grows by those holds).
 */
export const timingModeSchema = z.enum(["keep-length", "picture-waits"]);
const dubTiming = {
  timing: timingModeSchema.optional(),
  /** "keep-length": the fastest a line may play against its voice's pace (1 to 2, default 1.25). */
  maxSpeed: z.number().min(1).max(2).optional(),
};
/** POST /api/video/{id}/translate. */
export const translateBody = z.object({ language: languageCodeSchema });
/** POST /api/video/{id}/dub. */
export const dubBody = translateBody.extend({
  /** Lines to synthesize again although cached (0-based transcript indexes). */
  regenerate: z.array(z.number().int().min(0)).max(100).optional(),
  burnSubtitles: z.boolean().optional(),
  background: background.optional(),
  /** With `burnSubtitles`: the original line above the translated one. */
  bilingualSubtitles: z.boolean().optional(),
  ...dubTiming,
});
/** Languages one "translate and dub" call may start (each a translation and a dub). */
const MAX_BATCH_LANGUAGES = 10;
/** POST /api/video/{id}/dubs ("Translate and dub"). */
export const batchDubBody = z.object({
  languages: z
    .array(languageCodeSchema)
    .min(1, "Choose at least one language")
    .max(MAX_BATCH_LANGUAGES)
    .refine((l) => new Set(l).size === l.length, "A language is listed twice"),
  burnSubtitles: z.boolean().optional(),
  background: background.optional(),
  ...dubTiming,
});
/** PUT /api/video/{id}/translation: an edited translated transcript. */
/** PUT …/translations/{language}/review: a line of the report card kept as it is ("reviewed, keep it"), or not. */
export const reviewLineBody = z.object({
  index: z.number().int().min(0).max(20_000),
  reviewed: z.boolean(),
});
/**
 * One-click fixes of a line of the report card, each re-dubbing that line: "borrow-silence" (the line
 * may run into the silence after it), "picture-waits" (the picture holds for it where it needs more
 * time), "shorten" (rewritten shorter by an engine that can rewrite), "move-speaker" (the line given
 * to the speaker whose voice it is, in the transcript and every translation).
 */
export const lineFixSchema = z.enum(["borrow-silence", "picture-waits", "shorten", "move-speaker"]);
/**
 * POST …/translations/{language}/lines/{index}/fix. "move-speaker" (the line's voice is another
 * speaker's: the card's speaker check) needs `speaker`, the id the line moves to.
 */
export const lineFixBody = z
  .object({ fix: lineFixSchema, speaker: z.string().min(1).max(100).optional() })
  .refine((b) => b.fix !== "move-speaker" || b.speaker, {
    message: "Say which speaker the line moves to.",
    path: ["speaker"],
  });

export const translationBody = z.object({
  language: languageCodeSchema,
  transcript: transcriptSchema,
});
