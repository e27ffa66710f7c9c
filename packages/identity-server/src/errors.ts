// Every error this provider can answer with, in one table: the Stytch-compatible `error_type`, its HTTP
// status and the message shown to people (the widget shows `error_message` as is).

export const ERRORS = {
  bad_request: [400, "The request could not be understood."],
  invalid_public_token: [401, "The public token is not valid for this project."],
  unauthorized_credentials: [401, "Unauthorized credentials."],
  invalid_secret_authentication: [401, "The project ID and secret do not match."],
  session_not_found: [404, "Session could not be found."],
  user_unauthenticated: [401, "This call requires an active session."],
  user_not_found: [404, "User could not be found."],
  invalid_session_duration_minutes: [400, "session_duration_minutes must be between 5 and 527040."],
  invalid_email: [400, "Email format is invalid."],
  invalid_phone_number: [400, "Phone number format is invalid."],
  invalid_expiration_minutes: [400, "Expiration minutes is out of range."],
  magic_link_not_found: [
    404,
    "Magic link could not be authenticated because it was either already used or expired.",
  ],
  unable_to_auth_magic_link: [
    401,
    "Magic link could not be authenticated because it was either already used or expired. Send another magic link to this user.",
  ],
  pkce_mismatch: [400, "The code verifier does not match the code challenge of this token."],
  missing_pkce: [400, "This token was issued with a code challenge; the code_verifier is required."],
  invalid_code_challenge: [400, "code_challenge must be a base64url SHA-256 digest."],
  redirect_url_not_allowed: [400, "The redirect URL is not in the project's list of allowed redirect URLs."],
  otp_code_not_found: [404, "The passcode is incorrect or has expired. Request a new one."],
  too_many_otp_attempts: [400, "Too many attempts for this passcode. Request a new one."],
  sms_not_configured: [400, "Text messages are not configured for this project."],
  duplicate_email: [400, "A user with this email already exists."],
  sign_up_not_allowed: [403, "New accounts on this server are by invitation. Ask its operator for one."],
  weak_password: [400, "The password is too weak. Choose a stronger password."],
  breached_password: [
    400,
    "This password may have been used on a different site that experienced a security issue. Please choose another password.",
  ],
  reset_password: [
    400,
    "A password reset is required for this account. Check your email to set a new password.",
  ],
  reset_password_token_not_found: [404, "The password reset token was either already used or expired."],
  oauth_provider_not_configured: [400, "This OAuth provider is not configured for the project."],
  oauth_config_not_found: [404, "No OAuth configuration was found for this provider."],
  oauth_token_not_found: [404, "The OAuth token was either already used or expired."],
  oauth_flow_failed: [400, "The sign-in with the provider did not complete."],
  totp_not_found: [404, "No authenticator app is registered for this user."],
  unable_to_auth_totp: [401, "The authenticator code is incorrect or was already used."],
  totp_already_exists: [409, "An authenticator app is already registered for this user."],
  recovery_code_not_found: [404, "The recovery code is incorrect or was already used."],
  webauthn_domain_not_allowed: [400, "The WebAuthn domain is not allowed for this project."],
  webauthn_challenge_not_found: [404, "The WebAuthn challenge was not found or has expired. Start again."],
  webauthn_registration_not_found: [404, "WebAuthn registration could not be found."],
  invalid_public_key_credential: [400, "The public key credential could not be verified."],
  duplicate_webauthn_registration: [409, "This passkey is already registered."],
  crypto_wallet_challenge_not_found: [404, "The wallet challenge was not found or has expired. Start again."],
  invalid_crypto_wallet_type: [400, "crypto_wallet_type must be ethereum or solana."],
  invalid_crypto_wallet_address: [400, "The wallet address is not valid for this wallet type."],
  invalid_signature: [401, "The signature does not match the wallet address and challenge."],
  invalid_siwe_params: [400, "The Sign-In With Ethereum parameters are not valid."],
  email_not_found: [404, "Email could not be found."],
  phone_number_not_found: [404, "Phone number could not be found."],
  oauth_user_registration_not_found: [404, "OAuth registration could not be found."],
  biometric_registration_not_found: [404, "Biometric registration could not be found."],
  project_not_found: [404, "Project could not be found."],
  payload_too_large: [413, "The request body is too large."],
  unsupported_media_type: [415, "Send the body as application/json."],
  unauthorized_action: [403, "This action is not allowed for this user."],
  insufficient_factors: [
    403,
    "This action needs a recent second factor. Authenticate with your authenticator app or passkey and try again.",
  ],
  session_too_old_to_reset_password: [
    400,
    "This session is too old to reset the password. Sign in again and try within 5 minutes.",
  ],
  endpoint_not_authorized_for_sdk: [
    403,
    "The project owner has not authorized the SDK to call this endpoint.",
  ],
  too_many_requests: [429, "Too many requests. Wait a little and try again."],
  user_deletion_blocked: [
    503,
    "The application could not close this user's account; nothing was deleted. Try again.",
  ],
  route_not_found: [404, "Route not found."],
  internal_server_error: [500, "Something went wrong on our side. Try again."],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorType = keyof typeof ERRORS;

/** A typed failure that the HTTP layer turns into `{status_code, request_id, error_type, error_message, error_url}`. */
export class IdentityError extends Error {
  readonly type: ErrorType;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  constructor(type: ErrorType, message?: string, details?: Record<string, unknown>) {
    const [status, defaultMessage] = ERRORS[type];
    super(message ?? defaultMessage);
    this.name = "IdentityError";
    this.type = type;
    this.status = status;
    this.details = details;
  }
}

export const ERRORS_PATH = "/v1/public/errors";

export function errorUrl(publicUrl: string, type: string): string {
  return `${publicUrl.replace(/\/$/, "")}${ERRORS_PATH}#${type}`;
}

/** The page `error_url` points to: every error type with its status and message (pure). */
export function errorsPage(): string {
  const esc = (s: string) =>
    s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  const rows = Object.entries(ERRORS)
    .map(
      ([type, [status, message]]) =>
        `<tr id="${type}"><td><code>${type}</code></td><td>${status}</td><td>${esc(message)}</td></tr>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Identity errors</title><style>body{font-family:Arial,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:.4rem .8rem;text-align:left}tr:target{background:#fff6cc}</style></head><body><h1>Identity provider errors</h1><table><thead><tr><th>error_type</th><th>status</th><th>message</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
}
