// OAuth / OpenID Connect sign-in: `/v1/public/oauth/{provider}/start` → provider → callback (GET, or
// Apple's form_post) → redirect with an oauth token → `POST /oauth/authenticate`. The protocol is
// oauth/client.ts (oauth4webapi); the 19 providers' particulars are oauth/providers.ts.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { audit } from "../audit.ts";
import type { Call } from "../call.ts";
import type { Caller, Ctx } from "../context.ts";
import { decrypt, encrypt, isPkceChallenge, newId, randomToken } from "../crypto.ts";
import { IdentityError } from "../errors.ts";
import {
  authorizationUrl,
  codeChallengeFor,
  type Exchanged,
  exchangeCode,
  type Provider,
  resolveProvider,
} from "../oauth/client.ts";
import { displayTypeOf, type Profile } from "../oauth/providers.ts";
import type { OAuthProviderConfig } from "../options.ts";
import { hit, limitAuth } from "../ratelimit.ts";
import { identityOauthRegistrations, identityUsers } from "../schema.ts";
import { type Factor, startSession } from "../sessions.ts";
import { consumeToken, issueToken, pickRedirect, withToken } from "../tokens.ts";
import {
  activateUser,
  findEmail,
  findOrCreateByEmail,
  insertUser,
  loadUser,
  markEmailVerified,
} from "../users.ts";
import { authenticatedResponse, sessionDuration } from "./common.ts";

/** A provider's configuration, or `oauth_config_not_found`. */
export function providerConfig(ctx: Ctx, name: string): OAuthProviderConfig {
  const cfg = Object.hasOwn(ctx.oauthProviders, name) ? ctx.oauthProviders[name] : undefined;
  if (!cfg) throw new IdentityError("oauth_config_not_found");
  return cfg;
}

function providerFor(ctx: Ctx, name: string): Promise<Provider> {
  return resolveProvider(name, providerConfig(ctx, name), ctx);
}

export function callbackUrl(ctx: Ctx, provider: string): string {
  return `${ctx.publicUrl}/v1/public/oauth/${encodeURIComponent(provider)}/callback`;
}

const oauthStartQuery = z.object({
  public_token: z.string(),
  code_challenge: z.string().optional(),
  custom_scopes: z.string().max(1000).optional(),
  login_redirect_url: z.string().optional(),
  signup_redirect_url: z.string().optional(),
});

interface FlowState {
  provider: string;
  verifier: string;
  nonce: string;
  loginUrl: string;
  signupUrl: string;
  sdkChallenge: string | null;
}

/** Returns the URL to send the browser to. Each start stores a state row: counted per client address. */
export async function oauthStart(
  ctx: Ctx,
  caller: Caller,
  provider: string,
  query: Record<string, string>,
): Promise<string> {
  const q = oauthStartQuery.parse(query);
  if (q.public_token !== ctx.project.publicToken) throw new IdentityError("invalid_public_token");
  await hit(ctx, "auth_per_ip", caller.ip);
  if (q.code_challenge !== undefined && !isPkceChallenge(q.code_challenge))
    throw new IdentityError("invalid_code_challenge");
  const p = await providerFor(ctx, provider);
  const loginUrl = pickRedirect(ctx, q.login_redirect_url);
  const signupUrl = pickRedirect(ctx, q.signup_redirect_url ?? q.login_redirect_url);
  const providerParams: Record<string, string> = {};
  for (const [k, v] of Object.entries(query))
    if (k.startsWith("provider_")) providerParams[k.slice(9)] = String(v);
  const verifier = randomToken(32);
  const nonce = randomToken(16);
  const state = randomToken(32);
  const data: FlowState = {
    provider,
    verifier: encrypt(ctx.encKey, verifier),
    nonce,
    loginUrl,
    signupUrl,
    sdkChallenge: q.code_challenge ?? null,
  };
  await issueToken(ctx, { kind: "oauth_state", token: state, minutes: 15, data: { ...data } });
  return authorizationUrl(p, {
    redirectUri: callbackUrl(ctx, provider),
    state,
    nonce,
    codeChallenge: await codeChallengeFor(p, verifier),
    extraScopes: q.custom_scopes?.split(/\s+/).filter(Boolean) ?? [],
    providerParams,
  });
}

/**
 * Handles the provider's answer — a redirect's query, or Apple's form_post body — and returns the URL to
 * send the browser to (the app, with a token).
 */
