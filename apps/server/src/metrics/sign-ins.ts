/**
 * The sign-in method a route completes, or null for any other route (pure). Routes are the matched
 * patterns, so a provider's name in the path is a parameter, not part of the key.
 */
const SIGN_IN_ROUTES = new Map(
  Object.entries({
    "/sdk/v1/magic_links/authenticate": "magic_link",
    "/v1/magic_links/authenticate": "magic_link",
    "/sdk/v1/otps/authenticate": "otp",
    "/v1/otps/authenticate": "otp",
    "/sdk/v1/passwords/authenticate": "password",
    "/v1/passwords/authenticate": "password",
    "/sdk/v1/oauth/authenticate": "oauth",
    "/v1/oauth/authenticate": "oauth",
    "/sdk/v1/oauth/google/onetap/submit": "google_one_tap",
    "/sdk/v1/totps/authenticate": "totp",
    "/v1/totps/authenticate": "totp",
    "/sdk/v1/webauthn/authenticate": "webauthn",
    "/v1/webauthn/authenticate": "webauthn",
    "/sdk/v1/crypto_wallets/authenticate": "crypto_wallet",
    "/v1/crypto_wallets/authenticate": "crypto_wallet",
  }),
);

export function signInMethod(route: string): string | null {
  return SIGN_IN_ROUTES.get(route) ?? null;
}

/** success below 400; otherwise why: refused (4xx: a wrong, used or expired credential), error (5xx). */
export function signInResult(status: number): "success" | "refused" | "error" {
  return status < 400 ? "success" : status < 500 ? "refused" : "error";
}
