import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { audit } from "../audit.ts";
import { type Call, requireSession } from "../call.ts";
import { hmac, newId, numericCode, safeEqual, stableId } from "../crypto.ts";
import { sendInBackground } from "../delivery/background.ts";
import { otpEmail, otpSms, withOwnHtml } from "../delivery/templates.ts";
import { IdentityError } from "../errors.ts";
import { requireVerifiedPrimaryEmail } from "../first-proof.ts";
import { lazy } from "../lazy.ts";
import { limitAuth, limitSend } from "../ratelimit.ts";
import { identityEmails, identityPhones, identityTokens } from "../schema.ts";
import { factorFor, startSession } from "../sessions.ts";
import { requireStepUp } from "../stepup.ts";
import { retireTokens } from "../tokens.ts";
import {
  activateUser,
  attachVerifiedEmail,
  findEmail,
  findOrCreateByPhone,
  findOrSignUp,
  findPhone,
  markEmailVerified,
  markPhoneVerified,
  normalizeEmail,
} from "../users.ts";
import { authenticatedResponse, email, sessionDuration } from "./common.ts";

export const OTP_LENGTH = 6;

const otpExpiry = z.number().int().min(1).max(60);

export const otpEmailBody = z.object({
  email,
  expiration_minutes: otpExpiry.optional(),
  login_template_id: z.string().optional(),
  signup_template_id: z.string().optional(),
  locale: z.string().optional(),
});

export const otpPhoneBody = z.object({
  phone_number: z.string().max(32),
  expiration_minutes: otpExpiry.optional(),
  locale: z.string().optional(),
});

// libphonenumber's metadata loads with the first phone number, not with every server start.
const phoneNumbers = lazy(() => import("libphonenumber-js"));

/** E.164 or `invalid_phone_number`. */
async function normalizePhone(input: string): Promise<string> {
  const { parsePhoneNumberFromString } = await phoneNumbers();
  const p = parsePhoneNumberFromString(input.trim());
  if (!p?.isValid()) throw new IdentityError("invalid_phone_number");
  return p.number;
}

function codeHash(secret: string, tokenId: string, code: string): string {
  return hmac(secret, `otp:${tokenId}:${code}`);
}

/** Creates a code for `methodId` (retiring older ones) and returns it. */
/** Which method a code is for, whose (null: nobody can redeem it), how long it lives, what it carries. */
interface CodeFor {
  methodId: string;
  userId: string | null;
  minutes: number;
  data?: Record<string, unknown>;
}

async function issueCode(call: Call, { methodId, userId, minutes, data = {} }: CodeFor): Promise<string> {
  const { ctx } = call;
  await retireTokens(ctx, "otp", methodId);
  const code = numericCode(OTP_LENGTH);
  const id = newId("otp", ctx.env);
  await ctx.db.insert(identityTokens).values({
    id,
    kind: "otp",
    tokenHash: codeHash(ctx.project.secret, id, code),
    userId,
    methodId,
    data,
    expiresAt: new Date(ctx.now().getTime() + minutes * 60_000),
    createdAt: ctx.now(),
  });
  return code;
}

/** An emailed code: to which address, in which language, sent after answering or before. */
interface EmailCode extends Omit<CodeFor, "minutes" | "data"> {
  address: string;
  minutes?: number;
  data?: { pendingEmail: string };
  background?: boolean;
  locale?: string;
}

async function sendEmailCode(
  call: Call,
  { address, methodId, userId, minutes, data, background, locale }: EmailCode,
) {
  const m = minutes ?? call.ctx.settings.otpExpirationMinutes;
  const code = await issueCode(call, { methodId, userId, minutes: m, data });
  if (!userId) return;
  const product = call.ctx.project.name;
  const message = withOwnHtml(otpEmail({ to: address, product, code, minutes: m, locale }), {
    templates: call.ctx.emailTemplates,
    ids: ["otp_email"],
    locale,
    vars: { code, minutes: m, product, email: address },
  });
  if (background) sendInBackground(call.ctx, message);
  else await call.ctx.mailer.send(message);
}

export async function otpEmailLoginOrCreate(call: Call, body: z.infer<typeof otpEmailBody>) {
  await limitSend(call.ctx, call.caller, body.email);
  const rec = await findOrSignUp(call.ctx, body.email);
  // A refused sign-up: the same answer; the code goes nowhere and nothing could redeem it.
  await sendEmailCode(call, {
    address: body.email,
    methodId: rec.emailId,
    userId: rec.refused ? null : rec.userId,
    minutes: body.expiration_minutes,
    locale: body.locale,
  });
  return { method_id: rec.emailId, email_id: rec.emailId, user_id: rec.userId };
}

