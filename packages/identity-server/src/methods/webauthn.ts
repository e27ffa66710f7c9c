// WebAuthn / passkeys via @simplewebauthn/server. Challenges live in the token table (hashed).
import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import { audit } from "../audit.ts";
import { type Call, requireSession } from "../call.ts";
import type { Ctx } from "../context.ts";
import { newId, sha256 } from "../crypto.ts";
import { IdentityError } from "../errors.ts";
import { requireVerifiedPrimaryEmail } from "../first-proof.ts";
import { lazy } from "../lazy.ts";
import { limitAuth } from "../ratelimit.ts";
import { identityTokens, identityWebauthn } from "../schema.ts";
import { type Factor, startSession } from "../sessions.ts";
import { requireStepUp } from "../stepup.ts";
import { loadUser } from "../users.ts";
import { authenticatedResponse, sessionDuration } from "./common.ts";

// @simplewebauthn loads with the first passkey call, not with every server start.
const webauthnLibrary = lazy(() => import("@simplewebauthn/server"));

const CHALLENGE_MINUTES = 5;

/** Origins allowed for a WebAuthn domain (RP ID): configured origins on that host or a sub-domain of it. */
function originsForDomain(ctx: Pick<Ctx, "project" | "publicUrl">, domain: string): string[] {
  const all = [...new Set([...ctx.project.allowedOrigins, new URL(ctx.publicUrl).origin])];
  return all.filter((o) => {
    const host = new URL(o).hostname;
    return host === domain || host.endsWith(`.${domain}`);
  });
}

function checkDomain(ctx: Ctx, domain: string): string[] {
  const origins = originsForDomain(ctx, domain);
  if (!origins.length) throw new IdentityError("webauthn_domain_not_allowed");
  return origins;
}

function webauthnFactor(ctx: Ctx, reg: { id: string; domain: string; userAgent: string }): Factor {
  return {
    type: "webauthn_registration",
    delivery_method: "webauthn_registration",
    last_authenticated_at: ctx.now().toISOString(),
    webauthn_factor: { webauthn_registration_id: reg.id, domain: reg.domain, user_agent: reg.userAgent },
  };
}

function challengeOf(credential: { response: { clientDataJSON: string } }): string {
  try {
    const client = JSON.parse(Buffer.from(credential.response.clientDataJSON, "base64url").toString("utf8"));
    if (typeof client.challenge !== "string") throw new Error("no challenge");
    return client.challenge;
  } catch {
    throw new IdentityError("invalid_public_key_credential");
  }
}

async function takeChallenge(ctx: Ctx, kind: "webauthn_register" | "webauthn_auth", challenge: string) {
  const now = ctx.now();
  const [row] = await ctx.db
    .update(identityTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(identityTokens.tokenHash, sha256(challenge)),
        eq(identityTokens.kind, kind),
        isNull(identityTokens.usedAt),
        gt(identityTokens.expiresAt, now),
      ),
    )
    .returning();
  if (!row) throw new IdentityError("webauthn_challenge_not_found");
  return row;
}

function parseCredential<T>(raw: string): T {
  try {
    const v = JSON.parse(raw);
    if (!v || typeof v !== "object" || typeof v.id !== "string" || typeof v.response !== "object")
      throw new Error("shape");
    return v as T;
  } catch {
    throw new IdentityError("invalid_public_key_credential");
  }
}

export const registerStartBody = z.object({
  domain: z.string().min(1).max(253),
  authenticator_type: z.enum(["platform", "cross-platform"]).optional(),
  return_passkey_credential_options: z.boolean().optional(),
  is_passkey: z.boolean().optional(),
  user_agent: z.string().max(500).optional(),
});

