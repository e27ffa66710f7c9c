import { z } from "zod";
import { segmentSchema, speakerSchema } from "./media.ts";
import { JOB_KINDS, JOB_STATUSES, PROJECT_STATUSES, TRANSLATION_STATUSES } from "./statuses.ts";
import { dubVoiceReportSchema } from "./voices.ts";
import { translationReviewSchema } from "./workspaces.ts";

// What the API answers, defined once: the server's presenters are typed by these, the web app reads
// the inferred types, and the integration tests parse real responses with them.

const url = z.string().nullable();
const isoDate = z.string();

/** A project as lists show it; `_id`, `originalVideoUrl` and `uploadedAt` keep the seed's names. */
export const projectSchema = z.object({
  _id: z.string(),
  /** The workspace the project belongs to (the caller's role there says what they may do with it). */
  workspaceId: z.string(),
  title: z.string(),
  status: z.enum(PROJECT_STATUSES),
  progress: z.number(),
  statusMessage: z.string().nullable(),
  language: z.string(),
  /** How many people speak, as the user said (1–8); null: detected by the transcription. */
  speakerCount: z.number().nullable(),
  /**
   * "Detect": the language recognition heard (ISO 639-1) and how sure it was (0–1), also when it was too
   * unsure to take (then the project failed, asking for the language); null when the user chose it.
   */
  detectedLanguage: z.object({ language: z.string(), probability: z.number() }).nullable(),
  originalVideoUrl: url,
  posterUrl: url,
  previewUrl: url,
  originalName: z.string(),
  /** Link import: the link the video comes from; null for an upload. */
  sourceUrl: z.string().nullable(),
  sizeBytes: z.number(),
  durationMs: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  uploadedAt: isoDate,
  expiresAt: isoDate,
});
export type Project = z.infer<typeof projectSchema>;