/**
 * `send/primary`: existing users only. An unknown address gets a method_id that no code will ever match
 * and no email, so the answer does not tell whether the address has an account.
 */
export async function otpEmailSend(call: Call, body: z.infer<typeof otpEmailBody>, secondary: boolean) {
  await limitSend(call.ctx, call.caller, body.email);
  if (secondary) {
    const session = requireSession(call);
    await requireStepUp(call, session);
    await requireVerifiedPrimaryEmail(call.ctx, session.userId);
    const existing = await findEmail(call.ctx, body.email);
    if (existing && existing.userId !== session.userId) {
      const fake = newId("email", call.ctx.env);
      return { method_id: fake, email_id: fake };
    }
    // The address joins the user only when the code comes back (see attachVerifiedEmail).
    const emailId = existing?.emailId ?? newId("email", call.ctx.env);
    await sendEmailCode(call, {
      address: body.email,
      methodId: emailId,
      userId: session.userId,
      minutes: body.expiration_minutes,
      data: { pendingEmail: body.email },
    });
    return { method_id: emailId, email_id: emailId };
  }
  // An unknown address gets the same id on every call, shaped like a real one, and no email.
  const rec = await findEmail(call.ctx, body.email);
  const methodId =
    rec?.emailId ??
    stableId("email", call.ctx.env, call.ctx.project.secret, `unknown-email:${normalizeEmail(body.email)}`);
  const userId = rec?.userId ?? null;
  await sendEmailCode(call, {
    address: body.email,
    methodId,
    userId,
    minutes: body.expiration_minutes,
    background: true,
    locale: body.locale,
  });
  return { method_id: methodId, email_id: methodId };
}

/** A texted code: to which number, by which channel. */
interface PhoneCode extends Omit<CodeFor, "minutes" | "data"> {
  phone: string;
  channel: "sms" | "whatsapp";
  minutes?: number;
}

async function sendPhoneCode(call: Call, { phone, channel, methodId, userId, minutes }: PhoneCode) {
  const sms = call.ctx.sms;
  if (!sms) throw new IdentityError("sms_not_configured");
  const m = minutes ?? call.ctx.settings.otpExpirationMinutes;
  const code = await issueCode(call, { methodId, userId, minutes: m, data: { channel } });
  if (userId) await sms.send({ to: phone, channel, body: otpSms(call.ctx.project.name, code, m) });
}

export async function otpPhoneLoginOrCreate(
  call: Call,
  body: z.infer<typeof otpPhoneBody>,
  channel: "sms" | "whatsapp",
) {
  const phone = await normalizePhone(body.phone_number);
  if (!call.ctx.sms) throw new IdentityError("sms_not_configured");
  await limitSend(call.ctx, call.caller, phone);
  const rec = await findOrCreateByPhone(call.ctx, phone);
  await sendPhoneCode(call, {
    phone,
    channel,
    methodId: rec.phoneId,
    userId: rec.userId,
    minutes: body.expiration_minutes,
  });
  return { method_id: rec.phoneId, phone_id: rec.phoneId, user_id: rec.userId };
}

export async function otpPhoneSend(
  call: Call,
  body: z.infer<typeof otpPhoneBody>,
  channel: "sms" | "whatsapp",
  secondary: boolean,
) {
  const phone = await normalizePhone(body.phone_number);
  if (!call.ctx.sms) throw new IdentityError("sms_not_configured");
  await limitSend(call.ctx, call.caller, phone);
  const rec = await findPhone(call.ctx, phone);
  if (secondary) {
    const session = requireSession(call);
    await requireStepUp(call, session);
    await requireVerifiedPrimaryEmail(call.ctx, session.userId);
    if (rec && rec.userId !== session.userId) {
      const fake = newId("phone-number", call.ctx.env);
      return { method_id: fake, phone_id: fake };
    }
    let phoneId = rec?.phoneId;
    if (!phoneId) {
      phoneId = newId("phone-number", call.ctx.env);
      await call.ctx.db
        .insert(identityPhones)
        .values({ id: phoneId, userId: session.userId, phone, createdAt: call.ctx.now() });
    }
    await sendPhoneCode(call, {
      phone,
      channel,
      methodId: phoneId,
      userId: session.userId,
      minutes: body.expiration_minutes,
    });
    return { method_id: phoneId, phone_id: phoneId };
  }
  const methodId = rec?.phoneId ?? newId("phone-number", call.ctx.env);
  await sendPhoneCode(call, {
    phone,
    channel,
    methodId,
    userId: rec?.userId ?? null,
    minutes: body.expiration_minutes,
  });
  return { method_id: methodId, phone_id: methodId };
}

