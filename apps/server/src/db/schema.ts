import type {
  ActivityAction,
  AdminAction,
  DubReport,
  GlossaryEntry,
  JobKind,
  JobStatus,
  LanguageCode,
  MyVoiceStyle,
  ProjectStatus,
  ReviewStatus,
  Role,
  SpeakerStyle,
  SpokenLanguage,
  StoryboardStatus,
  TranslationStatus,
  WebhookEvent,
} from "@dubbing/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable("users", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  email: text("email").notNull().unique(),
  /** The identity provider's user this account belongs to: accounts are keyed on it, not on an email. */
  identityUserId: text("identity_user_id").unique(),
  createdAt: createdAt(),
  /** Set by an operator (the console): no session, API key or new sign-in of the account works until cleared. */
  suspendedAt: timestamp("suspended_at", { withTimezone: true }),
  /** The plan an operator put the account on (console or invitation); null: SIGNUP_PLAN's. */
  plan: text("plan"),
});

// A workspace: where projects, storyboards, My voices, glossary defaults, API keys and webhooks belong.
// Every account has a personal one whose id is the account's own (made with the account by a trigger,
// 0022_workspaces.sql), so "the caller's personal workspace" needs no look-up; more are shared ones.
export const workspaces = pgTable("workspaces", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  name: text("name").notNull(),
  /** The account whose personal workspace this is (it goes with the account); null: a shared one. */
  personalOf: uuid("personal_of")
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The glossary defaults every project's translations follow (a project's entry wins). */
  glossary: jsonb("glossary").$type<GlossaryEntry[]>().notNull().default([]),
  /** Only translations a reviewer approved are dubbed. */
  dubOnlyApproved: boolean("dub_only_approved").notNull().default(false),
  createdAt: createdAt(),
});

/** Who may do what in a workspace; a workspace has exactly one owner. */
export const workspaceMembers = pgTable(
  "workspace_members",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<Role>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index("workspace_members_user_idx").on(t.userId),
  ],
);

// An invitation to a workspace, sent by email: found by the SHA-256 of its link's token (the token itself is
// never stored), used once (the row goes when accepted or revoked), refused after `expires_at`.
export const workspaceInvites = pgTable(
  "workspace_invites",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<Role>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("workspace_invites_workspace_idx").on(t.workspaceId, t.createdAt)],
);

/** The workspace column of what belongs to one: it goes with its workspace. */
const workspaceColumn = () =>
  uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });

/** Addresses an operator invited from the console: they may sign up, onto the plan named here. */
export const invites = pgTable("invites", {
  email: text("email").primaryKey(),
  plan: text("plan").notNull(),
  invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

// A session is found by the SHA-256 of its token; the token itself is never stored.
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The identity provider's session this app session was made from; revoked with it on logout. */
    identitySessionId: text("identity_session_id"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

// Key/value settings shared by every process (e.g. the media URL signing secret).
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: workspaceColumn(),
    title: text("title").notNull(),
    status: text("status").$type<ProjectStatus>().notNull(),
    progress: integer("progress").notNull().default(0),
    statusMessage: text("status_message"),
    language: text("language").$type<SpokenLanguage>().notNull().default("en"),
    originalKey: text("original_key").notNull(),
    originalName: text("original_name").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    durationMs: integer("duration_ms"),
    width: integer("width"),
    height: integer("height"),
    hasAudio: integer("has_audio"),
    posterKey: text("poster_key"),
    previewKey: text("preview_key"),
    audioKey: text("audio_key"),
    /** Terms kept as they are and term pairs per target language, for this project's translations. */
    glossary: jsonb("glossary").$type<GlossaryEntry[]>().notNull().default([]),
    /** How many people speak, as the user said (1–8); null: detected. Read by the transcription. */
    speakerCount: integer("speaker_count"),
    /** "Detect": the language recognition heard and how sure it was (0–1); null when the user chose it. */
    detectedLanguage: jsonb("detected_language").$type<{ language: string; probability: number }>(),
    /** Link import: the link the worker downloads the original from; `original_key` is "" until it has. */
    sourceUrl: text("source_url"),
    uploadedAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("projects_user_idx").on(t.userId, t.uploadedAt),
    index("projects_workspace_idx").on(t.workspaceId, t.uploadedAt),
  ],
);

export const speakers = pgTable(
  "speakers",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    selectedVoice: text("selected_voice").notNull(),
    /** How the offline voice follows this speaker: "Match the speaker", the measures, the user's values. */
    style: jsonb("style").$type<SpeakerStyle>(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] })],
);

