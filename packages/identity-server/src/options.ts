import type { PgDatabase } from "drizzle-orm/pg-core";
import type { Mailer } from "./delivery/mailer.ts";
import type { SmsSender } from "./delivery/sms.ts";
import type { Endpoints } from "./oauth/providers.ts";

// biome-ignore lint/suspicious/noExplicitAny: works with any drizzle Postgres driver (pglite, node-postgres)
export type IdentityDb = PgDatabase<any, any>;

export interface ProjectConfig {
  projectId: string;
  publicToken: string;
  secret: string;
  /** Every URL a magic link, reset or OAuth flow may send the browser to. The first is the default. */
  redirectUrls: string[];
  /** Browser origins allowed to call the SDK API with credentials (CORS) and to use WebAuthn. */
  allowedOrigins: string[];
  /** Shown in messages: "Sign in to {name}". */
  name?: string;
}

export interface OAuthProviderConfig {
  clientId: string;
  /** Not for Apple, whose secret is signed per request with `apple.privateKey`. */
  clientSecret?: string;
  /** Scopes asked for on top of the provider's own (e.g. `users.email` for X). */
  scopes?: string[];
  /**
   * An OpenID Connect issuer whose /.well-known/openid-configuration replaces the built-in endpoints:
   * a self-hosted GitLab, or any other OIDC provider under a name of your choosing.
   */
  issuer?: string;
  /** Replaces single built-in endpoints (stand-in providers in tests). */
  endpoints?: Partial<Endpoints>;
  /** Microsoft: `common` (default), `organizations`, `consumers` or one tenant's id. */
  tenant?: string;
  /** Apple: the key that signs the client secret (ES256). */
  apple?: { teamId: string; keyId: string; privateKey: string };
}

export interface PasswordPolicy {
  type: "zxcvbn" | "luds";
  ludsMinimumCount: number;
  ludsComplexity: number;
}

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

interface CaptchaConfig {
  /** reCAPTCHA site key, handed to the SDK in the bootstrap. */
  siteKey: string;
  secretKey: string;
  /** Google's siteverify by default; any server speaking its format. */
  verifyUrl?: string;
  /** For score-based (v3) keys: the lowest score accepted. Default 0.5. */
  minScore?: number;
}

/** The SDK products a project can serve, named as their `/sdk/v1` path segments. */
export const PRODUCTS = [
  "magic_links",
  "otps",
  "passwords",
  "oauth",
  "totps",
  "webauthn",
  "crypto_wallets",
] as const;
export type Product = (typeof PRODUCTS)[number];

export interface Settings {
  /** The SDK routes served; the others answer `endpoint_not_authorized_for_sdk` (sessions and users always). */
  products: Product[];
  /** The Stytch-compatible bootstrap flags; when on, the SDK sends a code_challenge and must send the verifier. */
  pkce: { magicLinks: boolean; oauth: boolean; passwordResets: boolean };
  passwordPolicy: PasswordPolicy;
  /** Default when a call sends no session_duration_minutes (SDK calls always send one). */
  defaultSessionMinutes: number;
  /** A session not used for this long ends (ASVS 7.3.1). */
  sessionIdleMinutes: number;
  /** No session lives longer than this after it started, whatever the requested duration (ASVS 7.3.2). */
  sessionAbsoluteMinutes: number;
  jwtLifetimeSeconds: number;
  otpExpirationMinutes: number;
  otpMaxAttempts: number;
  magicLinkExpirationMinutes: number;
  /**
   * `/sdk/v1/users/search` tells whether an email has an account (the widget needs it for passwords).
   * Off by default: it answers "does this person have an account?" to anyone with the public token.
   */
  userSearch: boolean;
  emailDomains: string[];
  displayWatermark: boolean;
  /** SDK telemetry rows kept at most (≈ 2 KiB each; the sweep drops rows after 90 days). */
  maxStoredEvents: number;
  /** Off unless configured: then sends and password calls need a valid `captcha_token`. */
  captcha: CaptchaConfig | null;
  rateLimits: Record<RateBucket, RateLimit>;
}

export type RateBucket =
  | "send_per_address_ip"
  | "send_per_address"
  | "send_per_ip"
  | "send_per_project"
  | "auth_per_subject"
  | "auth_per_ip"
  | "auth_per_project"
  | "backend_auth_per_project"
  | "session_per_ip"
  | "events_per_ip"
  | "search_per_ip"
  | "strength_per_ip";

