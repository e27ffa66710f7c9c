import { isIP } from "node:net";
import path from "node:path";
import {
  ENGINE_ENV,
  type EngineEnvName,
  type EngineOptions,
  engineOptions,
} from "@dubbing/dubbing/engines/options.ts";
import {
  DEFAULT_SETTINGS,
  type OAuthProviderConfig,
  type OAuthProviderType,
  PRODUCTS,
  type Product,
  type RateBucket,
  type RateLimit,
} from "@dubbing/identity-server";
import { z } from "zod";
import { oauthProvidersFromEnv } from "./config-oauth.ts";
import {
  type PlansConfig,
  readPlans,
  readSignUpList,
  type SignUpList,
  type StripePrices,
  stripePrices,
} from "./config-plans.ts";
import type { PrivateAllowance } from "./net/address-guard.ts";

const GiB = 1024 ** 3;
const ROLES = ["api", "worker"] as const;
type Role = (typeof ROLES)[number];

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

// The engines' variables (keys, endpoints, models, binaries), named once in packages/dubbing's ENGINE_ENV.
const engineEnv = {} as Record<EngineEnvName, z.ZodType<string | undefined, string | undefined>>;
for (const [name, spec] of Object.entries(ENGINE_ENV))
  engineEnv[name as EngineEnvName] =
    spec.length === 3 ? optionalString.pipe(z.url().optional()) : optionalString;

// Every variable the server reads. Parsed once at boot; every bad variable is reported together.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("127.0.0.1"),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .transform((value, ctx) => parseTrustProxy(value, ctx))
      .optional(),
  ),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("true"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ROLES: z
    .string()
    .default("api,worker")
    .superRefine((value, ctx) => {
      for (const role of value.split(",")) {
        if (!(ROLES as readonly string[]).includes(role.trim())) {
          ctx.addIssue({ code: "custom", message: `unknown role "${role}" (api, worker)` });
        }
      }
    }),
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * GiB),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  JOB_BUDGET_BASE_SECONDS: z.coerce.number().min(0).default(600),
  JOB_BUDGET_FACTOR: z.coerce.number().min(0).default(10),
  WEB_DIST: optionalString,
  SMTP_URL: optionalString.pipe(z.url().optional()),
  DEVELOPMENT_MAILBOX: z.enum(["true", "false"]).default("false"),
  MAIL_FROM: z.string().default("AI Video Dubbing <no-reply@localhost>"),
  IDENTITY_PROJECT_ID: optionalString,
  IDENTITY_PUBLIC_TOKEN: optionalString.pipe(z.string().startsWith("public-token-").optional()),
  IDENTITY_SECRET: optionalString.pipe(z.string().min(16).optional()),
  IDENTITY_PRODUCTS: optionalString.pipe(
    z
      .string()
      .transform((list) => list.split(",").map((p) => p.trim()))
      .pipe(z.array(z.enum(PRODUCTS)))
      .optional(),
  ),
  IDENTITY_EMAIL_TEMPLATES_DIR: optionalString,
  // e.g. {"send_per_ip": {"limit": 200, "windowSeconds": 900}}: many people behind one address (an office's
  // NAT), or a browser test suite signing in dozens of users from 127.0.0.1
  IDENTITY_RATE_LIMITS: optionalString.pipe(
    z
      .string()
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: "custom", message: "IDENTITY_RATE_LIMITS is not JSON" });
          return z.NEVER;
        }
      })
      .pipe(
        z.partialRecord(
          z.enum(Object.keys(DEFAULT_SETTINGS.rateLimits) as [RateBucket, ...RateBucket[]]),
          z.strictObject({ limit: z.int().positive(), windowSeconds: z.int().positive() }),
        ),
      )
      .optional(),
  ),
  ALLOWED_ORIGINS: z.string().default(""),
  PEXELS_API_KEY: optionalString,
  PEXELS_BASE_URL: z.url().default("https://api.pexels.com"),
  STRIPE_SECRET_KEY: optionalString,
  WEBHOOKS_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
  // "true", "false", or a comma-separated list of the private addresses allowed (tests)
  IMPORT_ALLOW_PRIVATE: z
    .string()
    .trim()
    .default("false")
    .refine(
      (v) => v === "true" || v === "false" || v.split(",").every((a) => isIP(a.trim()) !== 0),
      "true, false, or a comma-separated list of IP addresses",
    ),
  YT_DLP_BIN: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: z.url().default("https://api.stripe.com"),
  BLOG_DIR: optionalString,
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  BACKUP_INTERVAL_HOURS: z.coerce.number().positive().default(24),
  // The operator's console (/admin): these signed-in users, by the email their sign-in proved.
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((list) =>
      list
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email("ADMIN_EMAILS: not an email address"))),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
  SUPPORT_EMAIL: optionalString.pipe(z.email().optional()),
  POLICIES_UPDATED: optionalString.pipe(z.iso.date().optional()),
  ...engineEnv,
});