export async function oauthCallback(
  ctx: Ctx,
  call: Call,
  provider: string,
  params: Record<string, string>,
): Promise<string> {
  if (!params.state) throw new IdentityError("oauth_flow_failed", "The provider did not return a state.");
  const row = await consumeToken(ctx, {
    kind: "oauth_state",
    token: params.state,
    notFound: "oauth_flow_failed",
  });
  const st = row.data as unknown as FlowState;
  if (st.provider !== provider) throw new IdentityError("oauth_flow_failed");
  if (params.error) throw new IdentityError("oauth_flow_failed", `The provider answered: ${params.error}.`);
  const p = await providerFor(ctx, provider);
  const { profile, tokens } = await exchangeCode(p, ctx, {
    callbackParams: new URLSearchParams(params),
    state: params.state,
    redirectUri: callbackUrl(ctx, provider),
    verifier: decrypt(ctx.encKey, st.verifier),
    nonce: st.nonce,
  });
  return completeSignIn(ctx, call, {
    provider,
    profile: withAppleName(profile, params.user),
    tokens,
    loginUrl: st.loginUrl,
    signupUrl: st.signupUrl,
    sdkChallenge: st.sdkChallenge,
  });
}

/** Apple sends the name once, in the form's unsigned `user` field: used for the name only, never the email. */
function withAppleName(profile: Profile, user: string | undefined): Profile {
  if (!user || profile.name) return profile;
  try {
    const name = (JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } }).name;
    const given = typeof name?.firstName === "string" ? name.firstName.slice(0, 100) : "";
    const family = typeof name?.lastName === "string" ? name.lastName.slice(0, 100) : "";
    return {
      ...profile,
      givenName: given,
      familyName: family,
      name: [given, family].filter(Boolean).join(" "),
    };
  } catch {
    return profile;
  }
}

/**
 * The end of every provider sign-in (a code flow or Google One Tap): find the user by this provider's
 * subject, else by an email the provider verified, else a new user; then a short-lived oauth token for
 * the app, on its login or signup URL. An unverified email never merges into an existing account.
 */
export async function completeSignIn(
  ctx: Ctx,
  call: Call,
  args: {
    provider: string;
    profile: Profile;
    tokens: Exchanged["tokens"];
    loginUrl: string;
    signupUrl: string;
    sdkChallenge: string | null;
  },
): Promise<string> {
  const { provider, profile, tokens } = args;
  const [reg] = await ctx.db
    .select()
    .from(identityOauthRegistrations)
    .where(
      and(
        eq(identityOauthRegistrations.provider, provider),
        eq(identityOauthRegistrations.subject, profile.subject),
      ),
    );
  const verifiedEmail = profile.email && profile.emailVerified ? profile.email : null;
  let userId: string;
  let emailId: string | null = null;
  let created = false;
  if (reg) {
    userId = reg.userId;
    const found = verifiedEmail ? await findEmail(ctx, verifiedEmail) : null;
    if (found?.userId === userId) emailId = found.emailId;
  } else if (verifiedEmail) {
    const rec = await findOrCreateByEmail(ctx, verifiedEmail);
    userId = rec.userId;
    emailId = rec.emailId;
    created = rec.created;
  } else {
    userId = newId("user", ctx.env);
    await insertUser(ctx, ctx.db, { id: userId, status: "pending", createdAt: ctx.now() }, null);
    created = true;
  }
  if (emailId) await markEmailVerified(ctx, emailId, undefined, { oauthRegistrationId: reg?.id });
  let registrationId = reg?.id;
  if (!registrationId) {
    registrationId = newId("oauth-user-registration", ctx.env);
    await ctx.db.insert(identityOauthRegistrations).values({
      id: registrationId,
      userId,
      provider,
      subject: profile.subject,
      profilePictureUrl: profile.picture,
      locale: profile.locale,
      createdAt: ctx.now(),
    });
  }
  if (created) {
    await ctx.db
      .update(identityUsers)
      .set({ firstName: profile.givenName || profile.name, lastName: profile.familyName })
      .where(eq(identityUsers.id, userId));
  }
  await activateUser(ctx, userId);

  const providerValues = {
    access_token: tokens.access_token,
    id_token: tokens.id_token,
    refresh_token: tokens.refresh_token,
    scopes: tokens.scope.split(/[ ,]/).filter(Boolean),
    expires_at: tokens.expires_in
      ? new Date(ctx.now().getTime() + tokens.expires_in * 1000).toISOString()
      : null,
  };
  const { token } = await issueToken(ctx, {
    kind: "oauth",
    userId,
    methodId: registrationId,
    codeChallenge: args.sdkChallenge ?? undefined,
    minutes: 10,
    data: {
      provider,
      subject: profile.subject,
      emailId,
      email: profile.email ?? "",
      picture: profile.picture,
      locale: profile.locale,
      providerValues: encrypt(ctx.encKey, JSON.stringify(providerValues)),
    },
  });
  await audit(ctx, call.caller, "factor_added", {
    method: `oauth_${provider}`,
    userId,
    subject: profile.email ?? profile.subject,
  });
  return withToken(created ? args.signupUrl : args.loginUrl, token, "oauth");
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
    row = await consumeToken(ctx, {
      kind: "oauth",
      token: body.token,
      notFound: "oauth_token_not_found",
      codeVerifier: body.code_verifier,
    });
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
    provider_type: displayTypeOf(data.provider),
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
