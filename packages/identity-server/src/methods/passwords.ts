import { eq } from "drizzle-orm";
import { z } from "zod";
import { audit } from "../audit.ts";
import { type Call, requireSession } from "../call.ts";
import type { Caller, Ctx } from "../context.ts";
import { dummyPasswordHash, hashPassword, needsRehash, newId, verifyPassword } from "../crypto.ts";
import { passwordResetEmail, withOwnHtml } from "../delivery/templates.ts";
import { IdentityError } from "../errors.ts";
import { hit, limitAuth, limitSend } from "../ratelimit.ts";
import { identityPasswords } from "../schema.ts";
import { type Factor, factorFor, revokeUserSessions, startSession } from "../sessions.ts";
import { recentlyAuthenticated, requireStepUp } from "../stepup.ts";
import { consumeToken, issueToken, pickRedirect, withToken } from "../tokens.ts";
import { activateUser, emailOf, findEmail, findOrCreateByEmail, markEmailVerified } from "../users.ts";
import { authenticatedResponse, email, expirationMinutes, sessionDuration } from "./common.ts";
import { checkStrength, MAX_PASSWORD_LENGTH } from "./strength.ts";

const password = z.string().min(1).max(MAX_PASSWORD_LENGTH);

export const strengthBody = z.object({ email: email.optional(), password });

export async function strengthCheck(call: Call, body: z.infer<typeof strengthBody>) {
  await hit(call.ctx, "strength_per_ip", call.caller.ip);
  return await checkStrength(call.ctx.settings.passwordPolicy, body.password, body.email);
}

async function requireStrong(ctx: Ctx, pw: string, address?: string): Promise<void> {
  const r = await checkStrength(ctx.settings.passwordPolicy, pw, address);
  if (r.breached_password) throw new IdentityError("breached_password");
  if (!r.valid_password) throw new IdentityError("weak_password", undefined, { feedback: r.feedback });
}

async function setPassword(ctx: Ctx, caller: Caller, userId: string, pw: string): Promise<void> {
  const hash = await hashPassword(pw);
  await ctx.db
    .insert(identityPasswords)
    .values({ id: newId("password", ctx.env), userId, hash, createdAt: ctx.now() })
    .onConflictDoUpdate({ target: identityPasswords.userId, set: { hash, requiresReset: false } });
  await audit(ctx, caller, "password_changed", { userId });
}

async function passwordOf(ctx: Ctx, userId: string) {
  const [row] = await ctx.db.select().from(identityPasswords).where(eq(identityPasswords.userId, userId));
  return row ?? null;
}

export const passwordCreateBody = z.object({
  email,
  password,
  session_duration_minutes: sessionDuration.optional(),
});

export async function passwordCreate(call: Call, body: z.infer<typeof passwordCreateBody>) {
  const { ctx } = call;
  await limitAuth(ctx, call.caller, body.email);
  await requireStrong(ctx, body.password, body.email);
  const existing = await findEmail(ctx, body.email);
  if (existing) throw new IdentityError("duplicate_email");
  const rec = await findOrCreateByEmail(ctx, body.email);
  if (!rec.created) throw new IdentityError("duplicate_email");
  await setPassword(ctx, call.caller, rec.userId, body.password);
  await activateUser(ctx, rec.userId);
  await audit(ctx, call.caller, "user_created", {
    method: "password",
    userId: rec.userId,
    subject: body.email,
  });
  const s = await startSession(ctx, {
    userId: rec.userId,
    factor: factorFor("password", ctx.now(), {}),
    durationMinutes: body.session_duration_minutes,
    caller: call.caller,
    existing: call.session,
  });
  return { ...authenticatedResponse(s), email_id: rec.emailId };
}

export const passwordAuthenticateBody = z.object({
  email,
  password,
  session_duration_minutes: sessionDuration.optional(),
});

/**
 * Wrong password and unknown address answer the same `unauthorized_credentials`, after the same scrypt
 * work. An account with no password (or one flagged for reset) gets `reset_password`, as in Stytch.
 */
export async function passwordAuthenticate(call: Call, body: z.infer<typeof passwordAuthenticateBody>) {
  const { ctx } = call;
  await limitAuth(ctx, call.caller, body.email);
  const rec = await findEmail(ctx, body.email);
  const stored = rec ? await passwordOf(ctx, rec.userId) : null;
  const ok = await verifyPassword(body.password, stored?.hash ?? (await dummyPasswordHash()));
  if (rec && !stored) {
    await audit(ctx, call.caller, "sign_in_failed", {
      method: "password",
      userId: rec.userId,
      subject: body.email,
      detail: { error: "reset_password" },
    });
    throw new IdentityError("reset_password");
  }
  if (!rec || !stored || !ok) {
    await audit(ctx, call.caller, "sign_in_failed", {
      method: "password",
      userId: rec?.userId,
      subject: body.email,
      detail: { error: "unauthorized_credentials" },
    });
    throw new IdentityError("unauthorized_credentials");
  }
  if (stored.requiresReset) throw new IdentityError("reset_password");
  if (needsRehash(stored.hash)) {
    // Older, weaker parameters: the password is at hand now, so store it with today's.
    const hash = await hashPassword(body.password);
    await ctx.db.update(identityPasswords).set({ hash }).where(eq(identityPasswords.id, stored.id));
  }
  await audit(ctx, call.caller, "sign_in", { method: "password", userId: rec.userId, subject: body.email });
  const s = await startSession(ctx, {
    userId: rec.userId,
    factor: factorFor("password", ctx.now(), {}),
    durationMinutes: body.session_duration_minutes,
    caller: call.caller,
    existing: call.session,
  });
  return authenticatedResponse(s);
}