export const otpAuthenticateBody = z.object({
  token: z.string().max(20),
  method_id: z.string().min(1).max(200),
  session_duration_minutes: sessionDuration.optional(),
});

/** Checks a code: at most `otpMaxAttempts` tries per code; a right code is single use. */
export async function otpAuthenticate(call: Call, body: z.infer<typeof otpAuthenticateBody>) {
  const { ctx } = call;
  await limitAuth(ctx, call.caller, body.method_id);
  const now = ctx.now();
  const fail = async (type: "otp_code_not_found" | "too_many_otp_attempts", userId?: string | null) => {
    await audit(ctx, call.caller, "sign_in_failed", {
      method: "otp",
      userId,
      subject: body.method_id,
      detail: { error: type },
    });
    return new IdentityError(type);
  };
  // Count the attempt first (atomically), then compare: parallel guesses cannot exceed the limit.
  const [row] = await ctx.db
    .update(identityTokens)
    .set({ attempts: sql`${identityTokens.attempts} + 1` })
    .where(
      and(
        eq(
          identityTokens.id,
          sql`(SELECT id FROM identity_tokens WHERE kind = 'otp' AND method_id = ${body.method_id}
            AND used_at IS NULL ORDER BY created_at DESC LIMIT 1)`,
        ),
        isNull(identityTokens.usedAt),
        gt(identityTokens.expiresAt, now),
      ),
    )
    .returning();
  if (!row?.userId) throw await fail("otp_code_not_found");
  if (row.attempts > ctx.settings.otpMaxAttempts) {
    await ctx.db.update(identityTokens).set({ usedAt: now }).where(eq(identityTokens.id, row.id));
    throw await fail("too_many_otp_attempts", row.userId);
  }
  if (
    !/^\d{6}$/.test(body.token) ||
    !safeEqual(codeHash(ctx.project.secret, row.id, body.token), row.tokenHash)
  ) {
    throw await fail("otp_code_not_found", row.userId);
  }
  const used = await ctx.db
    .update(identityTokens)
    .set({ usedAt: now })
    .where(and(eq(identityTokens.id, row.id), isNull(identityTokens.usedAt)))
    .returning({ id: identityTokens.id });
  if (!used.length) throw await fail("otp_code_not_found", row.userId);

  const userId = row.userId;
  const pendingEmail = (row.data as { pendingEmail?: string }).pendingEmail;
  if (pendingEmail) await attachVerifiedEmail(ctx, userId, pendingEmail, body.method_id);
  const [emailRow] = await ctx.db.select().from(identityEmails).where(eq(identityEmails.id, body.method_id));
  let factor: ReturnType<typeof factorFor>;
  if (emailRow) {
    if (!pendingEmail) await markEmailVerified(ctx, emailRow.id, call.session?.userId);
    factor = factorFor("otp_email", now, { emailId: emailRow.id, email: emailRow.email });
  } else {
    const [phoneRow] = await ctx.db
      .select()
      .from(identityPhones)
      .where(eq(identityPhones.id, body.method_id));
    if (!phoneRow) throw await fail("otp_code_not_found", userId);
    await markPhoneVerified(ctx, phoneRow.id, call.session?.userId);
    factor = factorFor(
      (row.data as { channel?: string }).channel === "whatsapp" ? "otp_whatsapp" : "otp_sms",
      now,
      {
        phoneId: phoneRow.id,
        phone: phoneRow.phone,
      },
    );
  }
  await activateUser(ctx, userId);
  await audit(ctx, call.caller, "sign_in", { method: "otp", userId, subject: body.method_id });
  const s = await startSession(ctx, {
    userId,
    factor,
    durationMinutes: body.session_duration_minutes,
    caller: call.caller,
    existing: call.session,
  });
  return { ...authenticatedResponse(s), method_id: body.method_id, reset_sessions: false };
}
