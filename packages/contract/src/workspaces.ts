import { z } from "zod";
import { languageCodeSchema } from "./language-schemas.ts";

/** A member's role in a workspace, from the least to the most it may do. */
export const ROLES = ["viewer", "reviewer", "editor", "admin", "owner"] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** Whether `role` may do what `least` may (each role may do all that the roles before it may). */
export function roleAtLeast(role: Role, least: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(least);
}

/** A workspace as the caller sees it: with the caller's role. */
export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The account's own workspace: made with the account, never shared away nor deleted alone. */
  personal: z.boolean(),
  role: roleSchema,
  /** Only approved translations are dubbed. */
  dubOnlyApproved: z.boolean(),
  createdAt: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** GET /api/workspaces. */
export const workspaceListSchema = z.object({ workspaces: z.array(workspaceSchema) });
export type WorkspaceList = z.infer<typeof workspaceListSchema>;

/** POST /api/workspaces body. */
export const createWorkspaceBody = z.strictObject({
  name: z.string().trim().min(1, "Give the workspace a name").max(100),
});

/** A member of a workspace, as its members page lists them. */
export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: roleSchema,
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** GET /api/workspaces/{id}/members. */
export const memberListSchema = z.object({ members: z.array(memberSchema) });
export type MemberList = z.infer<typeof memberListSchema>;

/** PUT /api/workspaces/{id}/members/{userId} body: `owner` hands the workspace over (the owner alone). */
export const memberRoleBody = z.strictObject({ role: roleSchema });

/** POST /api/workspaces/{id}/invites body: an address and the role it joins with (never `owner`). */
export const inviteBody = z.strictObject({
  email: z.email("Enter an email address").max(254),
  role: z.enum(["viewer", "reviewer", "editor", "admin"]),
});

/** An invitation not yet used, revoked or expired. */
export const inviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  invitedAt: z.string(),
  expiresAt: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** GET /api/workspaces/{id}/invites. */
export const inviteListSchema = z.object({ invites: z.array(inviteSchema) });
export type InviteList = z.infer<typeof inviteListSchema>;

/** GET /api/invites/{token}: what the emailed link invites to, for the sign-in page to name it. */
export const invitePreviewSchema = z.object({ workspace: z.string(), email: z.string() });
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

/** POST /api/invites/accept body: the token of the emailed link. */
export const acceptInviteBody = z.strictObject({ token: z.string().min(1).max(200) });

/** A translation's review: draft → in review → approved, or changes requested (then edited, in review again). */
export const REVIEW_STATUSES = ["draft", "in_review", "approved", "changes_requested"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** PUT /api/video/{id}/translations/{language}/status body. */
export const reviewStatusBody = z.strictObject({ status: z.enum(REVIEW_STATUSES) });

/**
 * A translation's review status, who set it and when (null: never set), and why when a change of the text
 * set it (an approved or in-review translation edited, translated again or imported goes back to draft).
 */
export const translationReviewSchema = z.object({
  status: z.enum(REVIEW_STATUSES),
  by: z.string().nullable(),
  at: z.string().nullable(),
  note: z.string().nullable(),
  /**
   * The caller made the translation's last change (an edit, a translation asked for, an import): the server
   * refuses their approval (403), another reviewer approves it.
   */
  editedByYou: z.boolean(),
});
export type TranslationReview = z.infer<typeof translationReviewSchema>;

/** A comment on a line of a language; a thread is a comment and its replies (`parentId`). */
export const lineCommentSchema = z.object({
  id: z.string(),
  language: languageCodeSchema,
  line: z.number(),
  parentId: z.string().nullable(),
  author: z.string().nullable(),
  body: z.string(),
  resolved: z.boolean(),
  createdAt: z.string(),
});
export type LineComment = z.infer<typeof lineCommentSchema>;

/** GET /api/video/{id}/comments. */
export const lineCommentListSchema = z.object({ comments: z.array(lineCommentSchema) });
export type LineCommentList = z.infer<typeof lineCommentListSchema>;

/** POST /api/video/{id}/comments body: a new thread on a line, or a reply (`parentId`). */
export const lineCommentBody = z.strictObject({
  language: languageCodeSchema,
  line: z.number().int().min(0).max(100_000),
  body: z.string().trim().min(1, "Write a comment").max(5000),
  parentId: z.uuid().optional(),
});

/** PUT /api/video/{id}/comments/{commentId} body: resolve a thread, or open it again. */
export const resolveCommentBody = z.strictObject({ resolved: z.boolean() });

/** PUT /api/workspaces/{id} body: the workspace's name and settings. */
export const workspaceSettingsBody = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  /** Dubbing only translations a reviewer approved. */
  dubOnlyApproved: z.boolean().optional(),
});