/** One project with its speakers and transcript (GET /api/video/{id}, the upload's answer). */
export const projectDetailSchema = projectSchema.extend({
  speakers: z.array(speakerSchema),
  transcript: z.array(segmentSchema),
  /**
   * In the answer of a request that started work on the project (the upload, a new transcription): that
   * job's id, which every log line of the job carries as `jobId` and the operator's console lists.
   */
  jobId: z.string().nullable().optional(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** The report card's checks on each dubbed line (docs/API.md "The dub's report card"). */
export const REPORT_CHECKS = [
  "fit",
  "untranslated",
  "meaning",
  "glossary",
  "original-voice",
  "music",
  "clipping",
  "loudness",
  "intelligibility",
  "pitch",
  "speaker",
] as const;
export const LINE_STATUSES = ["ok", "warn", "fail"] as const;

/** One check's finding on one line: `skipped` when it could not run there (the message says why). */
export const reportFindingSchema = z.object({
  check: z.enum(REPORT_CHECKS),
  status: z.enum([...LINE_STATUSES, "skipped"]),
  message: z.string(),
  value: z.number().optional(),
  /** The speaker check: the speaker id whose voice the line sounds like ("move-speaker" moves it there). */
  speaker: z.string().optional(),
});
/** A dubbed line's findings and its worst status; `reviewed`: the creator chose to keep it as it is. */
export const reportLineSchema = z.object({
  index: z.number(),
  status: z.enum(LINE_STATUSES),
  checks: z.array(reportFindingSchema),
  reviewed: z.boolean().optional(),
});
export type ReportLine = z.infer<typeof reportLineSchema>;
/** How many dubbed lines are ok, have a warning, or failed a check; `reviewed`: of those two, kept as they are. */
export const reportSummarySchema = z.object({
  ok: z.number(),
  warn: z.number(),
  fail: z.number(),
  reviewed: z.number().optional(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** What the editor needs of a dub report: per segment its speed and whether it is too long. */
export const dubReportSchema = z.object({
  /** The original audio under the dub: the separated background, ducked, or none. */
  background: z.enum(["keep", "duck", "remove"]).optional(),
  /** With "keep" asked: the separation engine, or null and why the dub ducked instead. */
  separation: z
    .object({ requested: z.literal("keep"), engine: z.string().nullable(), reason: z.string().optional() })
    .optional(),
  /** Per speaker id: the voice that spoke and how it followed the speaker. */
  voices: z.record(z.string(), dubVoiceReportSchema).optional(),
  totals: z.object({
    segments: z.number(),
    dubbed: z.number(),
    tooLong: z.number(),
    resynthesized: z.number(),
    cached: z.number(),
    maxSpeed: z.number(),
    atMost1_3: z.number(),
  }),
  /**
   * How the lines were fitted: the mode, where the picture held (ms on the original's timeline) and the
   * time it added, the share of lines at most 1.1× their voice's pace and the fastest (dubs made before
   * timing plans have none).
   */
  timing: z
    .object({
      mode: z.enum(["keep-length", "picture-waits"]),
      waits: z.array(z.object({ at: z.number(), ms: z.number() })),
      addedMs: z.number(),
      atMost1_1: z.number(),
      fastest: z.number(),
    })
    .optional(),
  segments: z.array(
    z.object({
      index: z.number(),
      speed: z.number(),
      /** The speed the timing plan chose, how long the picture held for the line, how late it started. */
      plannedSpeed: z.number().optional(),
      waitMs: z.number().optional(),
      delayMs: z.number().optional(),
      borrowedMs: z.number().optional(),
      tooLong: z.boolean(),
      cached: z.boolean(),
      empty: z.boolean(),
    }),
  ),
  /** The report card: every dubbed line's checks (dubs made before it have none). */
  lines: z.array(reportLineSchema).optional(),
  summary: reportSummarySchema.optional(),
  /** Lines the creator reviewed and kept: transcript index → the text they kept. */
  reviewed: z.record(z.string(), z.string()).optional(),
});
export type DubReport = z.infer<typeof dubReportSchema>;

/** One language of a project; `videoId` and `finalVideoUrl` keep the seed's names. */
export const translationSchema = z.object({
  videoId: z.string(),
  language: z.string(),
  status: z.enum(TRANSLATION_STATUSES),
  statusMessage: z.string().nullable(),
  progress: z.number(),
  transcript: z.array(segmentSchema),
  engine: z.string().nullable(),
  finalVideoUrl: url,
  srtUrl: url,
  vttUrl: url,
  /** The dub's audio alone: M4A (stored) and WAV (decoded while it downloads, an API path). */
  audioUrl: url,
  wavUrl: url,
  /** The dubbed video has its subtitles drawn in. */
  subtitlesBurned: z.boolean(),
  report: dubReportSchema.nullable(),
  /** After a failed dub: the earlier dubbed video, labelled as such (`finalVideoUrl` is then null). */
  previousDub: z.object({ videoUrl: z.string(), dubbedAt: isoDate.nullable() }).nullable(),
  stale: z.boolean(),
  /** Segments (0-based) whose glossary term is missing from the translated text, as it is now. */
  glossaryMisses: z.array(z.object({ segment: z.number(), term: z.string(), expected: z.string() })),
  dubbedAt: isoDate.nullable(),
  updatedAt: isoDate,
  /** Its review (the workspace's reviewers approve it or send it back). */
  review: translationReviewSchema,
});
export type Translation = z.infer<typeof translationSchema>;

/** One run of long work, as the events stream and the start calls show it. */
export const jobSchema = z.object({
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  language: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  percent: z.number(),
  message: z.string().nullable(),
  updatedAt: isoDate,
});
export type Job = z.infer<typeof jobSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** A session of an operator (ADMIN_EMAILS): the app links the operator's console. */
  operator: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/** POST translate or dub answered at once (202): the job (null when none was started) and the translation. */
export const startedTranslationSchema = z.object({
  job: jobSchema.nullable(),
  translation: translationSchema,
});
export type StartedTranslation = z.infer<typeof startedTranslationSchema>;
/** POST dub: 202 at once (`dubVideoUrl` null), or 200 with `Prefer: wait=N` when the dub settled in time. */
export const dubAnswerSchema = startedTranslationSchema.extend({ dubVideoUrl: z.string().nullable() });
export type DubAnswer = z.infer<typeof dubAnswerSchema>;
/** POST /api/video/{id}/dubs ("Translate and dub"): each language's translation job. */
export const batchDubAnswerSchema = z.object({
  dubs: z.array(startedTranslationSchema.extend({ language: z.string() })),
});
export type BatchDubAnswer = z.infer<typeof batchDubAnswerSchema>;

const span = z.object({ start: z.number(), end: z.number() });
/**
 * GET /api/video/{id}/untranscribed-speech: speech (ms) heard at transcription (on the separated voice, or
 * on the original when the separation failed: `separated` false) that no segment covers.
 */
export const untranscribedSpeechSchema = z.object({
  separated: z.boolean(),
  engine: z.string().nullable().optional(),
  stretches: z.array(span),
});
export type UntranscribedSpeech = z.infer<typeof untranscribedSpeechSchema>;
/** GET /api/video/{id}/speech: where the audio has speech (ms). */
export const speechRegionsSchema = z.object({ regions: z.array(span) });
export type SpeechRegions = z.infer<typeof speechRegionsSchema>;
