import { EMAIL_SENT_TYPES, UI_EVENT_TYPES } from "@dubbing/identity-client";
import type { OTPMethod } from "../config.ts";
import { OTP_EXPIRATION_MINUTES } from "../constants.ts";
import type { WidgetContextValue } from "../context.tsx";

/** Sends a passcode by email, SMS or WhatsApp and moves to OTP Authenticate, storing the OTP state. */
export async function sendOtp(ctx: WidgetContextValue, type: OTPMethod, destination: string): Promise<void> {
  const o = ctx.config.otpOptions;
  const expiration_minutes = o?.expirationMinutes ?? OTP_EXPIRATION_MINUTES;
  const resp =
    type === "email"
      ? await ctx.client.otps.email.loginOrCreate(destination, {
          expiration_minutes,
          ...(o?.loginTemplateId ? { login_template_id: o.loginTemplateId } : {}),
          ...(o?.signupTemplateId ? { signup_template_id: o.signupTemplateId } : {}),
        })
      : await ctx.client.otps[type].loginOrCreate(destination, { expiration_minutes });
  if (type === "email")
    ctx.client.events.emailSent({ email: destination, type: EMAIL_SENT_TYPES.loginOrCreateOTP });
  ctx.emit(UI_EVENT_TYPES.OTPsLoginOrCreateEvent, resp);
  ctx.dispatch({
    type: "otpSent",
    otp: { type, methodId: resp.method_id, otpDestination: destination, sentAt: Date.now() },
  });
}