// My voices: a user's own voices, reused across projects. A preset is a catalogue voice with the
// pitch and pace it speaks at; a cloned voice is a voice a provider made from a speaker's speech
// (`voice` = "cloned:<engine>:<provider voice id>"). The project a voice came from is kept for reference
// (set null when that project goes, so the voice outlives it) — but a clone not `saved` is deleted with
// its project (deletion/service.ts, at the provider too). Deleted with the account (cascade).
export const myVoices = pgTable(
  "my_voices",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: workspaceColumn(),
    kind: text("kind").$type<"preset" | "cloned">().notNull(),
    name: text("name").notNull(),
    voice: text("voice").notNull(),
    style: jsonb("style").$type<MyVoiceStyle>().notNull(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    speakerId: text("speaker_id"),
    /** false: a clone that goes when its project goes; the user keeps it by saving it. Presets: true. */
    saved: boolean("saved").notNull().default(true),
    /** A cloned voice's consent record. */
    consentId: uuid("consent_id").references(() => voiceConsents.id, { onDelete: "set null" }),
    /** The fingerprint of the speaker's voice it was saved from: a new project's speakers are matched to it. */
    voiceprint: jsonb("voiceprint").$type<number[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("my_voices_user_idx").on(t.userId, t.createdAt),
    index("my_voices_workspace_idx").on(t.workspaceId, t.createdAt),
    index("my_voices_project_idx").on(t.projectId),
  ],
);

// Consent to clone a voice: who agreed, when, to what words, for which speaker, sent to whom; one
// row per attempt, written before anything is sent. At most one attempt in flight per speaker (the
// partial unique index: a double click makes one voice). Kept with the account (cascade).
export const voiceConsents = pgTable(
  "voice_consents",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    speakerId: text("speaker_id").notNull(),
    /** The provider the sample is sent to ("ElevenLabs"). */
    provider: text("provider").notNull(),
    /** The consent sentence exactly as the user was shown it. */
    statement: text("statement").notNull(),
    /** pending → made | refused | failed */
    status: text("status").$type<"pending" | "made" | "refused" | "failed">().notNull(),
    /** Seconds of speech sent; the provider's voice id once made; its reason when refused. */
    sampleSeconds: integer("sample_seconds"),
    providerVoiceId: text("provider_voice_id"),
    message: text("message"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("voice_consents_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("voice_consents_pending_idx")
      .on(t.projectId, t.speakerId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const segments = pgTable(
  "segments",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    speaker: text("speaker").notNull(),
    text: text("text").notNull(),
    startMs: integer("start_ms").notNull(),
    endMs: integer("end_ms").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.position] })],
);

export interface SegmentJson {
  speaker: string;
  text: string;
  start: number;
  end: number;
}

export const translations = pgTable(
  "translations",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    language: text("language").$type<LanguageCode>().notNull(),
    status: text("status").$type<TranslationStatus>().notNull(),
    statusMessage: text("status_message"),
    transcript: jsonb("transcript").$type<SegmentJson[]>().notNull().default([]),
    progress: integer("progress").notNull().default(0),
    engine: text("engine"),
    /** Engine, route and timings of the translation, as the pipeline recorded them. */
    meta: jsonb("meta"),
    dubKey: text("dub_key"),
    reportKey: text("report_key"),
    /** The dub report's summary: totals and, per segment, speed and whether it is too long. */
    dubReport: jsonb("dub_report").$type<DubReport>(),
    /** The translation was edited after its last dub: the dubbed video no longer matches it. */
    stale: boolean("stale").notNull().default(false),
    dubbedAt: timestamp("dubbed_at", { withTimezone: true }),
    /** The dubbed video has its subtitles drawn in. */
    subtitlesBurned: boolean("subtitles_burned").notNull().default(false),
    /** Its review: draft → in_review → approved | changes_requested; by whom (their address) and when. */
    reviewStatus: text("review_status").$type<ReviewStatus>().notNull().default("draft"),
    reviewBy: text("review_by"),
    reviewAt: timestamp("review_at", { withTimezone: true }),
    /** Why the review is as it is when the server set it (text changed after approval: back to draft). */
    reviewNote: text("review_note"),
    /** Whose act last changed the text or timing (an edit, a translation asked for, an import): not its approver. */
    editedBy: uuid("edited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("translations_project_language_idx").on(t.projectId, t.language)],
);

// Comments on a line of a translation; a reply names its thread's first comment. Kept with the project.
export const lineComments = pgTable(
  "line_comments",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    language: text("language").$type<LanguageCode>().notNull(),
    line: integer("line").notNull(),
    parentId: uuid("parent_id"),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("line_comments_project_idx").on(t.projectId, t.language, t.createdAt)],
);

/** Who did what on a project (activity/record.ts): the project's activity page reads it newest first. */
export const projectActivity = pgTable(
  "project_activity",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").$type<ActivityAction>().notNull(),
    language: text("language").$type<LanguageCode>(),
    /** Why, where the action alone does not say (a review sent back to draft by an edit). */
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("project_activity_project_idx").on(t.projectId, t.at)],
);

