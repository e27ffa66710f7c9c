import { z } from "zod";

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
});

export const segmentSchema = z
  .object({
    speaker: z.string().min(1).max(64),
    text: z.string().max(5000),
    start: ms,
    end: ms,
  })
  .refine((s) => s.end >= s.start, { message: "A segment cannot end before it starts.", path: ["end"] });

export const transcriptSchema = z.array(segmentSchema).max(20_000);

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
export type Speaker = z.infer<typeof speakerSchema>;
export type Segment = z.infer<typeof segmentSchema>;

/** The seed client sends `{video: {...}}`; a bare project object is accepted too. */
export const videoUpdateBody = z
  .unknown()
  .transform((body) =>
    body && typeof body === "object" && "video" in body ? (body as { video: unknown }).video : body,
  )
  .pipe(videoUpdateSchema);

/** Segments must name a speaker that exists on the project. Returns the index of the first that does not. */
export function firstUnknownSpeaker(transcript: Segment[], speakerIds: Set<string>): number {
  return transcript.findIndex((s) => !speakerIds.has(s.speaker));
}
