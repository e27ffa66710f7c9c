// TOTP authenticator apps (RFC 6238) with recovery codes. Requires a signed-in user (second factor).
import { randomBytes } from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { z } from "zod";
import { audit } from "../audit.ts";
import { type Call, requireSession } from "../call.ts";
import { decrypt, encrypt, newId, safeEqual } from "../crypto.ts";
import { IdentityError } from "../errors.ts";
import { requireVerifiedPrimaryEmail } from "../first-proof.ts";
import { limitAuth } from "../ratelimit.ts";
import { identityTotps } from "../schema.ts";
import { factorFor, startSession } from "../sessions.ts";
import { requireStepUp } from "../stepup.ts";
import { loadUser } from "../users.ts";
import { authenticatedResponse, sessionDuration } from "./common.ts";

const PERIOD_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;

/** `xxxx-xxxx-xxxx` from 60 random bits, lower-case base32 (pure apart from the randomness). */
function recoveryCode(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  const bytes = randomBytes(12);
  let s = "";
  for (const b of bytes) s += alphabet[b & 31];
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8, 12)}`;
}

function totpFor(secretBase32: string, label: string, issuer: string): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

/** The time step a code matches (±1 step of drift), or null (pure). */
function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32, "", "").validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

export const totpCreateBody = z.object({ expiration_minutes: z.number().int().min(1).max(1440).optional() });

export async function totpCreate(call: Call, body: z.infer<typeof totpCreateBody>) {
  const { ctx } = call;
  const session = requireSession(call);
  await requireStepUp(call, session);
  await requireVerifiedPrimaryEmail(ctx, session.userId);
  const user = await loadUser(ctx, session.userId);
  // One pending enrolment at a time: replace unverified ones.
  await ctx.db
    .delete(identityTotps)
    .where(and(eq(identityTotps.userId, session.userId), eq(identityTotps.verified, false)));
  const secret = new Secret({ size: 20 }).base32;
  const label = user.emails[0]?.email ?? user.phone_numbers[0]?.phone_number ?? user.user_id;
  const uri = totpFor(secret, label, ctx.project.name).toString();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  const id = newId("totp", ctx.env);
  await ctx.db.insert(identityTotps).values({
    id,
    userId: session.userId,
    secretEnc: encrypt(ctx.encKey, secret),
    recoveryCodesEnc: encrypt(ctx.encKey, JSON.stringify(codes)),
    expiresAt: new Date(ctx.now().getTime() + (body.expiration_minutes ?? 30) * 60_000),
    createdAt: ctx.now(),
  });
  return {
    user_id: session.userId,
    totp_id: id,
    secret,
    qr_code: await QRCode.toDataURL(uri),
    recovery_codes: codes,
  };
}

/** The user's verified TOTP, else the newest pending enrolment that has not expired. */
async function currentTotp(call: Call, userId: string) {
  const rows = await call.ctx.db
    .select()
    .from(identityTotps)
    .where(eq(identityTotps.userId, userId))
    .orderBy(desc(identityTotps.verified), desc(identityTotps.createdAt));
  const now = call.ctx.now().getTime();
  const row = rows.find((r) => r.verified || (r.expiresAt && r.expiresAt.getTime() > now));
  if (!row) throw new IdentityError("totp_not_found");
  return row;
}

export const totpAuthenticateBody = z.object({
  totp_code: z.string().max(10),
  session_duration_minutes: sessionDuration.optional(),
});

export async function totpAuthenticate(call: Call, body: z.infer<typeof totpAuthenticateBody>) {
  const { ctx } = call;
  const session = requireSession(call);
  await limitAuth(ctx, call.caller, `totp:${session.userId}`);
  const row = await currentTotp(call, session.userId);
  if (!row.verified) await requireVerifiedPrimaryEmail(ctx, session.userId);
  const step = matchingStep(decrypt(ctx.encKey, row.secretEnc), body.totp_code, ctx.now());
  if (step === null || step <= row.lastUsedStep) {
    await audit(ctx, call.caller, "sign_in_failed", { method: "totp", userId: session.userId });
    throw new IdentityError("unable_to_auth_totp");
  }
  await ctx.db
    .update(identityTotps)
    .set({ lastUsedStep: step, verified: true, expiresAt: null })
    .where(eq(identityTotps.id, row.id));
  if (!row.verified) {
    // Enrolment confirmed: it replaces any older authenticator.
    await ctx.db
      .delete(identityTotps)
      .where(and(eq(identityTotps.userId, session.userId), ne(identityTotps.id, row.id)));
    await audit(ctx, call.caller, "factor_added", { method: "totp", userId: session.userId });
  }
  await audit(ctx, call.caller, "sign_in", { method: "totp", userId: session.userId });
  const s = await startSession(ctx, {
    userId: session.userId,
    factor: factorFor("totp", ctx.now(), { totpId: row.id }),
    durationMinutes: body.session_duration_minutes,
    caller: call.caller,
    existing: session,
  });
  return { ...authenticatedResponse(s), totp_id: row.id };
}

export async function totpRecoveryCodes(call: Call) {
  const { ctx } = call;
  const session = requireSession(call);
  await requireStepUp(call, session);
  const rows = await ctx.db
    .select()
    .from(identityTotps)
    .where(and(eq(identityTotps.userId, session.userId), eq(identityTotps.verified, true)));
  return {
    user_id: session.userId,
    totps: rows.map((r) => {
      const codes = JSON.parse(decrypt(ctx.encKey, r.recoveryCodesEnc)) as string[];
      return {
        totp_id: r.id,
        verified: r.verified,
        recovery_codes: codes.filter((_, i) => !r.usedRecoveryCodes.includes(i)),
      };
    }),
  };
}

export const totpRecoverBody = z.object({
  recovery_code: z.string().max(40),
  session_duration_minutes: sessionDuration.optional(),
});

export async function totpRecover(call: Call, body: z.infer<typeof totpRecoverBody>) {
  const { ctx } = call;
  const session = requireSession(call);
  await limitAuth(ctx, call.caller, `totp:${session.userId}`);
  const [row] = await ctx.db
    .select()
    .from(identityTotps)
    .where(and(eq(identityTotps.userId, session.userId), eq(identityTotps.verified, true)));
  if (!row) throw new IdentityError("totp_not_found");
  const codes = JSON.parse(decrypt(ctx.encKey, row.recoveryCodesEnc)) as string[];
  const given = body.recovery_code.trim().toLowerCase();
  let index = -1;
  codes.forEach((c, i) => {
    if (safeEqual(c, given) && !row.usedRecoveryCodes.includes(i)) index = i;
  });
  if (index < 0) {
    await audit(ctx, call.caller, "sign_in_failed", { method: "recovery_code", userId: session.userId });
    throw new IdentityError("recovery_code_not_found");
  }
  await ctx.db
    .update(identityTotps)
    .set({ usedRecoveryCodes: [...row.usedRecoveryCodes, index] })
    .where(eq(identityTotps.id, row.id));
  await audit(ctx, call.caller, "sign_in", { method: "recovery_code", userId: session.userId });
  const s = await startSession(ctx, {
    userId: session.userId,
    factor: factorFor("recovery_code", ctx.now(), { recoveryId: `${row.id}-${index}` }),
    durationMinutes: body.session_duration_minutes,
    caller: call.caller,
    existing: session,
  });
  return { ...authenticatedResponse(s), totp_id: row.id };
}
