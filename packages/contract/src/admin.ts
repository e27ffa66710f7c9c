// The operator's console API (/api/admin/*): request and response shapes, for the server, the web app and
// the OpenAPI document. Only the addresses in ADMIN_EMAILS reach it; everyone else gets 404.
import { z } from "zod";
import { JOB_KINDS, JOB_STATUSES } from "./statuses.ts";

/** A page of a list: at most this many rows (a bound on one request's work, whatever the caller asks). */
export const ADMIN_PAGE_MAX = 100;

const page = z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(25);
/** An opaque position in a list: the ISO time of the last row seen (lists are newest first). */
const before = z.iso.datetime({ offset: true }).optional();

/** GET /api/admin/users query: a part of the email (case-insensitive, taken literally), a page size. */
export const adminUserQuerySchema = z.object({
  q: z.string().trim().max(320).default(""),
  limit: page,
  before,
});
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  /** When an operator suspended the account; null: active. */
  suspendedAt: z.string().nullable(),
  /** The plan in effect (its id). */
  plan: z.string(),
  /** The plan the console set (null: none, the sign-up plan applies). */
  assignedPlan: z.string().nullable(),
  /** A plan the account is on that PLANS_FILE no longer defines (the sign-up plan's limits apply), or null. */
  undefinedPlan: z.string().nullable(),
  /** This calendar month (UTC): seconds transcribed and dubbed, and the plan's limit (null: none). */
  usage: z.object({
    month: z.string(),
    transcribedSeconds: z.number(),
    dubbedSeconds: z.number(),
    limitSeconds: z.number().nullable(),
  }),
  /** Bytes kept in every workspace the account owns (its plan's storage). */
  storedBytes: z.number(),
  /** Shared workspaces the account owns: their members' work counts in this row's usage and storage. */
  sharedWorkspaces: z.number(),
  isAdmin: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/users; `next` is the `before` of the following page, null on the last. */
export const adminUserListSchema = z.object({ users: z.array(adminUserSchema), next: z.string().nullable() });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** GET /api/admin/jobs query: one status (default the unfinished and failed ones). */
export const ADMIN_JOB_FILTERS = ["active", "queued", "running", "failed", "done", "all"] as const;
export const adminJobQuerySchema = z.object({
  status: z.enum(ADMIN_JOB_FILTERS).default("active"),
  limit: page,
  before,
});
export type AdminJobQuery = z.infer<typeof adminJobQuerySchema>;

