import { z } from "zod";
import { STORYBOARD_STATUSES } from "./statuses.ts";

// A storyboard as the API shows it. Frames and images are sent back on save as they were received, so
// their objects are open (the server keeps known fields only, apps/server/src/storyboards/schemas.ts).

export const storyboardImageSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  /** What the screens show; `large` is what videos are made from. */
  medium: z.string(),
  large: z.string().optional(),
  alt: z.string().optional(),
  photographer: z.string().optional(),
  photographerUrl: z.string().optional(),
  url: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  source: z.enum(["pexels", "offline"]).optional(),
});
export type StoryboardImage = z.infer<typeof storyboardImageSchema>;

const storyboardFrameSchema = z.looseObject({
  transcriptSegment: z.looseObject({ text: z.string() }),
  keywords: z.array(z.string()).optional(),
  pexelImages: z.array(storyboardImageSchema),
  selectedAssetIndex: z.number(),
  /** The frame's length in the last generated video. */
  narrationMs: z.number().optional(),
});
export type Frame = z.infer<typeof storyboardFrameSchema>;

export const storyboardSchema = z.looseObject({
  _id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  frames: z.array(storyboardFrameSchema),
  /** In lists. */
  frameCount: z.number().optional(),
  videoUrl: z.string().nullable().optional(),
  status: z.enum(STORYBOARD_STATUSES).optional(),
  statusMessage: z.string().nullable().optional(),
  job: z
    .looseObject({ id: z.string(), status: z.string(), percent: z.number(), message: z.string().nullable() })
    .nullable()
    .optional(),
});
export type Storyboard = z.infer<typeof storyboardSchema>;

/** POST /api/storyboard/{id}/generate-video: the video's job and the storyboard. */
export const storyboardGenerationSchema = z.object({
  job: storyboardSchema.shape.job.unwrap().unwrap(),
  storyboard: storyboardSchema,
});
export type StoryboardGeneration = z.infer<typeof storyboardGenerationSchema>;
