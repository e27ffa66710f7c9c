import { and, eq, isNull } from "drizzle-orm";
import { createLocalJWKSet, decodeJwt, jwtVerify, SignJWT } from "jose";
import type { Caller, Ctx } from "./context.ts";
import { newId, randomToken, sha256 } from "./crypto.ts";
import { IdentityError } from "./errors.ts";
import { currentKey, publicKeys } from "./keys.ts";
import { identitySessions } from "./schema.ts";
import { loadUser, type StytchUser } from "./users.ts";

export const SESSION_CLAIM = "https://stytch.com/session";
const MIN_SESSION_MINUTES = 5;
const MAX_SESSION_MINUTES = 527040;

/** One entry of `session.authentication_factors`, in the Stytch shape. */
export type Factor = { type: string; delivery_method: string; last_authenticated_at: string } & Record<
  string,
  unknown
>;

export interface StytchSession {
  session_id: string;
  user_id: string;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  attributes: { ip_address: string; user_agent: string };
  authentication_factors: Factor[];
  custom_claims: Record<string, unknown> | null;
}

type SessionRow = typeof identitySessions.$inferSelect;

export interface SessionResult {
  session: StytchSession;
  session_token: string;
  session_jwt: string;
  user: StytchUser;
}

// ---- pure rules -------------------------------------------------------------------------------------

/** New expiry: now + duration, never past the absolute lifetime counted from the start. */
export function computeExpiry(
  now: Date,
  startedAt: Date,
  durationMinutes: number,
  absoluteMinutes: number,
): Date {
  const wanted = now.getTime() + durationMinutes * 60_000;
  const cap = startedAt.getTime() + absoluteMinutes * 60_000;
  return new Date(Math.min(wanted, cap));
}

/** Why a stored session is no longer valid, or null when it is. */
export function sessionProblem(
  row: Pick<SessionRow, "revokedAt" | "expiresAt" | "lastAccessedAt">,
  now: Date,
  idleMinutes: number,
): "revoked" | "expired" | "idle" | null {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  if (now.getTime() - row.lastAccessedAt.getTime() > idleMinutes * 60_000) return "idle";
  return null;
}

/** Adds or refreshes a factor: a factor of the same type and delivery method is replaced. */
export function mergeFactors(existing: Factor[], factor: Factor): Factor[] {
  const rest = existing.filter(
    (f) => !(f.type === factor.type && f.delivery_method === factor.delivery_method),
  );
  return [...rest, factor];
}

export function validateDuration(minutes: number | undefined): void {
  if (minutes === undefined) return;
  if (!Number.isInteger(minutes) || minutes < MIN_SESSION_MINUTES || minutes > MAX_SESSION_MINUTES) {
    throw new IdentityError("invalid_session_duration_minutes");
  }
}

export function presentSession(row: SessionRow): StytchSession {
  return {
    session_id: row.id,
    user_id: row.userId,
    started_at: row.startedAt.toISOString(),
    last_accessed_at: row.lastAccessedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    attributes: { ip_address: row.ipAddress, user_agent: row.userAgent },
    authentication_factors: row.factors as Factor[],
    custom_claims: row.customClaims ?? null,
  };
}

// ---- JWT --------------------------------------------------------------------------------------------

async function signSessionJwt(ctx: Ctx, s: StytchSession): Promise<string> {
  const key = await currentKey(ctx);
  const now = ctx.now();
  const iat = Math.floor(now.getTime() / 1000);
  const exp = Math.min(
    iat + ctx.settings.jwtLifetimeSeconds,
    Math.floor(new Date(s.expires_at).getTime() / 1000),
  );
  return new SignJWT({
    ...(s.custom_claims ?? {}),
    [SESSION_CLAIM]: {
      id: s.session_id,
      started_at: s.started_at,
      last_accessed_at: s.last_accessed_at,
      expires_at: s.expires_at,
      attributes: s.attributes,
      authentication_factors: s.authentication_factors,
    },
  })
    .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "JWT" })
    .setIssuer(`stytch.com/${ctx.project.projectId}`)
    .setAudience([ctx.project.projectId])
    .setSubject(s.user_id)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(exp)
    .sign(key.privateKey);
}

