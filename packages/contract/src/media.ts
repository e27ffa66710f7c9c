import { z } from "zod";
import { speakerStyleSchema } from "./voices.ts";

// A project's people and words, as requests send them and responses show them.

export const titleSchema = z
  .string({ error: "A project title is required." })
  .trim()
  .min(1, "A project title is required.")
  .max(200, "The title can be at most 200 characters.");

const ms = z
  .number()
  .int("Times are whole milliseconds.")
  .min(0, "Times cannot be negative.")
  .max(86_400_000);

export const speakerSchema = z.object({
  id: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1, "A speaker needs a name.").max(100),
  selectedVoice: z.string().trim().min(1).max(120),
  /** How the offline voice follows this speaker; absent: it matches them. */
  style: speakerStyleSchema.optional(),
});

export const segmentSchema = z
  .object({
    speaker: z.string().min(1).max(64),
    text: z.string().max(5000),
    start: ms,
    end: ms,
    /** Keep the original voice under this line (a quote, a song) when the background is kept. */
    keepOriginal: z.boolean().optional(),
    /** A translated line the picture waits for when it needs more time, whatever the dub's timing mode. */
    pictureWaits: z.boolean().optional(),
    /** A translated line rewritten shorter to fit its time: the first rendering (shown beside it). */
    shortenedFrom: z.string().max(5000).optional(),
  })
  .refine((s) => s.end >= s.start, { message: "A segment cannot end before it starts.", path: ["end"] });

export const transcriptSchema = z.array(segmentSchema).max(20_000);

export type Speaker = z.infer<typeof speakerSchema>;
export type Segment = z.infer<typeof segmentSchema>;

/** "How many people speak?": 1–8, or null/absent to detect automatically. */
const MAX_SPEAKER_COUNT = 8;
export const speakerCountSchema = z
  .number({ error: "How many people speak: 1 to 8, or null to detect automatically." })
  .int("How many people speak: 1 to 8, or null to detect automatically.")
  .min(1, "How many people speak: 1 to 8, or null to detect automatically.")
  .max(MAX_SPEAKER_COUNT, "How many people speak: 1 to 8, or null to detect automatically.")
  .nullable();