export async function webauthnRegisterStart(call: Call, body: z.infer<typeof registerStartBody>) {
  const { ctx } = call;
  const session = requireSession(call);
  await requireStepUp(call, session);
  await requireVerifiedPrimaryEmail(ctx, session.userId);
  checkDomain(ctx, body.domain);
  const user = await loadUser(ctx, session.userId);
  const passkey = body.return_passkey_credential_options ?? body.is_passkey ?? false;
  const existing = await ctx.db
    .select()
    .from(identityWebauthn)
    .where(eq(identityWebauthn.userId, session.userId));
  const label = user.emails[0]?.email ?? user.phone_numbers[0]?.phone_number ?? user.user_id;
  const { generateRegistrationOptions } = await webauthnLibrary();
  const options = await generateRegistrationOptions({
    rpName: ctx.project.name,
    rpID: body.domain,
    userName: label,
    userDisplayName: label,
    userID: new TextEncoder().encode(user.user_id),
    attestationType: "none",
    excludeCredentials: existing.map((r) => ({ id: r.credentialId, transports: r.transports })),
    authenticatorSelection: {
      residentKey: passkey ? "required" : "preferred",
      requireResidentKey: passkey,
      userVerification: passkey ? "required" : "preferred",
      authenticatorAttachment: body.authenticator_type,
    },
  });
  await ctx.db.insert(identityTokens).values({
    id: newId("webauthn-challenge", ctx.env),
    kind: "webauthn_register",
    tokenHash: sha256(options.challenge),
    userId: session.userId,
    data: {
      domain: body.domain,
      userAgent: body.user_agent ?? call.caller.userAgent,
      authenticatorType: body.authenticator_type ?? "",
      passkey,
    },
    expiresAt: new Date(ctx.now().getTime() + CHALLENGE_MINUTES * 60_000),
    createdAt: ctx.now(),
  });
  return { user_id: session.userId, public_key_credential_creation_options: JSON.stringify(options) };
}

export const registerBody = z.object({
  public_key_credential: z.string().max(20_000),
  session_duration_minutes: sessionDuration.optional(),
});

export async function webauthnRegister(call: Call, body: z.infer<typeof registerBody>) {
  const { ctx } = call;
  const session = requireSession(call);
  const credential = parseCredential<RegistrationResponseJSON>(body.public_key_credential);
  const row = await takeChallenge(ctx, "webauthn_register", challengeOf(credential));
  if (row.userId !== session.userId) throw new IdentityError("webauthn_challenge_not_found");
  await requireVerifiedPrimaryEmail(ctx, session.userId);
  const data = row.data as { domain: string; userAgent: string; authenticatorType: string; passkey: boolean };
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await (await webauthnLibrary()).verifyRegistrationResponse({
      response: credential,
      expectedChallenge: (c) => sha256(c) === row.tokenHash,
      expectedOrigin: checkDomain(ctx, data.domain),
      expectedRPID: data.domain,
      requireUserVerification: data.passkey,
    });
  } catch (e) {
    throw new IdentityError(
      "invalid_public_key_credential",
      `The passkey could not be verified: ${(e as Error).message}`,
    );
  }
  if (!verification.verified) throw new IdentityError("invalid_public_key_credential");
  const info = verification.registrationInfo;
  const id = newId("webauthn-registration", ctx.env);
  const inserted = await ctx.db
    .insert(identityWebauthn)
    .values({
      id,
      userId: session.userId,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      domain: data.domain,
      userAgent: data.userAgent,
      authenticatorType:
        data.authenticatorType || (info.credentialDeviceType === "multiDevice" ? "platform" : ""),
      name: "",
      verified: true,
      createdAt: ctx.now(),
    })
    .onConflictDoNothing()
    .returning({ id: identityWebauthn.id });
  if (!inserted.length) throw new IdentityError("duplicate_webauthn_registration");
  await audit(ctx, call.caller, "factor_added", { method: "webauthn", userId: session.userId });
  const s = await startSession(ctx, {
    userId: session.userId,
    factor: webauthnFactor(ctx, { id, domain: data.domain, userAgent: data.userAgent }),
    durationMinutes: body.session_duration_minutes,
    caller: call.caller,
    existing: session,
  });
  return { ...authenticatedResponse(s), webauthn_registration_id: id };
}

export const authenticateStartBody = z.object({
  domain: z.string().min(1).max(253),
  return_passkey_credential_options: z.boolean().optional(),
  is_passkey: z.boolean().optional(),
});

