// OAuth / OpenID Connect: `/v1/public/oauth/{provider}/start` → provider → callback → redirect with an
// oauth token → `POST /oauth/authenticate`. Any OIDC provider works given issuer, client id and secret.
import { and, eq } from "drizzle-orm";
import { createLocalJWKSet, type JWK, jwtVerify } from "jose";
import { z } from "zod";
import { audit } from "../audit.ts";
import type { Call } from "../call.ts";
import type { Ctx } from "../context.ts";
import { decrypt, encrypt, isPkceChallenge, newId, randomToken, sha256 } from "../crypto.ts";
import { IdentityError } from "../errors.ts";
import type { OAuthProviderConfig } from "../options.ts";
import { limitAuth } from "../ratelimit.ts";
import { identityOauthRegistrations, identityUsers } from "../schema.ts";
import { type Factor, startSession } from "../sessions.ts";
import { consumeToken, issueToken, pickRedirect, withToken } from "../tokens.ts";
import { activateUser, findEmail, findOrCreateByEmail, loadUser, markEmailVerified } from "../users.ts";
import { authenticatedResponse, sessionDuration } from "./common.ts";

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
}

const discoveryCache = new Map<string, Promise<Discovery>>();

async function discover(ctx: Ctx, issuer: string): Promise<Discovery> {
  let p = discoveryCache.get(issuer);
  if (!p) {
    p = (async () => {
      const res = await ctx.fetch(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`);
      if (!res.ok) throw new IdentityError("oauth_flow_failed", `OpenID discovery failed (${res.status}).`);
      return (await res.json()) as Discovery;
    })();
    p.catch(() => discoveryCache.delete(issuer));
    discoveryCache.set(issuer, p);
  }
  return p;
}

function providerConfig(ctx: Ctx, provider: string): OAuthProviderConfig {
  const cfg = Object.hasOwn(ctx.oauthProviders, provider) ? ctx.oauthProviders[provider] : undefined;
  if (!cfg) throw new IdentityError("oauth_config_not_found");
  return cfg;
}

export function callbackUrl(ctx: Ctx, provider: string): string {
  return `${ctx.publicUrl}/v1/public/oauth/${encodeURIComponent(provider)}/callback`;
}

/** Builds the provider's authorization URL (pure given its inputs). */
export function authorizationUrl(args: {
  endpoint: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string;
  nonce: string;
  codeChallenge: string;
  providerParams: Record<string, string>;
}): string {
  const u = new URL(args.endpoint);
  for (const [k, v] of Object.entries(args.providerParams)) u.searchParams.set(k, v);
  u.searchParams.set("response_type", "code");
  u.searchParams.set("client_id", args.clientId);
  u.searchParams.set("redirect_uri", args.redirectUri);
  u.searchParams.set("scope", [...new Set(args.scopes)].join(" "));
  u.searchParams.set("state", args.state);
  u.searchParams.set("nonce", args.nonce);
  u.searchParams.set("code_challenge", args.codeChallenge);
  u.searchParams.set("code_challenge_method", "S256");
  return u.toString();
}

export const oauthStartQuery = z.object({
  public_token: z.string(),
  code_challenge: z.string().optional(),
  custom_scopes: z.string().max(1000).optional(),
  login_redirect_url: z.string().optional(),
  signup_redirect_url: z.string().optional(),
});

/** Returns the URL to send the browser to. */
export async function oauthStart(ctx: Ctx, provider: string, query: Record<string, string>): Promise<string> {
  const q = oauthStartQuery.parse(query);
  if (q.public_token !== ctx.project.publicToken) throw new IdentityError("invalid_public_token");
  if (q.code_challenge !== undefined && !isPkceChallenge(q.code_challenge))
    throw new IdentityError("invalid_code_challenge");
  const cfg = providerConfig(ctx, provider);
  const loginUrl = pickRedirect(ctx, q.login_redirect_url);
  const signupUrl = pickRedirect(ctx, q.signup_redirect_url ?? q.login_redirect_url);
  const d = await discover(ctx, cfg.issuer);
  const providerParams: Record<string, string> = {};
  for (const [k, v] of Object.entries(query))
    if (k.startsWith("provider_")) providerParams[k.slice(9)] = String(v);
  const verifier = randomToken(32);
  const nonce = randomToken(16);
  const state = randomToken(32);
  const scopes = [
    "openid",
    "email",
    "profile",
    ...(cfg.scopes ?? []),
    ...(q.custom_scopes?.split(/\s+/).filter(Boolean) ?? []),
  ];
  await issueToken(ctx, {
    kind: "oauth_state",
    token: state,
    minutes: 15,
    data: {
      provider,
      verifier: encrypt(ctx.encKey, verifier),
      nonce,
      loginUrl,
      signupUrl,
      sdkChallenge: q.code_challenge ?? null,
    },
  });
  return authorizationUrl({
    endpoint: d.authorization_endpoint,
    clientId: cfg.clientId,
    redirectUri: callbackUrl(ctx, provider),
    scopes,
    state,
    nonce,
    codeChallenge: sha256(verifier), // S256: base64url(SHA-256(verifier))
    providerParams,
  });
}

interface IdClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  locale?: string;
}

/** Handles the provider's redirect; returns the URL to send the browser to (the app, with a token). */
export async function oauthCallback(
  ctx: Ctx,
  call: Call,
  provider: string,
  query: Record<string, string>,
): Promise<string> {
  if (!query.state) throw new IdentityError("oauth_flow_failed", "The provider did not return a state.");
  const row = await consumeToken(ctx, "oauth_state", query.state, "oauth_flow_failed");
  const st = row.data as {
    provider: string;
    verifier: string;
    nonce: string;
    loginUrl: string;
    signupUrl: string;
    sdkChallenge: string | null;
  };
  if (st.provider !== provider) throw new IdentityError("oauth_flow_failed");
  if (query.error) throw new IdentityError("oauth_flow_failed", `The provider answered: ${query.error}.`);
  if (!query.code) throw new IdentityError("oauth_flow_failed", "The provider did not return a code.");
  const cfg = providerConfig(ctx, provider);
  const d = await discover(ctx, cfg.issuer);

  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code: query.code,
    redirect_uri: callbackUrl(ctx, provider),
    code_verifier: decrypt(ctx.encKey, st.verifier),
  });
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  const methods = d.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
  if (methods.includes("client_secret_basic")) {
    const enc = (s: string) => encodeURIComponent(s);
    headers.authorization = `Basic ${Buffer.from(`${enc(cfg.clientId)}:${enc(cfg.clientSecret)}`).toString("base64")}`;
  } else {
    form.set("client_id", cfg.clientId);
    form.set("client_secret", cfg.clientSecret);
  }
  const tokenRes = await ctx.fetch(d.token_endpoint, { method: "POST", headers, body: form });
  if (!tokenRes.ok)
    throw new IdentityError("oauth_flow_failed", `The provider refused the code (${tokenRes.status}).`);
  const tokens = (await tokenRes.json()) as {
    access_token?: string;
    id_token?: string;
    refresh_token?: string;
    scope?: string;
    expires_in?: number;
  };
  if (!tokens.id_token) throw new IdentityError("oauth_flow_failed", "The provider returned no ID token.");
  const jwksRes = await ctx.fetch(d.jwks_uri);
  const jwks = createLocalJWKSet((await jwksRes.json()) as { keys: JWK[] });
  let claims: IdClaims;
  try {
    const { payload } = await jwtVerify(tokens.id_token, jwks, {
      issuer: d.issuer,
      audience: cfg.clientId,
      currentDate: ctx.now(),
    });
    if (payload.nonce !== st.nonce) throw new Error("nonce");
    claims = payload as unknown as IdClaims;
  } catch {
    throw new IdentityError("oauth_flow_failed", "The provider's ID token could not be verified.");
  }
  if ((!claims.email || claims.email_verified === undefined) && d.userinfo_endpoint && tokens.access_token) {
    const ui = await ctx.fetch(d.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    if (ui.ok) {
      const info = (await ui.json()) as IdClaims;
      if (info.sub === claims.sub)
        claims = {
          ...info,
          ...claims,
          email: claims.email ?? info.email,
          email_verified: claims.email_verified ?? info.email_verified,
        };
    }
  }

  // Find the user: by this provider's subject, then by a verified email, else create one.
  const [reg] = await ctx.db
    .select()
    .from(identityOauthRegistrations)
    .where(
      and(
        eq(identityOauthRegistrations.provider, provider),
        eq(identityOauthRegistrations.subject, claims.sub),
      ),
    );
  let userId: string;
  let emailId: string | null = null;
  let created = false;
  if (reg) {
    userId = reg.userId;
    if (claims.email) emailId = (await findEmail(ctx, claims.email))?.emailId ?? null;
  } else if (claims.email && claims.email_verified) {
    const rec = await findOrCreateByEmail(ctx, claims.email);
    userId = rec.userId;
    emailId = rec.emailId;
    created = rec.created;
  } else {
    userId = newId("user", ctx.env);
    await ctx.db.insert(identityUsers).values({ id: userId, status: "pending", createdAt: ctx.now() });
    created = true;
  }
  if (emailId && claims.email_verified) await markEmailVerified(ctx, emailId);
  let registrationId = reg?.id;
  if (!registrationId) {
    registrationId = newId("oauth-user-registration", ctx.env);
    await ctx.db.insert(identityOauthRegistrations).values({
      id: registrationId,
      userId,
      provider,
      subject: claims.sub,
      profilePictureUrl: claims.picture ?? "",
      locale: claims.locale ?? "",
      createdAt: ctx.now(),
    });
  }
  if (created) {
    await ctx.db
      .update(identityUsers)
      .set({ firstName: claims.given_name ?? claims.name ?? "", lastName: claims.family_name ?? "" })
      .where(eq(identityUsers.id, userId));
  }
  await activateUser(ctx, userId);

  const providerValues = {
    access_token: tokens.access_token ?? "",
    id_token: tokens.id_token,
    refresh_token: tokens.refresh_token ?? "",
    scopes: (tokens.scope ?? "").split(" ").filter(Boolean),
    expires_at: tokens.expires_in
      ? new Date(ctx.now().getTime() + tokens.expires_in * 1000).toISOString()
      : null,
  };
  const { token } = await issueToken(ctx, {
    kind: "oauth",
    userId,
    methodId: registrationId,
    codeChallenge: st.sdkChallenge ?? undefined,
    minutes: 10,
    data: {
      provider,
      subject: claims.sub,
      emailId,
      email: claims.email ?? "",
      picture: claims.picture ?? "",
      locale: claims.locale ?? "",
      providerValues: encrypt(ctx.encKey, JSON.stringify(providerValues)),
    },
  });
  await audit(ctx, call.caller, "factor_added", {
    method: `oauth_${provider}`,
    userId,
    subject: claims.email ?? claims.sub,
  });
  return withToken(created ? st.signupUrl : st.loginUrl, token, "oauth");
}

export const oauthAuthenticateBody = z.object({
  token: z.string().min(1).max(200),
  code_verifier: z.string().max(200).optional(),
  session_duration_minutes: sessionDuration.optional(),
  session_token: z.string().optional(),
  session_jwt: z.string().optional(),
});

export async function oauthAuthenticate(
  call: Call,
  body: z.infer<typeof oauthAuthenticateBody>,
  createSession = true,
) {
  const { ctx } = call;
  await limitAuth(ctx, call.caller);
  let row: Awaited<ReturnType<typeof consumeToken>>;
  try {
    row = await consumeToken(ctx, "oauth", body.token, "oauth_token_not_found", body.code_verifier);
  } catch (e) {
    await audit(ctx, call.caller, "sign_in_failed", {
      method: "oauth",
      detail: { error: (e as IdentityError).type },
    });
    throw e;
  }
  const data = row.data as {
    provider: string;
    subject: string;
    emailId: string | null;
    email: string;
    picture: string;
    locale: string;
    providerValues: string;
  };
  const userId = row.userId!;
  const providerValues = JSON.parse(decrypt(ctx.encKey, data.providerValues));
  await audit(ctx, call.caller, "sign_in", {
    method: `oauth_${data.provider}`,
    userId,
    subject: data.email || data.subject,
  });
  const extra = {
    provider_subject: data.subject,
    provider_type: data.provider.charAt(0).toUpperCase() + data.provider.slice(1),
    profile_picture_url: data.picture,
    locale: data.locale,
    provider_values: providerValues,
    oauth_user_registration_id: row.methodId,
    reset_sessions: false,
  };
  if (!createSession) {
    const user = await loadUser(ctx, userId);
    return { user_id: userId, user, session: null, session_token: "", session_jwt: "", ...extra };
  }
  const factor: Factor = {
    type: "oauth",
    delivery_method: `oauth_${data.provider}`,
    last_authenticated_at: ctx.now().toISOString(),
    [`${data.provider}_oauth_factor`]: {
      id: row.methodId,
      email_id: data.emailId ?? "",
      provider_subject: data.subject,
    },
  };
  const s = await startSession(ctx, {
    userId,
    factor,
    durationMinutes: body.session_duration_minutes,
    caller: call.caller,
    existing: call.session,
  });
  return { ...authenticatedResponse(s), ...extra };
}