// Seconds of video processed per user and calendar month (UTC), for plan limits.
export type UsageKind = "transcribed" | "dubbed";

/** Counted things with a plan limit per window (a month "2026-11" or an hour "2026-11-25T14"). */
export const quotaCounters = pgTable(
  "quota_counters",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    window: text("window").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.window] })],
);

export const usage = pgTable(
  "usage",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    transcribedSeconds: doublePrecision("transcribed_seconds").notNull().default(0),
    dubbedSeconds: doublePrecision("dubbed_seconds").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

// A closed account's month of usage, so that closing it and signing up again does not start the month
// afresh: one row per address the account had, keyed by an HMAC of the month and the address (the
// address itself is not kept). Rows of past months are deleted by the retention sweep.
export const usageCarryover = pgTable("usage_carryover", {
  addressKey: text("address_key").primaryKey(),
  month: text("month").notNull(),
  transcribedSeconds: doublePrecision("transcribed_seconds").notNull().default(0),
  dubbedSeconds: doublePrecision("dubbed_seconds").notNull().default(0),
  /** The quota counters of their current windows: [{kind, window, count}]. */
  counters: jsonb("counters")
    .$type<{ kind: string; window: string; count: number }[]>()
    .notNull()
    .default([]),
});

// What a user sees of long work: one row per job run on a project, with its progress.
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** The project the job works on; null for a storyboard's job. */
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    /** The storyboard the job works on (video generation); null for a project's job. */
    storyboardId: uuid("storyboard_id").references(() => storyboards.id, { onDelete: "cascade" }),
    kind: text("kind").$type<JobKind>().notNull(),
    language: text("language").$type<LanguageCode>(),
    status: text("status").$type<JobStatus>().notNull(),
    progress: integer("progress").notNull().default(0),
    message: text("message"),
    queueJobId: text("queue_job_id"),
    /** The user whose work this is: fair scheduling orders and limits jobs per owner. */
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "cascade" }),
    /** Seconds this run took from its user's month when it was accepted; given back if it fails. */
    chargedSeconds: doublePrecision("charged_seconds").notNull().default(0),
    chargeKind: text("charge_kind").$type<UsageKind>(),
    chargeMonth: text("charge_month"),
    chargeUserId: uuid("charge_user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("jobs_project_idx").on(t.projectId, t.createdAt),
    index("jobs_storyboard_idx").on(t.storyboardId, t.createdAt),
  ],
);

interface StoryboardImageJson {
  id: string | number;
  medium: string;
  [key: string]: unknown;
}

export interface StoryboardFrameJson {
  transcriptSegment: { text: string };
  /** Search words picked from the text; what the images were searched with. */
  keywords: string[];
  pexelImages: StoryboardImageJson[];
  selectedAssetIndex: number;
}

