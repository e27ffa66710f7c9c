import { z } from "zod";
import { REVIEW_STATUSES } from "./workspaces.ts";

/**
 * What a project's activity records: a saved transcript, a translation or dub started, a translation's
 * review status set (the new status after the colon), a comment added. A closed list, so a client can
 * say each in words.
 */
export const ACTIVITY_ACTIONS = [
  "transcript:saved",
  "translation:started",
  "dub:started",
  ...REVIEW_STATUSES.map((s) => `review:${s}` as const),
  "comment:added",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/**
 * One thing someone did on a project: who (their address; null once their account is gone), when, and why
 * where the action alone does not say (`review:draft` set by an edit of an approved translation).
 */
export const activityEntrySchema = z.object({
  action: z.enum(ACTIVITY_ACTIONS),
  language: z.string().nullable(),
  actor: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /api/video/{id}/activity: newest first, the last 200. */
export const activityListSchema = z.object({ activity: z.array(activityEntrySchema) });
export type ActivityList = z.infer<typeof activityListSchema>;

/** How many entries GET /api/video/{id}/activity answers. */
export const ACTIVITY_LIMIT = 200;
