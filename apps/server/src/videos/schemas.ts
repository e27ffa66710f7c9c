import {
  type Segment,
  type Speaker,
  segmentSchema,
  speakerSchema,
  titleSchema,
  transcriptSchema,
} from "@dubbing/contract";
import { z } from "zod";

export { type Segment, type Speaker, segmentSchema, speakerSchema, titleSchema, transcriptSchema };

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

/** Segments must name a speaker that exists on the project. Returns the index of the first that does not. */
export function firstUnknownSpeaker(transcript: Segment[], speakerIds: Set<string>): number {
  return transcript.findIndex((s) => !speakerIds.has(s.speaker));
}