export interface S3Config {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /**
   * Which proxies may say who the client is (X-Forwarded-For): false (none, the default), a hop count,
   * or the proxies' addresses and CIDR ranges. Fastify's `trustProxy`.
   */
  trustProxy: false | number | string[];
  dataDir: string;
  databaseUrl: string | undefined;
  s3: S3Config | undefined;
  logLevel: string;
  roles: Set<Role>;
  maxUploadBytes: number;
  workerConcurrency: number;
  /** A job's wall-clock budget: base seconds plus factor × the video's seconds; past it the job fails. */
  jobBudget: JobBudget;
  webDist: string;
  smtpUrl: string | undefined;
  /**
   * Sign-in emails kept in DATA_DIR/mailbox, shown at /dev/mailbox and printed to the log, instead of
   * sent: only without SMTP_URL, and only on a loopback PUBLIC_URL (the page then answers only direct
   * loopback connections) or with DEVELOPMENT_MAILBOX=true (the page answers anyone).
   */
  devMailbox: "off" | "loopback-only" | "open";
  mailFrom: string;
  identity: {
    projectId: string | undefined;
    publicToken: string | undefined;
    secret: string | undefined;
    /** The social sign-ins configured by OAUTH_<PROVIDER>_* (config-oauth.ts); the login page shows these. */
    oauthProviders: Partial<Record<OAuthProviderType, OAuthProviderConfig>>;
    /** The identity SDK products served: by default what the login page offers (links, OAuth if any is set). */
    products: Product[];
    /** Browser origins besides PUBLIC_URL's that may call the identity SDK API (e.g. the Vite dev server). */
    extraOrigins: string[];
    /** A folder of `<template id>[.<locale>].html` files replacing the sign-in emails' HTML. */
    emailTemplatesDir: string | undefined;
    /** IDENTITY_RATE_LIMITS: the identity provider's limits that differ from its defaults. */
    rateLimits: Partial<Record<RateBucket, RateLimit>>;
  };
  webhooks: {
    /** WEBHOOKS_ALLOW_PRIVATE=true: targets on private, loopback and link-local addresses (development, tests). */
    allowPrivate: boolean;
    /** The waits before each retry of a failed delivery (about 24 hours in all); then the endpoint is disabled. */
    retryDelaysMs: number[];
  };
  linkImport: {
    /** IMPORT_ALLOW_PRIVATE: links to private, loopback and link-local addresses (true, or the listed ones). */
    allow: PrivateAllowance;
    /** YT_DLP_BIN: the yt-dlp program for page links, a Python script; by default the setup's (PyPI). */
    ytDlpBin: string | undefined;
  };
  /** Storyboard images: Pexels when a key is set, else the service's own offline illustrations. */
  pexels: { apiKey: string | undefined; baseUrl: string };
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    apiBase: string;
    /** STRIPE_PRICE_<PLAN>_<BILLING>: what sells each plan that has a price. */
    prices: StripePrices;
  };
  /** PLANS_FILE's plans (or the built-in ones) and SIGNUP_PLAN. */
  plans: PlansConfig;
  /** SIGNUP_ALLOWED_EMAILS: who may make a new account besides invitations and ADMIN_EMAILS; null: anyone. */
  signUpList: SignUpList | null;
  /** Markdown posts with front matter, loaded at start-up. */
  blogDir: string;
  /** Embedded mode's scheduled backups (BACKUP_DIR): one every intervalHours, the newest `keep` kept. */
  backups: { dir: string; keep: number; intervalHours: number } | undefined;
  /** ADMIN_EMAILS, lower-cased: whose proven address opens the operator's console (none: nobody's). */
  adminEmails: ReadonlySet<string>;
  /** GET /metrics answers only with this bearer token; without one it is 404. */
  metricsToken: string | undefined;
  /** A worker-only process serves /api/health and /metrics on PORT only when PORT is set explicitly. */
  workerPort: number | undefined;
  /** What the operator says on the policy pages: a contact address and the policies' date (none: no line). */
  operator: { supportEmail: string | null; policiesUpdated: string | null };
  /** Engine keys, endpoints, models and binaries: createDefaultRegistry(config.engines). */
  engines: EngineOptions;
}

const NO_SMTP =
  "SMTP_URL: set SMTP_URL so sign-in links reach people. Without it links are kept in a development " +
  "mailbox that anyone reaching the server could read, which is allowed only on a loopback PUBLIC_URL " +
  "(or with DEVELOPMENT_MAILBOX=true on a machine only you can reach).";

function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split("/");
    const family = isIP(address ?? "");
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !bitsOk || extra !== undefined)
      ctx.addIssue({
        code: "custom",
        message: `"${entry}" is not a hop count, an IP address or a CIDR range`,
      });
  }
  return entries;
}

/** 5 s, 1 min, 5 min, 30 min, 2 h, 5 h, 8 h, 8 h: retries for about 24 hours (Standard Webhooks' advice). */
const WEBHOOK_RETRY_DELAYS_MS = [5, 60, 300, 1800, 7200, 18_000, 28_800, 28_800].map((s) => s * 1000);

/** localhost, 127.0.0.0/8 or [::1]: an origin nobody else can reach. */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