export const DEFAULT_SETTINGS: Settings = {
  products: [...PRODUCTS],
  pkce: { magicLinks: true, oauth: true, passwordResets: true },
  passwordPolicy: { type: "zxcvbn", ludsMinimumCount: 8, ludsComplexity: 3 },
  defaultSessionMinutes: 60,
  sessionIdleMinutes: 7 * 24 * 60,
  sessionAbsoluteMinutes: 30 * 24 * 60,
  jwtLifetimeSeconds: 300,
  otpExpirationMinutes: 10,
  otpMaxAttempts: 5,
  magicLinkExpirationMinutes: 30,
  userSearch: false,
  emailDomains: [],
  displayWatermark: false,
  maxStoredEvents: 50_000,
  captcha: null,
  rateLimits: {
    send_per_address_ip: { limit: 5, windowSeconds: 15 * 60 },
    send_per_address: { limit: 30, windowSeconds: 60 * 60 },
    send_per_ip: { limit: 30, windowSeconds: 15 * 60 },
    send_per_project: { limit: 5000, windowSeconds: 60 * 60 },
    auth_per_subject: { limit: 10, windowSeconds: 15 * 60 },
    auth_per_ip: { limit: 100, windowSeconds: 15 * 60 },
    auth_per_project: { limit: 20000, windowSeconds: 60 * 60 },
    backend_auth_per_project: { limit: 20000, windowSeconds: 60 * 60 },
    session_per_ip: { limit: 1000, windowSeconds: 15 * 60 },
    events_per_ip: { limit: 600, windowSeconds: 10 * 60 },
    search_per_ip: { limit: 60, windowSeconds: 15 * 60 },
    strength_per_ip: { limit: 600, windowSeconds: 10 * 60 },
  },
};

export interface IdentityServerOptions {
  db: IdentityDb;
  /** Where this server is reached from browsers, e.g. `http://localhost:3000` (no trailing slash). */
  publicUrl: string;
  project: ProjectConfig;
  mailer: Mailer;
  /**
   * Your own HTML for emails, by template id (optionally `id.locale`, e.g. `magic_link_login.es`):
   * `magic_link_login`, `magic_link_signup`, `otp_email`, `reset_password`, or the ids the client sends
   * (`login_template_id`, `signup_template_id`, `reset_password_template_id`). `{{url}}`, `{{code}}`,
   * `{{minutes}}`, `{{product}}` and `{{email}}` are filled in (HTML-escaped). The text part stays ours.
   */
  emailTemplates?: Record<string, string>;
  sms?: SmsSender;
  /**
   * Called by the operators' `DELETE /v1/users/{id}` before the user is deleted, so the application closes
   * what it keeps for that user (its account, files, subscription). If it throws, nothing is deleted.
   */
  onUserDelete?: (userId: string) => Promise<void>;
  /**
   * Whether a new user may be made for this address (null: a sign-up without one: a phone, a wallet, an
   * OAuth account with no verified email). Asked wherever a user is created (users.ts createUser); a
   * refused sign-in link or code is answered as if sent and never sent. Default: anyone.
   */
  signUpAllowed?: (email: string | null) => Promise<boolean>;
  /**
   * Keyed by provider type as the SDK names it (`google`, `github`, `apple`, … the 19 of
   * oauth/providers.ts), or any other name with an OpenID Connect `issuer`.
   */
  oauthProviders?: Record<string, OAuthProviderConfig>;
  clock?: () => Date;
  settings?: Partial<Omit<Settings, "rateLimits">> & { rateLimits?: Partial<Record<RateBucket, RateLimit>> };
  /** Used for every call to an OAuth provider (tests may pass their own). */
  fetch?: typeof fetch;
}

export function resolveSettings(input: IdentityServerOptions["settings"]): Settings {
  return {
    ...DEFAULT_SETTINGS,
    ...input,
    pkce: { ...DEFAULT_SETTINGS.pkce, ...input?.pkce },
    passwordPolicy: { ...DEFAULT_SETTINGS.passwordPolicy, ...input?.passwordPolicy },
    rateLimits: { ...DEFAULT_SETTINGS.rateLimits, ...input?.rateLimits },
  };
}
