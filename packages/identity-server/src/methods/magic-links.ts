import { z } from "zod";
import { audit } from "../audit.ts";
import type { Call } from "../call.ts";
import { newId } from "../crypto.ts";
import { sendInBackground } from "../delivery/background.ts";
import { magicLinkEmail, withOwnHtml } from "../delivery/templates.ts";
import { IdentityError } from "../errors.ts";
import { requireVerifiedPrimaryEmail } from "../first-proof.ts";
import { limitAuth, limitSend } from "../ratelimit.ts";
import { factorFor, startSession } from "../sessions.ts";
import { requireStepUp } from "../stepup.ts";
import { consumeToken, issueToken, pickRedirect, withToken } from "../tokens.ts";
import {
  activateUser,
  attachVerifiedEmail,
  emailOf,
  findEmail,
  findOrSignUp,
  loadUser,
  markEmailVerified,
} from "../users.ts";
import { authenticatedResponse, email, expirationMinutes, sessionDuration } from "./common.ts";

export const magicLinkSendBody = z.object({
  email,
  code_challenge: z.string().optional(),
  login_magic_link_url: z.string().optional(),
  signup_magic_link_url: z.string().optional(),
  login_expiration_minutes: expirationMinutes.optional(),
  signup_expiration_minutes: expirationMinutes.optional(),
  login_template_id: z.string().optional(),
  signup_template_id: z.string().optional(),
  locale: z.string().optional(),
  create_user_as_pending: z.boolean().optional(),
});
type SendBody = z.infer<typeof magicLinkSendBody>;

/** Whom a link goes to and how: the user and address (null: send nothing), sign-up or login. */
interface LinkTo {
  userId: string | null;
  emailId: string | null;
  signup: boolean;
  data?: { pendingEmail: string };
  /** Send after answering (the answer must not tell whether the address has an account). */
  background?: boolean;
}

async function sendLink(call: Call, body: SendBody, { userId, emailId, signup, data, background }: LinkTo) {
  const { ctx } = call;
  const url = pickRedirect(
    ctx,
    signup ? (body.signup_magic_link_url ?? body.login_magic_link_url) : body.login_magic_link_url,
  );
  const minutes =
    (signup ? body.signup_expiration_minutes : body.login_expiration_minutes) ??
    ctx.settings.magicLinkExpirationMinutes;
  if (!userId || !emailId) return; // nothing to send, but the caller sees the same answer
  const { token } = await issueToken(ctx, {
    kind: "magic_link",
    userId,
    methodId: emailId,
    codeChallenge: body.code_challenge,
    minutes,
    data,
  });
  const link = withToken(url, token, "magic_links");
  const message = withOwnHtml(
    magicLinkEmail({
      to: body.email,
      product: ctx.project.name,
      url: link,
      minutes,
      signup,
      locale: body.locale,
    }),
    {
      templates: ctx.emailTemplates,
      ids: signup
        ? [body.signup_template_id, "magic_link_signup"]
        : [body.login_template_id, "magic_link_login"],
      locale: body.locale,
      vars: { url: link, minutes, product: ctx.project.name, email: body.email },
    },
  );
  if (background) sendInBackground(ctx, message);
  else await ctx.mailer.send(message);
}

/** `login_or_create`: sends a login link, or creates a pending user and sends a sign-up link. */
export async function magicLinkLoginOrCreate(call: Call, body: SendBody) {
  await limitSend(call.ctx, call.caller, body.email);
  const rec = await findOrSignUp(call.ctx, body.email);
  const signup = rec.created || !rec.verified;
  // A refused sign-up: the same answer, and no link (sendLink sends nothing without a user).
  await sendLink(call, body, { userId: rec.refused ? null : rec.userId, emailId: rec.emailId, signup });
  return { user_id: rec.userId, email_id: rec.emailId, user_created: rec.created };
}

/**
 * `send/primary` logs in an existing user (no account is created; an unknown address gets the same
 * answer and no email). `send/secondary` adds the email to the signed-in user.
 */
export async function magicLinkSend(call: Call, body: SendBody, secondary: boolean) {
  await limitSend(call.ctx, call.caller, body.email);
  if (secondary) {
    const session = call.session;
    if (!session) throw new IdentityError(call.sessionInvalid ? "session_not_found" : "user_unauthenticated");
    await requireStepUp(call, session);
    await requireVerifiedPrimaryEmail(call.ctx, session.userId);
    const existing = await findEmail(call.ctx, body.email);
    if (existing && existing.userId !== session.userId) {
      await sendLink(call, body, { userId: null, emailId: null, signup: false }); // don't reveal the address belongs to someone else
      return {};
    }
    // The address joins the user only when the link comes back (see attachVerifiedEmail).
    const emailId = existing?.emailId ?? newId("email", call.ctx.env);
    await sendLink(call, body, {
      userId: session.userId,
      emailId,
      signup: false,
      data: { pendingEmail: body.email },
    });
    return {};
  }
  const rec = await findEmail(call.ctx, body.email);
  pickRedirect(call.ctx, body.login_magic_link_url); // validate even when nothing is sent
  await sendLink(call, body, {
    userId: rec?.userId ?? null,
    emailId: rec?.emailId ?? null,
    signup: false,
    background: true,
  });
  return {};
}

export const magicLinkAuthenticateBody = z.object({
  token: z.string().min(1).max(200),
  code_verifier: z.string().max(200).optional(),
  session_duration_minutes: sessionDuration.optional(),
  session_token: z.string().optional(),
  session_jwt: z.string().optional(),
});

export async function magicLinkAuthenticate(
  call: Call,
  body: z.infer<typeof magicLinkAuthenticateBody>,
  createSession = true,
) {
  const { ctx } = call;
  await limitAuth(ctx, call.caller);
  let row: Awaited<ReturnType<typeof consumeToken>>;
  try {
    row = await consumeToken(ctx, {
      kind: "magic_link",
      token: body.token,
      notFound: "unable_to_auth_magic_link",
      codeVerifier: body.code_verifier,
    });
  } catch (e) {
    await audit(ctx, call.caller, "sign_in_failed", {
      method: "magic_link",
      detail: { error: (e as IdentityError).type },
    });
    throw e;
  }
  const userId = row.userId!;
  const emailId = row.methodId!;
  const pendingEmail = (row.data as { pendingEmail?: string }).pendingEmail;
  if (pendingEmail) await attachVerifiedEmail(ctx, userId, pendingEmail, emailId);
  else await markEmailVerified(ctx, emailId, call.session?.userId);
  await activateUser(ctx, userId);
  const address = (await emailOf(ctx, emailId)) ?? "";
  await audit(ctx, call.caller, "sign_in", { method: "magic_link", userId, subject: address });
  if (!createSession) {
    const user = await loadUser(ctx, userId);
    return {
      user_id: userId,
      method_id: emailId,
      user,
      session: null,
      session_token: "",
      session_jwt: "",
      reset_sessions: false,
    };
  }
  const s = await startSession(ctx, {
    userId,
    factor: factorFor("magic_link", ctx.now(), { emailId, email: address }),
    durationMinutes: body.session_duration_minutes,
    caller: call.caller,
    existing: call.session,
  });
  return { ...authenticatedResponse(s), method_id: emailId, reset_sessions: false };
}