export const adminJobSchema = z.object({
  /** The job id: every log line of the job carries it as `jobId`. */
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  status: z.enum(JOB_STATUSES),
  percent: z.number(),
  /** The status line; for a failed job, its error. */
  message: z.string().nullable(),
  projectId: z.string().nullable(),
  storyboardId: z.string().nullable(),
  language: z.string().nullable(),
  owner: z.object({ id: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const adminJobListSchema = z.object({ jobs: z.array(adminJobSchema), next: z.string().nullable() });
export type AdminJobList = z.infer<typeof adminJobListSchema>;

const ability = z.object({
  available: z.boolean(),
  engine: z.string().nullable(),
  reason: z.string().nullable(),
});

/** GET /api/admin/engines: every configured engine with its probe, and what each language can do now. */
export const adminEnginesSchema = z.object({
  engines: z.array(
    z.object({ kind: z.string(), id: z.string(), available: z.boolean(), reason: z.string().nullable() }),
  ),
  /** From `source` (the query's, default English). */
  source: z.string(),
  languages: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      translate: ability,
      tts: ability,
      asr: ability,
    }),
  ),
});
export type AdminEngines = z.infer<typeof adminEnginesSchema>;

/** GET /api/admin/models: the model catalogue, what is installed where the engines read, and its disk use. */
export const adminModelsSchema = z.object({
  /** Bytes the installed models take (and what interrupted installs kept). */
  diskBytes: z.number(),
  models: z.array(
    z.object({
      id: z.string(),
      /** faster-whisper (speech recognition) or piper (a voice). */
      engine: z.string(),
      label: z.string(),
      languages: z.array(z.string()),
      licence: z.string(),
      /** Every file's SHA-256 matched the official home's. */
      verified: z.boolean(),
      /** Bytes of its files, from the catalogue. */
      size: z.number(),
      installed: z.boolean(),
      /** Bytes on disk: the installed files, or what an interrupted install kept. */
      diskBytes: z.number(),
    }),
  ),
});
export type AdminModels = z.infer<typeof adminModelsSchema>;

/** How the last backup of the embedded mode ended (`npm run backup` or BACKUP_DIR's schedule). */
export const backupOutcomeSchema = z.object({
  id: z.string(),
  at: z.string(),
  trigger: z.enum(["requested", "scheduled"]),
  ok: z.boolean(),
  /** Why it failed. */
  error: z.string().nullable(),
});
export type BackupOutcome = z.infer<typeof backupOutcomeSchema>;

/** GET /api/admin/storage: what the service stores, from its records (sizes as uploaded). */
export const adminStorageSchema = z.object({
  backend: z.enum(["local", "s3"]),
  users: z.number(),
  suspendedUsers: z.number(),
  projects: z.number(),
  storyboards: z.number(),
  translations: z.number(),
  /** Bytes of the uploaded videos (the plans' storage limits count these). */
  uploadedBytes: z.number(),
  /** The users storing the most, in the workspaces they own (their plans pay for it). */
  top: z.array(z.object({ id: z.string(), email: z.string(), storedBytes: z.number() })),
  /** Null until a backup ran (and always in scale-out, whose database and bucket are backed up elsewhere). */
  lastBackup: backupOutcomeSchema.nullable(),
});
export type AdminStorage = z.infer<typeof adminStorageSchema>;

/** The identity provider's audit lines an operator can filter on. */
export const IDENTITY_AUDIT_ACTIONS = [
  "sign_in",
  "sign_in_failed",
  "session_revoked",
  "password_changed",
  "user_created",
  "factor_added",
  "factor_deleted",
  "rate_limited",
  "delivery_failed",
] as const;

/** GET /api/admin/identity-audit query. `email`: the address tried, or the account's. */
export const identityAuditQuerySchema = z.object({
  action: z.enum(IDENTITY_AUDIT_ACTIONS).optional(),
  email: z.string().trim().max(320).optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  limit: page,
  before,
});
export type IdentityAuditQuery = z.infer<typeof identityAuditQuerySchema>;

export const identityAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  method: z.string(),
  identityUserId: z.string().nullable(),
  subject: z.string(),
  ipAddress: z.string(),
  userAgent: z.string(),
});
export const identityAuditListSchema = z.object({
  entries: z.array(identityAuditEntrySchema),
  next: z.string().nullable(),
});
export type IdentityAuditList = z.infer<typeof identityAuditListSchema>;

/** What an operator did through the console; each is one audit row. */
export const ADMIN_ACTIONS = [
  "suspend_user",
  "resume_user",
  "delete_user",
  "retry_job",
  "cancel_job",
  "set_plan",
  "invite_user",
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** GET /api/admin/audit query. */
export const adminAuditQuerySchema = z.object({
  action: z.enum(ADMIN_ACTIONS).optional(),
  limit: page,
  before,
});

export const adminAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  /** Who did it: the admin's user id and their address at the time. */
  adminId: z.string().nullable(),
  adminEmail: z.string(),
  /** What it was done to: a user's or a job's id, and a readable label (the user's address, the job's kind). */
  targetId: z.string(),
  targetLabel: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditListSchema = z.object({
  entries: z.array(adminAuditEntrySchema),
  next: z.string().nullable(),
});
export type AdminAuditList = z.infer<typeof adminAuditListSchema>;

/** DELETE /api/admin/users/:id body: the user's address typed again, as the user's own deletion asks. */
export const adminDeleteUserSchema = z.object({ email: z.string().max(320) });