/** Verifies a session JWT's signature, issuer and audience; `allowExpired` lets an old JWT name its session. */
export async function verifySessionJwt(
  ctx: Ctx,
  jwt: string,
  allowExpired: boolean,
): Promise<{ sessionId: string; userId: string }> {
  const jwks = createLocalJWKSet({ keys: await publicKeys(ctx) });
  try {
    const { payload } = await jwtVerify(jwt, jwks, {
      issuer: `stytch.com/${ctx.project.projectId}`,
      audience: ctx.project.projectId,
      algorithms: ["RS256"],
      currentDate: allowExpired ? new Date(decodeJwt(jwt).iat! * 1000) : ctx.now(),
    });
    const claim = payload[SESSION_CLAIM] as { id?: unknown } | undefined;
    if (typeof claim?.id !== "string" || typeof payload.sub !== "string") throw new Error("no session claim");
    return { sessionId: claim.id, userId: payload.sub };
  } catch {
    throw new IdentityError("unauthorized_credentials", "The session JWT is not valid.");
  }
}

export function looksLikeJwt(value: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(value);
}

// ---- store ------------------------------------------------------------------------------------------

async function result(ctx: Ctx, row: SessionRow, token: string): Promise<SessionResult> {
  const session = presentSession(row);
  return {
    session,
    session_token: token,
    session_jwt: await signSessionJwt(ctx, session),
    user: await loadUser(ctx, row.userId),
  };
}

/**
 * Starts a session for `userId` with `factor`, or, when `existing` is a valid session of the same user,
 * adds the factor to it (multi-factor). Returns the tokens; the session token is stored only as a hash.
 */
export async function startSession(
  ctx: Ctx,
  args: {
    userId: string;
    factor: Factor;
    durationMinutes: number | undefined;
    caller: Caller;
    existing?: SessionRow | null;
  },
): Promise<SessionResult> {
  validateDuration(args.durationMinutes);
  const now = ctx.now();
  const duration = args.durationMinutes ?? ctx.settings.defaultSessionMinutes;
  const ex = args.existing;
  if (ex && ex.userId === args.userId && !sessionProblem(ex, now, ctx.settings.sessionIdleMinutes)) {
    const token = randomToken();
    const [row] = await ctx.db
      .update(identitySessions)
      .set({
        tokenHash: sha256(token),
        lastAccessedAt: now,
        expiresAt: computeExpiry(now, ex.startedAt, duration, ctx.settings.sessionAbsoluteMinutes),
        factors: mergeFactors(ex.factors as Factor[], args.factor),
      })
      .where(eq(identitySessions.id, ex.id))
      .returning();
    return result(ctx, row!, token);
  }
  const token = randomToken();
  const [row] = await ctx.db
    .insert(identitySessions)
    .values({
      id: newId("session", ctx.env),
      userId: args.userId,
      tokenHash: sha256(token),
      startedAt: now,
      lastAccessedAt: now,
      expiresAt: computeExpiry(now, now, duration, ctx.settings.sessionAbsoluteMinutes),
      factors: [args.factor],
      ipAddress: args.caller.ip,
      userAgent: args.caller.userAgent.slice(0, 400),
    })
    .returning();
  return result(ctx, row!, token);
}

/** Finds a stored session by token or JWT without touching it; null when unknown. */
export async function findSession(
  ctx: Ctx,
  credential: { token?: string; jwt?: string },
): Promise<SessionRow | null> {
  if (credential.token) {
    const [row] = await ctx.db
      .select()
      .from(identitySessions)
      .where(eq(identitySessions.tokenHash, sha256(credential.token)));
    return row ?? null;
  }
  if (credential.jwt) {
    const { sessionId } = await verifySessionJwt(ctx, credential.jwt, true);
    const [row] = await ctx.db.select().from(identitySessions).where(eq(identitySessions.id, sessionId));
    return row ?? null;
  }
  return null;
}

