import { z } from "zod";
import { languageCodeSchema } from "./language-schemas.ts";

// Storyboard requests, as the server validates them (and the API description shows them).

/** Where the service's own illustrations are served (a search hands out signed links under it). */
export const OFFLINE_PATH = "/api/storyboard/images/offline/";

export const MAX_TRANSCRIPT_CHARS = 20_000;
export const MAX_FRAMES = 200;

export const storyboardTitle = z
  .string({ error: "A title is required." })
  .trim()
  .min(1, "A title is required.")
  .max(200, "The title can be at most 200 characters.");

export const createStoryboardBody = z.object({
  title: storyboardTitle,
  transcript: z
    .string({ error: "A transcript is required." })
    .trim()
    .min(1, "A transcript is required.")
    .max(MAX_TRANSCRIPT_CHARS, `The transcript can be at most ${MAX_TRANSCRIPT_CHARS} characters.`),
});

/** An image URL we can show and later turn into video: our own offline illustration, or http(s). */
const imageUrl = z
  .string()
  .trim()
  .min(1, "An image needs a URL.")
  .max(2000)
  .refine((url) => url.startsWith(OFFLINE_PATH) || /^https?:\/\/[^\s]+$/i.test(url), {
    message: "An image URL must be http(s) or one of the service's own images.",
  });

// Known fields only: anything else a client sends back is dropped, so stored frames stay small and clean.
const storyboardImageInput = z.object({
  id: z.union([z.string().max(200), z.number()]).optional(),
  medium: imageUrl,
  large: imageUrl.optional(),
  alt: z.string().max(500).optional(),
  photographer: z.string().max(200).optional(),
  photographerUrl: z.string().max(2000).optional(),
  url: z.string().max(2000).optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  source: z.enum(["pexels", "offline"]).optional(),
});

const storyboardFrameInput = z
  .object({
    transcriptSegment: z.object({
      text: z
        .string()
        .trim()
        .min(1, "A frame needs text.")
        .max(2000, "A frame's text is at most 2000 characters."),
    }),
    keywords: z.array(z.string().max(60)).max(10).optional(),
    pexelImages: z.array(storyboardImageInput).max(50, "A frame can hold at most 50 images."),
    selectedAssetIndex: z.number().int("selectedAssetIndex is a whole number.").min(0),
  })
  .refine((f) => f.selectedAssetIndex < Math.max(1, f.pexelImages.length), {
    message: "selectedAssetIndex must point at one of the frame's images.",
    path: ["selectedAssetIndex"],
  });

/** PUT body: the full storyboard as the client holds it; read-only fields (_id, createdAt, videoUrl, …) are ignored. */
export const updateStoryboardBody = z.object({
  title: storyboardTitle.optional(),
  frames: z
    .array(storyboardFrameInput)
    .min(1, "A storyboard needs at least one frame.")
    .max(MAX_FRAMES, `A storyboard can have at most ${MAX_FRAMES} frames.`),
});
export type StoryboardUpdate = z.infer<typeof updateStoryboardBody>;

/** POST generate-video: no body is needed; a voice, language and subtitles switch may be given. */
export const generateBody = z
  .object({
    voice: z.string().trim().min(1).max(120).optional(),
    language: languageCodeSchema.optional(),
    subtitles: z.boolean().optional(),
  })
  .default({});

export const searchQuery = z
  .string({ error: "Type something to search for." })
  .trim()
  .min(1, "Type something to search for.")
  .max(100, "A search is at most 100 characters.");

/** PATCH /api/storyboard/{id}: a new title. */
export const storyboardRenameBody = z.object({ title: storyboardTitle });
