import { EMAIL_SENT_TYPES, UI_EVENT_TYPES } from "@dubbing/identity-client";
import { otpMethods, Products, productsOf } from "../config.ts";
import { MAGIC_LINK_EXPIRATION_MINUTES } from "../constants.ts";
import type { WidgetContextValue } from "../context.tsx";
import { sendOtp } from "./otp.ts";

/** Main → Email Confirmation: send a magic link (login or sign-up) and remember the address. */
export async function sendMagicLink(ctx: WidgetContextValue, email: string): Promise<void> {
  const o = ctx.config.emailMagicLinksOptions ?? {};
  const resp = await ctx.client.magicLinks.email.loginOrCreate(email, {
    ...(o.loginRedirectURL ? { login_magic_link_url: o.loginRedirectURL } : {}),
    ...(o.signupRedirectURL ? { signup_magic_link_url: o.signupRedirectURL } : {}),
    login_expiration_minutes: o.loginExpirationMinutes ?? MAGIC_LINK_EXPIRATION_MINUTES,
    signup_expiration_minutes: o.signupExpirationMinutes ?? MAGIC_LINK_EXPIRATION_MINUTES,
    ...(o.createUserAsPending !== undefined ? { create_user_as_pending: o.createUserAsPending } : {}),
  });
  ctx.client.events.emailSent({ email, type: EMAIL_SENT_TYPES.loginOrCreateEML });
  ctx.emit(UI_EVENT_TYPES.MagicLinkLoginOrCreateEvent, { ...resp, email });
  ctx.dispatch({ type: "magicLinkSent", email });
}

/** Sends the password reset email (Forgot, Set New, Dedupe, Breached). */
export async function sendPasswordReset(ctx: WidgetContextValue, email: string): Promise<void> {
  const o = ctx.config.passwordOptions ?? {};
  const resp = await ctx.client.passwords.resetByEmailStart({
    email,
    ...(o.loginRedirectURL ? { login_redirect_url: o.loginRedirectURL } : {}),
    ...(o.resetPasswordRedirectURL ? { reset_password_redirect_url: o.resetPasswordRedirectURL } : {}),
    ...(o.resetPasswordExpirationMinutes
      ? { reset_password_expiration_minutes: o.resetPasswordExpirationMinutes }
      : {}),
    ...(o.resetPasswordTemplateId ? { reset_password_template_id: o.resetPasswordTemplateId } : {}),
  });
  ctx.client.events.emailSent({ email, type: EMAIL_SENT_TYPES.resetPassword });
  ctx.emit(UI_EVENT_TYPES.PasswordResetByEmailStart, { ...resp, email });
}

/**
 * Main with passwords: look the address up, then the Password screen for new and password users;
 * passwordless users automatically get an email OTP (when enabled), else a magic link, else a reset email.
 */
export async function startPasswordFlow(ctx: WidgetContextValue, email: string): Promise<void> {
  const { userType } = await ctx.client.user.search(email);
  ctx.dispatch({ type: "password", password: { email, type: userType } });
  if (userType !== "passwordless") {
    ctx.dispatch({ type: "navigate", screen: "password" });
    return;
  }
  if (otpMethods(ctx.config).includes("email")) return sendOtp(ctx, "email", email);
  if (productsOf(ctx.config).includes(Products.emailMagicLinks)) return sendMagicLink(ctx, email);
  await sendPasswordReset(ctx, email);
  ctx.dispatch({ type: "navigate", screen: "passwordSetNew" });
}
