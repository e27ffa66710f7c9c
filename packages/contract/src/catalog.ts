import { z } from "zod";

// What the service offers and how it is set up: languages, voices, the browser's configuration, health, usage.

const engineAvailabilitySchema = z.object({
  available: z.boolean(),
  engine: z.string().nullable(),
  reason: z.string().nullable(),
});
export type EngineAvailability = z.infer<typeof engineAvailabilitySchema>;

/** One app language and whether this server can translate into it (from `?source=`), speak and hear it. */
export const languageSchema = z.object({
  code: z.string(),
  name: z.string(),
  flag: z.string(),
  /**
   * `route`: the languages a translation passes through (null when none is needed or possible);
   * `shorten`: an engine that can rewrite a translated line shorter is configured.
   */
  translate: engineAvailabilitySchema.extend({
    route: z.array(z.string()).nullable(),
    shorten: z.boolean().optional(),
  }),
  tts: engineAvailabilitySchema,
  /**
   * Speech recognition, for projects whose spoken language this is; `detect`: recognition here can also
   * find this language itself ("Detect the language", a multilingual model).
   */
  asr: engineAvailabilitySchema.extend({ detect: z.boolean().optional() }),
});
export type Language = z.infer<typeof languageSchema>;

/** One voice of the catalogue. */
export const voiceSchema = z.object({
  name: z.string(),
  value: z.string(),
  gender: z.string(),
  locale: z.string(),
});
export type Voice = z.infer<typeof voiceSchema>;

/** GET /api/config: what the browser needs before it signs in. */
export const appConfigSchema = z.object({
  publicUrl: z.string(),
  maxUploadBytes: z.number(),
  acceptedUploadTypes: z.array(z.string()),
  /** `oauthProviders`: the social sign-ins that work on this server (Google needs its credentials). */
  identity: z.object({
    publicToken: z.string(),
    sdkBaseUrl: z.string(),
    oauthProviders: z.array(z.string()),
    /** No SMTP server: sign-in emails land in this server's /dev/mailbox (the sign-in screen names it). */
    devMailbox: z.boolean().optional(),
  }),
  /** The operator's contact address and policy date (SUPPORT_EMAIL, POLICIES_UPDATED); null when not set. */
  operator: z.object({ supportEmail: z.string().nullable(), policiesUpdated: z.string().nullable() }),
  /** Whether a voice-cloning engine is configured here (the FAQ answers accordingly). */
  voiceCloning: z.boolean(),
  /** What this server serves: the languages it dubs into and the distinct voices that speak them. */
  offer: z.object({
    languages: z.number(),
    voices: z.number(),
    /** Those languages, by code and English name (the landing lists them). */
    dubbed: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

const partState = z.enum(["ok", "down"]);
/** GET /api/health: 200 when every part is up, 503 `degraded` otherwise. */
export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  mode: z.enum(["embedded", "scale-out"]),
  db: partState,
  storage: partState,
  queue: partState,
});

/** `limit` null: no limit on this plan. */
const quotaUseSchema = z.object({ used: z.number(), limit: z.number().nullable() });
/**
 * GET /api/usage?workspaceId=: this month's (UTC) minutes, counted work and storage of the workspace's owner,
 * against their plan's limits (work in a workspace spends its owner's).
 */
export const usageSchema = z.object({
  month: z.string(),
  transcribedSeconds: z.number(),
  dubbedSeconds: z.number(),
  usedSeconds: z.number(),
  /** null: the plan has no monthly limit (and then nothing remains to count down). */
  limitSeconds: z.number().nullable(),
  remainingSeconds: z.number().nullable(),
  /** The plan's id, as GET /api/plans lists it. */
  plan: z.string(),
  /** Counted work: translations and storyboard videos this month, image searches this hour. */
  quotas: z.object({
    translations: quotaUseSchema,
    storyboardVideos: quotaUseSchema,
    imageSearches: quotaUseSchema,
  }),
  storage: z.object({ usedBytes: z.number(), limitBytes: z.number().nullable() }),
});
export type Usage = z.infer<typeof usageSchema>;