/** A valid session for the credential, or `session_not_found`. */
async function requireValidSession(
  ctx: Ctx,
  credential: { token?: string; jwt?: string },
): Promise<SessionRow> {
  const row = await findSession(ctx, credential);
  if (!row || sessionProblem(row, ctx.now(), ctx.settings.sessionIdleMinutes))
    throw new IdentityError("session_not_found");
  return row;
}

/**
 * Authenticates a session by its token or JWT, marks it used (idle timer), optionally extends it, and
 * returns a fresh JWT. This is what `POST /v1/sessions/authenticate` and the SDK call do; applications
 * mounting the plugin in-process can call it directly.
 */
export async function authenticateSession(
  ctx: Ctx,
  credential: { token?: string; jwt?: string },
  opts: { durationMinutes?: number; customClaims?: Record<string, unknown> } = {},
): Promise<SessionResult> {
  validateDuration(opts.durationMinutes);
  const row = await requireValidSession(ctx, credential);
  const now = ctx.now();
  const update: Partial<SessionRow> = { lastAccessedAt: now };
  if (opts.durationMinutes !== undefined) {
    update.expiresAt = computeExpiry(
      now,
      row.startedAt,
      opts.durationMinutes,
      ctx.settings.sessionAbsoluteMinutes,
    );
  }
  if (opts.customClaims) update.customClaims = { ...(row.customClaims ?? {}), ...opts.customClaims };
  const [updated] = await ctx.db
    .update(identitySessions)
    .set(update)
    .where(and(eq(identitySessions.id, row.id), isNull(identitySessions.revokedAt)))
    .returning();
  if (!updated) throw new IdentityError("session_not_found");
  // The token is not re-issued here: the caller keeps the one it has (Stytch behaviour).
  return result(ctx, updated, credential.token ?? "");
}

export async function revokeSession(ctx: Ctx, sessionId: string): Promise<boolean> {
  const rows = await ctx.db
    .update(identitySessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(identitySessions.id, sessionId), isNull(identitySessions.revokedAt)))
    .returning({ id: identitySessions.id });
  return rows.length > 0;
}

export async function revokeUserSessions(ctx: Ctx, userId: string, exceptSessionId?: string): Promise<void> {
  const rows = await ctx.db
    .select({ id: identitySessions.id })
    .from(identitySessions)
    .where(and(eq(identitySessions.userId, userId), isNull(identitySessions.revokedAt)));
  for (const r of rows) if (r.id !== exceptSessionId) await revokeSession(ctx, r.id);
}

export function factorFor(
  kind: "magic_link" | "otp_email" | "otp_sms" | "otp_whatsapp" | "password" | "totp" | "recovery_code",
  now: Date,
  ids: {
    emailId?: string;
    email?: string;
    phoneId?: string;
    phone?: string;
    totpId?: string;
    recoveryId?: string;
  },
): Factor {
  const at = now.toISOString();
  switch (kind) {
    case "magic_link":
    case "otp_email":
      return {
        type: kind === "magic_link" ? "magic_link" : "otp",
        delivery_method: "email",
        last_authenticated_at: at,
        email_factor: { email_id: ids.emailId ?? "", email_address: ids.email ?? "" },
      };
    case "otp_sms":
    case "otp_whatsapp":
      return {
        type: "otp",
        delivery_method: kind === "otp_sms" ? "sms" : "whatsapp",
        last_authenticated_at: at,
        phone_number_factor: { phone_id: ids.phoneId ?? "", phone_number: ids.phone ?? "" },
      };
    case "password":
      return { type: "password", delivery_method: "knowledge", last_authenticated_at: at };
    case "totp":
      return {
        type: "totp",
        delivery_method: "authenticator_app",
        last_authenticated_at: at,
        authenticator_app_factor: { totp_id: ids.totpId ?? "" },
      };
    case "recovery_code":
      return {
        type: "recovery_codes",
        delivery_method: "recovery_code",
        last_authenticated_at: at,
        recovery_code_factor: { totp_recovery_code_id: ids.recoveryId ?? "" },
      };
  }
}
