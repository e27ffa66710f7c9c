// Google One Tap: Google's script hands the page an ID token (the "credential"); the widget sends it
// here and the sign-in completes like the OAuth flow (a redirect URL with an oauth token).
// Replay is closed by the nonce: we issue it (single use, 10 minutes), the widget gives it to Google,
// and Google signs it into the credential.
import { createRemoteJWKSet, customFetch, type JWTPayload, jwtVerify } from "jose";
import { z } from "zod";
import type { Call } from "../call.ts";
import { isPkceChallenge, randomToken } from "../crypto.ts";
import { IdentityError } from "../errors.ts";
import { PROVIDERS } from "../oauth/providers.ts";
import { hit, limitAuth } from "../ratelimit.ts";
import { consumeToken, issueToken, pickRedirect } from "../tokens.ts";
import { completeSignIn, providerConfig } from "./oauth.ts";

/** Google signs ID tokens with either spelling of its issuer. */
const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
const NONCE_MINUTES = 10;

export const oneTapStartBody = z.object({
  code_challenge: z.string().optional(),
  login_redirect_url: z.string().max(2000).optional(),
  signup_redirect_url: z.string().max(2000).optional(),
});

export const oneTapSubmitBody = z.object({ credential: z.string().min(1).max(8192) });

/** A nonce for Google's prompt, bound to where the browser goes afterwards. */
export async function oneTapStart(call: Call, body: z.infer<typeof oneTapStartBody>) {
  const { ctx } = call;
  const cfg = providerConfig(ctx, "google");
  await hit(ctx, "auth_per_ip", call.caller.ip); // each start stores a nonce row
  if (body.code_challenge !== undefined && !isPkceChallenge(body.code_challenge))
    throw new IdentityError("invalid_code_challenge");
  const nonce = randomToken(24);
  await issueToken(ctx, {
    kind: "one_tap_nonce",
    token: nonce,
    minutes: NONCE_MINUTES,
    data: {
      loginUrl: pickRedirect(ctx, body.login_redirect_url),
      signupUrl: pickRedirect(ctx, body.signup_redirect_url ?? body.login_redirect_url),
      sdkChallenge: body.code_challenge ?? null,
    },
  });
  return { nonce, client_id: cfg.clientId };
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** Verifies the credential (Google's signature, issuer, audience = our client id, expiry, our nonce). */
export async function oneTapSubmit(call: Call, body: z.infer<typeof oneTapSubmitBody>) {
  const { ctx } = call;
  await limitAuth(ctx, call.caller);
  const cfg = providerConfig(ctx, "google");
  const jwksUrl = cfg.endpoints?.jwks ?? (PROVIDERS.google.endpoints.jwks as string);
  let keys = keySets.get(jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUrl), { [customFetch]: (url, init) => ctx.fetch(url, init) });
    keySets.set(jwksUrl, keys);
  }
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(body.credential, keys, {
      issuer: GOOGLE_ISSUERS,
      audience: cfg.clientId,
      currentDate: ctx.now(),
      requiredClaims: ["sub", "exp", "nonce"],
    }));
  } catch {
    throw new IdentityError("oauth_flow_failed", "The Google credential could not be verified.");
  }
  const row = await consumeToken(ctx, {
    kind: "one_tap_nonce",
    token: String(claims.nonce),
    notFound: "oauth_flow_failed",
  });
  const st = row.data as { loginUrl: string; signupUrl: string; sdkChallenge: string | null };
  const redirect = await completeSignIn(ctx, call, {
    provider: "google",
    profile: PROVIDERS.google.profile({ claims, user: null, emails: null }),
    tokens: { access_token: "", id_token: body.credential, refresh_token: "", scope: "openid email profile" },
    loginUrl: st.loginUrl,
    signupUrl: st.signupUrl,
    sdkChallenge: st.sdkChallenge,
  });
  return { redirect_url: redirect };
}
