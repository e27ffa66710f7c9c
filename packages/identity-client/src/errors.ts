import { PROVIDER_NAME } from "./constants.ts";

/** Machine-readable codes of the errors this client raises. */
export const ERROR_CODES = {
  apiUnreachable: "api_unreachable",
  apiSchema: "api_schema_error",
  api: "api_error",
  usage: "sdk_usage_error",
  captchaRequired: "captcha_required",
  noCurrentSession: "no_current_session",
  webauthnUnsupported: "webauthn_unsupported",
  walletUnavailable: "wallet_unavailable",
  walletRejected: "wallet_rejected",
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Client messages, with our provider's name where the specification names the hosted one. */
export const MESSAGES = {
  unreachable: `Unable to contact the ${PROVIDER_NAME} servers. Are you online?`,
  invalidJSON: `Invalid JSON response from the ${PROVIDER_NAME} servers.`,
  noResponse: "Invalid or no response from server",
  invalidResponse: `Invalid response from the ${PROVIDER_NAME} servers.`,
  captchaRequired: "Captcha required",
  noCurrentSession:
    "There is no session currently available. Make sure the user is authenticated with a valid session.",
} as const;

/** Per-call fallback messages (wording of the public SDK). Carried by every error as `callMessage`. */
export const FALLBACK_MESSAGES = {
  userGet: "Failed to retrieve user info.",
  userUpdate: "Failed to update user.",
  deleteEmail: "Failed to delete email.",
  deletePhoneNumber: "Failed to delete phone number.",
  deleteTOTP: "Failed to delete TOTP.",
  deleteOAuth: "Failed to delete OAuth registration.",
  deleteWebAuthn: "Failed to delete WebAuthn registration.",
  deleteBiometric: "Failed to delete Biometric registration.",
  sessionRevoke: "Error revoking session",
  sessionAuthenticate: "Error authenticating session",
  magicLinkSend: "Failed to send magic link",
  otpSend: "Failed to send one time passcode",
  tokenAuthenticate: "Failed to authenticate token.",
  oauthAuthenticate: "Failed to authenticate token",
  walletStart: "Failed to start wallet authentication.",
  walletAuthenticate: "Failed to authenticate.",
  totpCreate: "Failed to create TOTP",
  totpAuthenticate: "Failed to authenticate TOTP",
  totpRecover: "Failed to recover TOTP",
  totpRecoveryCodes: "Failed to retrieve recovery codes",
  webauthnRegisterStart: "Failed to start WebAuthn registration",
  webauthnRegister: "Failed to register WebAuthn device",
  webauthnAuthenticateStart: "Failed to start WebAuthn authentication",
  webauthnAuthenticate: "Failed to authenticate WebAuthn device",
  webauthnUpdate: "Failed to update WebAuthn Registration",
  passwordCreate: "Failed to create password.",
  passwordAuthenticate: "Failed to authenticate password.",
  passwordResetStart: "Failed to start password reset flow.",
  passwordReset: "Failed to reset password.",
  passwordResetSession: "Failed to reset by session.",
  passwordStrength: "Failed to check password strength.",
  bootstrap: "Error fetching bootstrap data",
  userSearch: "Error searching for user",
  memberSearch: "Error searching for member",
} as const;

/** Base class of every error raised by this client. `code` tells the kinds apart without instanceof. */
export class IdentityError extends Error {
  readonly code: ErrorCode;
  /** The per-call fallback message of the call that failed, when the error came from a call. */
  callMessage: string | undefined;

  constructor(code: ErrorCode, name: string, message: string) {
    super(message);
    this.code = code;
    this.name = name;
    this.callMessage = undefined;
  }
}

/** The servers could not be reached, or answered with something that is not a response we understand. */
export class APIUnreachableError extends IdentityError {
  constructor(message: string) {
    super(ERROR_CODES.apiUnreachable, "APIUnreachableError", message);
  }
}

/** One entry of a schema error body, as the provider reports it. */
export interface SchemaErrorEntry {
  dataPath?: string;
  message?: string;
  [key: string]: unknown;
}

/** A non-2xx JSON response carrying `body`, `params` or `query`: the request did not match the schema. */
export class APISchemaError extends IdentityError {
  readonly body: SchemaErrorEntry[] | undefined;
  readonly params: unknown;
  readonly query: unknown;

  constructor(details: { body?: unknown; params?: unknown; query?: unknown }) {
    const body = Array.isArray(details.body) ? (details.body as SchemaErrorEntry[]) : undefined;
    const lines = (body ?? []).map((e) => `${e.dataPath ?? ""}: ${e.message ?? ""}`).join("\n");
    super(ERROR_CODES.apiSchema, "APISchemaError", `Request does not match expected schema\n${lines}`);
    this.body = body;
    this.params = details.params;
    this.query = details.query;
  }
}

/** The error object of the provider's API. */
export interface APIErrorDetails {
  status_code: number;
  request_id?: string;
  error_type: string;
  error_message: string;
  error_url?: string;
}

/** Any other non-2xx JSON response: a well-formed provider error with an `error_type`. */
export class APIError extends IdentityError {
  readonly status_code: number;
  readonly request_id: string | undefined;
  readonly error_type: string;
  readonly error_message: string;
  readonly error_url: string | undefined;

  constructor(details: APIErrorDetails) {
    const { status_code, request_id, error_type, error_message, error_url } = details;
    super(
      ERROR_CODES.api,
      "APIError",
      `[${status_code}] ${error_type}\n${error_message}\n` +
        (error_url ? `See ${error_url} for more information.\n` : "") +
        (request_id ? `request_id: ${request_id}\n` : ""),
    );
    this.status_code = status_code;
    this.request_id = request_id;
    this.error_type = error_type;
    this.error_message = error_message;
    this.error_url = error_url;
  }
}

/** A call was made with arguments of the wrong type (the client input checks). */
export class SDKUsageError extends IdentityError {
  readonly method: string;
  readonly field: string;
  /** The bare rule, e.g. "email must be a string." */
  readonly reason: string;

  constructor(method: string, field: string, reason: string) {
    super(ERROR_CODES.usage, "SDKUsageError", `Invalid call to ${method}\n${reason}`);
    this.method = method;
    this.field = field;
    this.reason = reason;
  }
}

/** The server asked for a captcha and none could be supplied, or it asked again after the one retry. */
export class CaptchaRequiredError extends IdentityError {
  constructor() {
    super(ERROR_CODES.captchaRequired, "CaptchaRequiredError", MESSAGES.captchaRequired);
  }
}

export class NoCurrentSessionError extends IdentityError {
  constructor() {
    super(ERROR_CODES.noCurrentSession, "NoCurrentSessionError", MESSAGES.noCurrentSession);
  }
}

/** Errors of the browser side of WebAuthn and wallets. */
export class BrowserCapabilityError extends IdentityError {
  constructor(
    code: typeof ERROR_CODES.webauthnUnsupported | typeof ERROR_CODES.walletUnavailable,
    message: string,
  ) {
    super(code, "BrowserCapabilityError", message);
  }
}

/** The wallet refused to connect or to sign ('[Error] Could not connect to wallet' / '… sign message'). */
export class WalletError extends IdentityError {
  constructor(message: string, cause?: unknown) {
    super(ERROR_CODES.walletRejected, "WalletError", message);
    if (cause !== undefined) this.cause = cause;
  }
}

/**
 * Error types after which the session is certainly gone, so the local session is destroyed and the user is
 * treated as logged out (the specification does not list them). Our choice: the four the public SDK uses
 * (`unauthorized_credentials`, `user_unauthenticated`, `invalid_secret_authentication`,
 * `session_not_found`) plus `invalid_session_token` (a malformed or unknown token), `session_expired`
 * and `user_not_found` (the user was deleted). Everything else — network failures, 5xx, rate limits —
 * is treated as transient and retried with backoff.
 */
export const UNRECOVERABLE_ERROR_TYPES: readonly string[] = [
  "unauthorized_credentials",
  "user_unauthenticated",
  "invalid_secret_authentication",
  "session_not_found",
  "invalid_session_token",
  "session_expired",
  "user_not_found",
];

export function isUnrecoverableError(error: unknown): boolean {
  return error instanceof APIError && UNRECOVERABLE_ERROR_TYPES.includes(error.error_type);
}
