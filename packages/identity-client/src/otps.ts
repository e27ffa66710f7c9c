import { applyAuthentication, type ClientContext } from "./context.ts";
import { FALLBACK_MESSAGES } from "./errors.ts";
import type {
  AuthenticateResponse,
  RawAuthenticateData,
  ResponseCommon,
  SessionDurationOptions,
} from "./types.ts";
import { validate } from "./validate.ts";

export interface OTPSendOptions {
  expiration_minutes?: number;
  locale?: string;
  enable_autofill?: boolean;
}

export interface OTPEmailOptions {
  expiration_minutes?: number;
  login_template_id?: string;
  signup_template_id?: string;
  locale?: string;
}

export interface OTPSendResponse extends ResponseCommon {
  /** Read by the widget and passed back to {@link OTPsAPI.authenticate}. */
  method_id: string;
  user_id?: string;
  user_created?: boolean;
  [key: string]: unknown;
}

interface PhoneChannel {
  /** POST /otps/{sms|whatsapp}/login_or_create. */
  loginOrCreate(phone_number: string, options?: OTPSendOptions): Promise<OTPSendResponse>;
  /** POST /otps/{sms|whatsapp}/send/primary, or /secondary when a session exists. */
  send(phone_number: string, options?: OTPSendOptions): Promise<OTPSendResponse>;
}

export interface OTPsAPI {
  sms: PhoneChannel;
  whatsapp: PhoneChannel;
  email: {
    /** POST /otps/email/login_or_create. */
    loginOrCreate(email: string, options?: OTPEmailOptions): Promise<OTPSendResponse>;
    /** POST /otps/email/send/primary, or /secondary when a session exists. */
    send(email: string, options?: OTPEmailOptions): Promise<OTPSendResponse>;
  };
  /** POST /otps/authenticate with the code, the method_id of the send call and the session duration. */
  authenticate(
    code: string,
    method_id: string,
    options: SessionDurationOptions,
  ): Promise<AuthenticateResponse>;
}

export function createOTPsAPI(ctx: ClientContext): OTPsAPI {
  const send = (path: string, body: Record<string, unknown>) =>
    ctx.http.request<OTPSendResponse>({
      method: "POST",
      path,
      body,
      errorMessage: FALLBACK_MESSAGES.otpSend,
      captcha: true,
    });
  const primaryOrSecondary = () => (ctx.store.getSession() ? "secondary" : "primary");

  const phone = (channel: "sms" | "whatsapp"): PhoneChannel => {
    const check = (method: string, phone_number: unknown, o: OTPSendOptions) =>
      validate(`otps.${channel}.${method}`)
        .string("phone_number", phone_number)
        .optionalNumber("expiration_minutes", o.expiration_minutes)
        .optionalString("locale", o.locale)
        .optionalBoolean("enable_autofill", o.enable_autofill);
    return {
      async loginOrCreate(phone_number, options = {}) {
        check("loginOrCreate", phone_number, options);
        return send(`/otps/${channel}/login_or_create`, { ...options, phone_number });
      },
      async send(phone_number, options = {}) {
        check("send", phone_number, options);
        return send(`/otps/${channel}/send/${primaryOrSecondary()}`, { ...options, phone_number });
      },
    };
  };

  const checkEmail = (method: string, email: unknown, o: OTPEmailOptions) =>
    validate(`otps.email.${method}`)
      .string("email", email)
      .optionalNumber("expiration_minutes", o.expiration_minutes)
      .optionalString("login_template_id", o.login_template_id)
      .optionalString("signup_template_id", o.signup_template_id)
      .optionalString("locale", o.locale);

  return {
    sms: phone("sms"),
    whatsapp: phone("whatsapp"),
    email: {
      async loginOrCreate(email, options = {}) {
        checkEmail("loginOrCreate", email, options);
        return send("/otps/email/login_or_create", { ...options, email });
      },
      async send(email, options = {}) {
        checkEmail("send", email, options);
        return send(`/otps/email/send/${primaryOrSecondary()}`, { ...options, email });
      },
    },
    async authenticate(code, method_id, options) {
      validate("otps.authenticate")
        .string("code", code)
        .string("method_id", method_id)
        .number("session_duration_minutes", options?.session_duration_minutes);
      const data = await ctx.http.request<RawAuthenticateData>({
        method: "POST",
        path: "/otps/authenticate",
        body: { token: code, method_id, ...options },
        errorMessage: FALLBACK_MESSAGES.tokenAuthenticate,
        captcha: true,
      });
      return applyAuthentication(ctx, data);
    },
  };
}