export interface JobBudget {
  baseSeconds: number;
  factor: number;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.problems = problems;
  }
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  argv: string[] = [],
): Config {
  const rolesFlag = argv.find((arg) => arg.startsWith("--roles="))?.slice("--roles=".length);
  const parsed = envSchema.safeParse(rolesFlag ? { ...env, ROLES: rolesFlag } : env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
    problems.push("S3_ACCESS_KEY_ID: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  }
  const identityGiven = [env.IDENTITY_PROJECT_ID, env.IDENTITY_PUBLIC_TOKEN, env.IDENTITY_SECRET].filter(
    Boolean,
  ).length;
  if (identityGiven !== 0 && identityGiven !== 3) {
    problems.push(
      "IDENTITY_PROJECT_ID: set IDENTITY_PROJECT_ID, IDENTITY_PUBLIC_TOKEN and IDENTITY_SECRET together, or none",
    );
  }
  if (parsed.success && !parsed.data.SMTP_URL && parsed.data.DEVELOPMENT_MAILBOX !== "true") {
    const publicUrl = parsed.data.PUBLIC_URL ?? "http://localhost";
    const api = parsed.data.ROLES.split(",").some((role) => role.trim() === "api");
    if (api && !isLoopbackUrl(publicUrl)) problems.push(NO_SMTP);
  }
  const oauth = oauthProvidersFromEnv(env);
  problems.push(...oauth.problems);
  const plans = readPlans(env);
  problems.push(...plans.problems);
  const signUp = readSignUpList(env.SIGNUP_ALLOWED_EMAILS);
  problems.push(...signUp.problems);
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const oauthProviders = oauth.providers;
  const anyOAuth = Object.keys(oauthProviders).length > 0;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    trustProxy: e.TRUST_PROXY ?? false,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
        }
      : undefined,
    logLevel: e.LOG_LEVEL,
    roles: new Set(e.ROLES.split(",").map((r) => r.trim() as Role)),
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    workerConcurrency: e.WORKER_CONCURRENCY,
    jobBudget: { baseSeconds: e.JOB_BUDGET_BASE_SECONDS, factor: e.JOB_BUDGET_FACTOR },
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, "../../web/dist")),
    smtpUrl: e.SMTP_URL,
    devMailbox: e.SMTP_URL ? "off" : e.DEVELOPMENT_MAILBOX === "true" ? "open" : "loopback-only",
    mailFrom: e.MAIL_FROM,
    identity: {
      projectId: e.IDENTITY_PROJECT_ID,
      publicToken: e.IDENTITY_PUBLIC_TOKEN,
      secret: e.IDENTITY_SECRET,
      oauthProviders,
      products: e.IDENTITY_PRODUCTS ?? ["magic_links", ...(anyOAuth ? (["oauth"] as const) : [])],
      extraOrigins: e.ALLOWED_ORIGINS.split(",")
        .map((o) => o.trim())
        .filter(Boolean),
      emailTemplatesDir: e.IDENTITY_EMAIL_TEMPLATES_DIR,
      rateLimits: e.IDENTITY_RATE_LIMITS ?? {},
    },
    webhooks: { allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === "true", retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS },
    linkImport: { allow: privateAllowance(e.IMPORT_ALLOW_PRIVATE), ytDlpBin: e.YT_DLP_BIN },
    pexels: { apiKey: e.PEXELS_API_KEY, baseUrl: e.PEXELS_BASE_URL.replace(/\/$/, "") },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE.replace(/\/$/, ""),
      prices: stripePrices(env, plans.plans.list),
    },
    plans: plans.plans,
    signUpList: signUp.list,
    blogDir: path.resolve(e.BLOG_DIR ?? path.join(import.meta.dirname, "../content/blog")),
    backups: e.BACKUP_DIR
      ? { dir: path.resolve(e.BACKUP_DIR), keep: e.BACKUP_KEEP, intervalHours: e.BACKUP_INTERVAL_HOURS }
      : undefined,
    adminEmails: new Set(e.ADMIN_EMAILS),
    metricsToken: e.METRICS_TOKEN,
    workerPort: env.PORT ? e.PORT : undefined,
    operator: { supportEmail: e.SUPPORT_EMAIL ?? null, policiesUpdated: e.POLICIES_UPDATED ?? null },
    engines: modelsIn(engineOptions(e), dataDir),
  };
}

/** Pure: the engine options with the installed models' folder: MODELS_DIR, else DATA_DIR/models. */
function modelsIn(engines: EngineOptions, dataDir: string): EngineOptions {
  const fw = engines.fasterWhisper ?? {};
  return {
    ...engines,
    fasterWhisper: { ...fw, modelsDir: path.resolve(fw.modelsDir ?? path.join(dataDir, "models")) },
  };
}

/** Pure: IMPORT_ALLOW_PRIVATE as the guard's allowance. */
function privateAllowance(value: string): PrivateAllowance {
  if (value === "true") return true;
  if (value === "false" || value === "") return false;
  return value
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
}