/** primary: discoverable passkeys (no user known); secondary: the signed-in user's credentials. */
export async function webauthnAuthenticateStart(
  call: Call,
  body: z.infer<typeof authenticateStartBody>,
  secondary: boolean,
) {
  const { ctx } = call;
  checkDomain(ctx, body.domain);
  const session = secondary ? requireSession(call) : null;
  await limitAuth(ctx, call.caller);
  const allow = session
    ? await ctx.db.select().from(identityWebauthn).where(eq(identityWebauthn.userId, session.userId))
    : [];
  const { generateAuthenticationOptions } = await webauthnLibrary();
  const options = await generateAuthenticationOptions({
    rpID: body.domain,
    allowCredentials: allow.map((r) => ({ id: r.credentialId, transports: r.transports })),
    // A passkey used as the only factor must prove the user (PIN, biometrics); as a second factor, presence is enough.
    userVerification: session ? "preferred" : "required",
  });
  await ctx.db.insert(identityTokens).values({
    id: newId("webauthn-challenge", ctx.env),
    kind: "webauthn_auth",
    tokenHash: sha256(options.challenge),
    userId: session?.userId ?? null,
    data: { domain: body.domain, primary: !session },
    expiresAt: new Date(ctx.now().getTime() + CHALLENGE_MINUTES * 60_000),
    createdAt: ctx.now(),
  });
  return {
    user_id: session?.userId ?? "",
    userId: session?.userId ?? "",
    public_key_credential_request_options: JSON.stringify(options),
  };
}

export const authenticateBody = z.object({
  public_key_credential: z.string().max(20_000),
  session_duration_minutes: sessionDuration.optional(),
});

export async function webauthnAuthenticate(call: Call, body: z.infer<typeof authenticateBody>) {
  const { ctx } = call;
  await limitAuth(ctx, call.caller);
  const credential = parseCredential<AuthenticationResponseJSON>(body.public_key_credential);
  const row = await takeChallenge(ctx, "webauthn_auth", challengeOf(credential));
  const { domain, primary } = row.data as { domain: string; primary?: boolean };
  const [reg] = await ctx.db
    .select()
    .from(identityWebauthn)
    .where(eq(identityWebauthn.credentialId, credential.id));
  if (!reg || (row.userId && reg.userId !== row.userId)) {
    await audit(ctx, call.caller, "sign_in_failed", {
      method: "webauthn",
      detail: { error: "webauthn_registration_not_found" },
    });
    throw new IdentityError("webauthn_registration_not_found");
  }
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await (await webauthnLibrary()).verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: (c) => sha256(c) === row.tokenHash,
      expectedOrigin: checkDomain(ctx, domain),
      expectedRPID: domain,
      credential: {
        id: reg.credentialId,
        publicKey: new Uint8Array(Buffer.from(reg.publicKey, "base64url")),
        counter: reg.counter,
        transports: reg.transports,
      },
      requireUserVerification: primary === true,
    });
  } catch (e) {
    await audit(ctx, call.caller, "sign_in_failed", { method: "webauthn", userId: reg.userId });
    throw new IdentityError(
      "invalid_public_key_credential",
      `The passkey could not be verified: ${(e as Error).message}`,
    );
  }
  if (!result.verified) throw new IdentityError("invalid_public_key_credential");
  await ctx.db
    .update(identityWebauthn)
    .set({ counter: result.authenticationInfo.newCounter })
    .where(eq(identityWebauthn.id, reg.id));
  await audit(ctx, call.caller, "sign_in", { method: "webauthn", userId: reg.userId });
  const s = await startSession(ctx, {
    userId: reg.userId,
    factor: webauthnFactor(ctx, reg),
    durationMinutes: body.session_duration_minutes,
    caller: call.caller,
    existing: call.session,
  });
  return { ...authenticatedResponse(s), webauthn_registration_id: reg.id };
}

export const updateBody = z.object({ name: z.string().min(1).max(200) });

export async function webauthnUpdate(call: Call, id: string, body: z.infer<typeof updateBody>) {
  const session = requireSession(call);
  const [row] = await call.ctx.db
    .update(identityWebauthn)
    .set({ name: body.name })
    .where(and(eq(identityWebauthn.id, id), eq(identityWebauthn.userId, session.userId)))
    .returning();
  if (!row) throw new IdentityError("webauthn_registration_not_found");
  return {
    webauthn_registration: {
      webauthn_registration_id: row.id,
      domain: row.domain,
      user_agent: row.userAgent,
      authenticator_type: row.authenticatorType,
      verified: row.verified,
      name: row.name,
    },
  };
}