// A storyboard: a pasted transcript cut into frames, each with image candidates; a video can be made from it.
export const storyboards = pgTable(
  "storyboards",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: workspaceColumn(),
    title: text("title").notNull(),
    frames: jsonb("frames").$type<StoryboardFrameJson[]>().notNull(),
    status: text("status").$type<StoryboardStatus>().notNull().default("idle"),
    statusMessage: text("status_message"),
    videoKey: text("video_key"),
    videoDurationMs: integer("video_duration_ms"),
    /** Each frame's narration length in the last generated video (ms), in frame order. */
    frameDurationsMs: jsonb("frame_durations_ms").$type<number[]>(),
    generatedAt: timestamp("generated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("storyboards_user_idx").on(t.userId, t.createdAt),
    index("storyboards_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);

// The user's Stripe customer and subscription, as the webhooks last told us.
export const billing = pgTable("billing", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  customerId: text("customer_id").unique(),
  subscriptionId: text("subscription_id"),
  /** Stripe's subscription status: active, trialing, past_due, canceled, … (null: never subscribed). */
  status: text("status"),
  /** pro or executive; billing monthly or yearly (from the price). */
  plan: text("plan"),
  interval: text("interval"),
  priceId: text("price_id"),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  /** `created` of the newest webhook event applied, so an older event arriving late changes nothing. */
  lastEventAt: timestamp("last_event_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// Webhook event ids already applied: Stripe retries deliveries, each is applied once.
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: createdAt(),
});

// "Download my data": one ZIP per request, made by a job, kept for a week.
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<"queued" | "running" | "ready" | "failed">().notNull(),
    key: text("key"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    message: text("message"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("data_exports_user_idx").on(t.userId, t.createdAt)],
);

// The development mailbox: sign-in emails kept here when no SMTP server is configured, so every API
// process shows every message (scale-out), not only the ones it sent.
export const devMailbox = pgTable("dev_mailbox", {
  /** Sortable by time, unique within the same millisecond. */
  id: text("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  sentAt: createdAt(),
});

// Personal API keys: found by the SHA-256 of the key, which is shown once and never stored. Revoking
// deletes the row (a trigger tells every process at once, db/change-triggers.ts).
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: workspaceColumn(),
    name: text("name").notNull(),
    /** The key's first characters, shown in lists so a user can tell keys apart. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    scope: text("scope").$type<"read" | "read+write">().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_user_idx").on(t.userId), index("api_keys_workspace_idx").on(t.workspaceId)],
);

// Webhook endpoints of a user. The secret signs deliveries (HMAC), so it is kept, not hashed.
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: workspaceColumn(),
    url: text("url").notNull(),
    secret: text("secret").notNull(),
    events: jsonb("events").$type<WebhookEvent[]>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_endpoints_user_idx").on(t.userId),
    index("webhook_endpoints_workspace_idx").on(t.workspaceId),
  ],
);

// One message to one endpoint. `seq` orders the messages of a project (its `order_key`): each is sent only
// after the one before it was delivered or given up.
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    /** The Standard Webhooks `webhook-id` (`msg_…`): the same on every attempt, so receivers can dedupe. */
    id: text("id").primaryKey(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    orderKey: text("order_key").notNull(),
    type: text("type").notNull(),
    /** The exact JSON body signed and sent. */
    body: text("body").notNull(),
    status: text("status").$type<"pending" | "sending" | "delivered" | "failed">().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: after this another worker may take it over (its sender died). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    responseCode: integer("response_code"),
    error: text("error"),
    createdAt: createdAt(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_deliveries_order_idx").on(t.endpointId, t.orderKey, t.seq),
    index("webhook_deliveries_log_idx").on(t.endpointId, t.createdAt),
  ],
);

// What operators did in the console (/admin): one row per action, kept when the admin's account goes. The
// target is an id, not a reference: a deleted user's row is gone, the line that says who deleted it is not.
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    adminId: uuid("admin_id").references(() => users.id, { onDelete: "set null" }),
    adminEmail: text("admin_email").notNull(),
    action: text("action").$type<AdminAction>().notNull(),
    targetId: text("target_id").notNull(),
    /** The target as a person reads it (a user's address, a job's kind); cleared when that user is deleted. */
    targetLabel: text("target_label").notNull().default(""),
  },
  (t) => [index("admin_audit_at_idx").on(t.at)],
);
