/**
 * Constants of the identity client, as the sign-in specification names them. Values it leaves open
 * ("named defaults, values not shown") take the values of the public SDK this client is wire-compatible with.
 */

/** Reported as the SDK version in telemetry; the wire format we speak is that of this SDK version. */
export const CLIENT_VERSION = "4.18.2";

/**
 * The provider's name in user-facing messages. The specification names the hosted provider ("the Stytch
 * servers"); the product runs its own provider, so messages read "the identity servers" instead.
 */
export const PROVIDER_NAME = "identity";

/** Identifies this client in the telemetry blob (X-SDK-Client header and /events). */
export const SDK_IDENTIFIER = "@dubbing/identity-client";

export const SDK_BASE_PATH = "/sdk/v1";

export const PUBLIC_TOKEN_PREFIX = "public-token-";

/** The background session refresh runs every 3 minutes while a session exists. */
export const REFRESH_INTERVAL_MS = 3 * 60 * 1000;
/** Backoff 2000 ms × 2^attempt … */
export const BACKOFF_BASE_MS = 2000;
/** … attempts capped at 7 (so the longest wait is 256 s ≈ 4 minutes) … */
export const BACKOFF_MAX_ATTEMPT = 7;
/** … jitter of plus or minus 175 ms. */
export const BACKOFF_JITTER_MS = 175;

/** The intermediate session token cookie lasts 10 minutes. */
export const INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS = 10 * 60 * 1000;

/** A telemetry batch holds at most 15 events … */
export const EVENT_BATCH_MAX = 15;
/** … and is flushed every 800 ms. */
export const EVENT_FLUSH_INTERVAL_MS = 800;

/** Default cookie names. */
export const SESSION_COOKIE = "stytch_session";
export const SESSION_JWT_COOKIE = "stytch_session_jwt";
export const INTERMEDIATE_SESSION_TOKEN_COOKIE = "stytch_intermediate_session_token";
export const DEFAULT_COOKIE_PATH = "/";

/** Captcha action. */
export const CAPTCHA_ACTION = "LOGIN";

export const OTP_LENGTH = 6;

/** Prefix of every key this client keeps in localStorage (followed by the public token). */
export const STORAGE_KEY_PREFIX = "stytch_sdk_state_";
export const PKCE_STORAGE_KEY = "PKCE_VERIFIER";
