import { z } from "zod";
import { spokenLanguageSchema } from "./language-schemas.ts";
import { titleSchema } from "./media.ts";

// Link import: `POST /api/video/process` with a JSON body and a `url` instead of a file.

/** A YouTube video id is 11 characters (PRODUCT.md § Input rules). */
export const YOUTUBE_ID_LENGTH = 11;

const YOUTUBE_HOST = /^(?:www\.|m\.|music\.)?(?:youtube(?:-nocookie)?\.com|youtu\.be)$/i;
const YOUTUBE_ID =
  /(?:youtu\.be\/|youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/|live\/|v\/))([A-Za-z0-9_-]+)/;

/** Pure: whether a link names YouTube (then its 11-character id rule applies). */
export function isYoutubeLink(link: string): boolean {
  try {
    return YOUTUBE_HOST.test(new URL(link.trim()).hostname);
  } catch {
    return /youtu\.?be/i.test(link);
  }
}

/** The video id of a YouTube link, or null when the link has no 11-character id. */
export function youtubeId(link: string): string | null {
  const id = YOUTUBE_ID.exec(link.trim())?.[1];
  return id && id.length === YOUTUBE_ID_LENGTH ? id : null;
}

/** The spec's message for a YouTube link without an 11-character id. */
const INVALID_YOUTUBE_LINK = "Invalid YouTube link";

/** The longest link accepted. */
const MAX_LINK_LENGTH = 2048;

/** Pure: what is wrong with a link (with its scheme), or null. */
function linkIssue(link: string): string | null {
  if (isYoutubeLink(link) && !youtubeId(link)) return INVALID_YOUTUBE_LINK;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return "This is not a link (it should start with https://).";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return "Only http:// and https:// links can be imported.";
  if (url.username || url.password) return "Links with a user name or password cannot be imported.";
  return null;
}

/** A link to import: http(s) only, no user name, and a YouTube link must carry its 11-character id. */
export const importLinkSchema = z
  .string({ error: "Give the link of a video." })
  .trim()
  .min(1, "Give the link of a video.")
  .max(MAX_LINK_LENGTH, `A link can be at most ${MAX_LINK_LENGTH} characters.`)
  // "youtube.com/watch?v=…" as people paste it: https:// is meant
  .transform((link) => (/^[a-z][a-z0-9+.-]*:/i.test(link) ? link : `https://${link}`))
  .pipe(
    z.string().superRefine((link, ctx) => {
      const issue = linkIssue(link);
      if (issue) ctx.addIssue({ code: "custom", message: issue });
    }),
  );

/** The JSON body of a link import (the multipart form's fields, with `url` instead of the `video` file). */
export const linkImportBody = z.strictObject({
  title: titleSchema,
  url: importLinkSchema,
  /** The spoken language (an app language code); English when not sent. */
  language: spokenLanguageSchema.optional(),
  /** How many people speak: 1–8, or "auto" (or absent) to detect. */
  speakers: z.union([z.int().min(1).max(8), z.literal("auto")]).optional(),
});
export type LinkImportBody = z.infer<typeof linkImportBody>;
