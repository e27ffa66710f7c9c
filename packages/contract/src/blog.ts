import { z } from "zod";

/** A blog post: Markdown and the server's rendering of it (raw HTML escaped, unsafe links removed). */
export const blogPostSchema = z.object({
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  /** YYYY-MM-DD. */
  publicationDate: z.string(),
  /** Markdown. */
  content: z.string(),
  html: z.string(),
  /** About 150 characters of its text. */
  excerpt: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;