export const resetStartBody = z.object({
  email,
  reset_password_redirect_url: z.string().optional(),
  reset_password_expiration_minutes: expirationMinutes.optional(),
  reset_password_template_id: z.string().optional(),
  login_redirect_url: z.string().optional(),
  login_expiration_minutes: expirationMinutes.optional(),
  code_challenge: z.string().optional(),
  locale: z.string().optional(),
});

/** Always answers 200; an email goes out only when the address has an account. */
export async function passwordResetStart(call: Call, body: z.infer<typeof resetStartBody>) {
  const { ctx } = call;
  await limitSend(ctx, call.caller, body.email);
  const resetUrl = pickRedirect(ctx, body.reset_password_redirect_url);
  const loginUrl = body.login_redirect_url ? pickRedirect(ctx, body.login_redirect_url) : undefined;
  const rec = await findEmail(ctx, body.email);
  if (!rec) return {};
  const minutes = body.reset_password_expiration_minutes ?? ctx.settings.magicLinkExpirationMinutes;
  const reset = await issueToken(ctx, {
    kind: "password_reset",
    userId: rec.userId,
    methodId: rec.emailId,
    codeChallenge: body.code_challenge,
    minutes,
  });
  let loginLink: string | undefined;
  if (loginUrl) {
    const login = await issueToken(ctx, {
      kind: "magic_link",
      userId: rec.userId,
      methodId: rec.emailId,
      codeChallenge: body.code_challenge,
      minutes: body.login_expiration_minutes ?? ctx.settings.magicLinkExpirationMinutes,
    });
    loginLink = withToken(loginUrl, login.token, "login");
  }
  const link = withToken(resetUrl, reset.token, "reset_password");
  await ctx.mailer.send(
    withOwnHtml(
      passwordResetEmail({
        to: body.email,
        product: ctx.project.name,
        resetUrl: link,
        minutes,
        loginUrl: loginLink,
        locale: body.locale,
      }),
      {
        templates: ctx.emailTemplates,
        ids: [body.reset_password_template_id, "reset_password"],
        locale: body.locale,
        vars: { url: link, minutes, product: ctx.project.name, email: body.email },
      },
    ),
  );
  return {};
}

export const resetByEmailBody = z.object({
  token: z.string().min(1).max(200),
  password,
  code_verifier: z.string().max(200).optional(),
  session_duration_minutes: sessionDuration.optional(),
});

export async function passwordResetByEmail(call: Call, body: z.infer<typeof resetByEmailBody>) {
  const { ctx } = call;
  await limitAuth(ctx, call.caller);
  await requireStrong(ctx, body.password);
  const row = await consumeToken(ctx, {
    kind: "password_reset",
    token: body.token,
    notFound: "reset_password_token_not_found",
    codeVerifier: body.code_verifier,
  });
  const userId = row.userId!;
  // Verify first: a first verification invalidates an existing password, and this call sets a new one.
  await markEmailVerified(ctx, row.methodId!);
  await setPassword(ctx, call.caller, userId, body.password);
  await activateUser(ctx, userId);
  await revokeUserSessions(ctx, userId);
  const address = (await emailOf(ctx, row.methodId!)) ?? "";
  await audit(ctx, call.caller, "sign_in", { method: "password_reset", userId, subject: address });
  const emailFactor: Factor = {
    ...factorFor("magic_link", ctx.now(), { emailId: row.methodId!, email: address }),
    type: "password_reset",
  };
  const s = await startSession(ctx, {
    userId,
    factor: emailFactor,
    durationMinutes: body.session_duration_minutes,
    caller: call.caller,
  });
  return authenticatedResponse(s);
}

export const resetByExistingBody = z.object({
  email,
  existing_password: password,
  new_password: password,
  session_duration_minutes: sessionDuration.optional(),
});

export async function passwordResetByExisting(call: Call, body: z.infer<typeof resetByExistingBody>) {
  const { ctx } = call;
  await limitAuth(ctx, call.caller, body.email);
  const rec = await findEmail(ctx, body.email);
  const stored = rec ? await passwordOf(ctx, rec.userId) : null;
  const ok = await verifyPassword(body.existing_password, stored?.hash ?? (await dummyPasswordHash()));
  if (!rec || !stored || !ok) {
    await audit(ctx, call.caller, "sign_in_failed", {
      method: "password",
      userId: rec?.userId,
      subject: body.email,
    });
    throw new IdentityError("unauthorized_credentials");
  }
  await requireStrong(ctx, body.new_password, body.email);
  await setPassword(ctx, call.caller, rec.userId, body.new_password);
  await revokeUserSessions(ctx, rec.userId);
  const s = await startSession(ctx, {
    userId: rec.userId,
    factor: factorFor("password", ctx.now(), {}),
    durationMinutes: body.session_duration_minutes,
    caller: call.caller,
  });
  return authenticatedResponse(s);
}

export const resetBySessionBody = z.object({
  password,
  session_duration_minutes: sessionDuration.optional(),
});

export async function passwordResetBySession(call: Call, body: z.infer<typeof resetBySessionBody>) {
  const { ctx } = call;
  const session = requireSession(call);
  await limitAuth(ctx, call.caller, session.userId);
  if (!recentlyAuthenticated(session.factors, ctx.now()))
    throw new IdentityError("session_too_old_to_reset_password");
  await requireStepUp(call, session);
  await requireStrong(ctx, body.password);
  await setPassword(ctx, call.caller, session.userId, body.password);
  await revokeUserSessions(ctx, session.userId, session.id);
  const s = await startSession(ctx, {
    userId: session.userId,
    factor: factorFor("password", ctx.now(), {}),
    durationMinutes: body.session_duration_minutes,
    caller: call.caller,
    existing: session,
  });
  return authenticatedResponse(s);
}
