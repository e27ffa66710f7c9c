import { applyAuthentication, type ClientContext } from "./context.ts";
import { FALLBACK_MESSAGES } from "./errors.ts";
import type { AuthenticateResponse, RawAuthenticateData, ResponseCommon } from "./types.ts";
import { validate } from "./validate.ts";

export interface PasswordCredentials {
  email: string;
  password: string;
  session_duration_minutes: number;
}

export interface ResetByEmailStartOptions {
  email: string;
  login_redirect_url?: string;
  reset_password_redirect_url?: string;
  reset_password_expiration_minutes?: number;
  reset_password_template_id?: string;
  locale?: string;
}

export interface StrengthCheckResponse extends ResponseCommon {
  valid_password: boolean;
  score: number;
  breached_password: boolean;
  strength_policy: "zxcvbn" | "luds" | "none";
  breach_detection_on_create?: boolean;
  feedback: {
    warning: string;
    suggestions: string[];
    luds_requirements?: {
      has_lower_case: boolean;
      has_upper_case: boolean;
      has_digit: boolean;
      has_symbol: boolean;
      missing_complexity: number;
      missing_characters: number;
    };
  };
}

export interface PasswordsAPI {
  /** POST /passwords. */
  create(options: PasswordCredentials): Promise<AuthenticateResponse>;
  /** POST /passwords/authenticate. */
  authenticate(options: PasswordCredentials): Promise<AuthenticateResponse>;
  /** POST /passwords/email/reset/start (with a code challenge when the project requires PKCE). */
  resetByEmailStart(options: ResetByEmailStartOptions): Promise<ResponseCommon>;
  /** POST /passwords/email/reset with the token from the email and the stored verifier. */
  resetByEmail(options: {
    token: string;
    password: string;
    session_duration_minutes: number;
  }): Promise<AuthenticateResponse>;
  /** POST /passwords/existing_password/reset. */
  resetByExistingPassword(options: {
    email: string;
    existing_password: string;
    new_password: string;
    session_duration_minutes: number;
  }): Promise<AuthenticateResponse>;
  /** POST /passwords/session/reset: set a new password for the logged-in user. */
  resetBySession(options: {
    password: string;
    session_duration_minutes?: number;
  }): Promise<AuthenticateResponse>;
  /** POST /passwords/strength_check: the server decides (zxcvbn or LUDS, breach check). */
  strengthCheck(options: { email?: string; password: string }): Promise<StrengthCheckResponse>;
}

export function createPasswordsAPI(ctx: ClientContext): PasswordsAPI {
  const authenticated = async (path: string, body: Record<string, unknown>, errorMessage: string) => {
    const data = await ctx.http.request<RawAuthenticateData>({
      method: "POST",
      path,
      body,
      errorMessage,
      captcha: true,
    });
    return applyAuthentication(ctx, data);
  };

  return {
    async create(o) {
      validate("passwords.create")
        .string("email", o?.email)
        .string("password", o?.password)
        .number("session_duration_minutes", o?.session_duration_minutes);
      const { email, password, session_duration_minutes } = o;
      return authenticated(
        "/passwords",
        { email, password, session_duration_minutes },
        FALLBACK_MESSAGES.passwordCreate,
      );
    },
    async authenticate(o) {
      validate("passwords.authenticate")
        .string("email", o?.email)
        .string("password", o?.password)
        .number("session_duration_minutes", o?.session_duration_minutes);
      const { email, password, session_duration_minutes } = o;
      return authenticated(
        "/passwords/authenticate",
        { email, password, session_duration_minutes },
        FALLBACK_MESSAGES.passwordAuthenticate,
      );
    },
    async resetByEmailStart(o) {
      validate("passwords.resetByEmailStart")
        .string("email", o?.email)
        .optionalString("login_redirect_url", o.login_redirect_url)
        .optionalString("reset_password_redirect_url", o.reset_password_redirect_url)
        .optionalNumber("reset_password_expiration_minutes", o.reset_password_expiration_minutes)
        .optionalString("reset_password_template_id", o.reset_password_template_id)
        .optionalString("locale", o.locale);
      const { pkceRequiredForPasswordResets } = await ctx.bootstrap.get();
      const code_challenge = pkceRequiredForPasswordResets ? await ctx.pkce.passwords.challenge() : undefined;
      return ctx.http.request<ResponseCommon>({
        method: "POST",
        path: "/passwords/email/reset/start",
        body: {
          email: o.email,
          login_redirect_url: o.login_redirect_url,
          reset_password_redirect_url: o.reset_password_redirect_url,
          reset_password_expiration_minutes: o.reset_password_expiration_minutes,
          reset_password_template_id: o.reset_password_template_id,
          locale: o.locale,
          code_challenge,
        },
        errorMessage: FALLBACK_MESSAGES.passwordResetStart,
        captcha: true,
      });
    },
    async resetByEmail(o) {
      validate("passwords.resetByEmail")
        .string("token", o?.token)
        .string("password", o?.password)
        .number("session_duration_minutes", o?.session_duration_minutes);
      const resp = await authenticated(
        "/passwords/email/reset",
        {
          token: o.token,
          password: o.password,
          session_duration_minutes: o.session_duration_minutes,
          code_verifier: ctx.pkce.passwords.get()?.code_verifier,
        },
        FALLBACK_MESSAGES.passwordReset,
      );
      ctx.pkce.passwords.clear();
      return resp;
    },
    async resetByExistingPassword(o) {
      validate("passwords.resetByExistingPassword")
        .string("email", o?.email)
        .string("existing_password", o?.existing_password)
        .string("new_password", o?.new_password)
        .number("session_duration_minutes", o?.session_duration_minutes);
      const { email, existing_password, new_password, session_duration_minutes } = o;
      return authenticated(
        "/passwords/existing_password/reset",
        { email, existing_password, new_password, session_duration_minutes },
        FALLBACK_MESSAGES.passwordReset,
      );
    },
    async resetBySession(o) {
      validate("passwords.resetBySession")
        .string("password", o?.password)
        .optionalNumber("session_duration_minutes", o?.session_duration_minutes);
      return authenticated(
        "/passwords/session/reset",
        { password: o.password, session_duration_minutes: o.session_duration_minutes },
        FALLBACK_MESSAGES.passwordResetSession,
      );
    },
    async strengthCheck(o) {
      validate("passwords.strengthCheck").optionalString("email", o?.email).string("password", o?.password);
      return ctx.http.request<StrengthCheckResponse>({
        method: "POST",
        path: "/passwords/strength_check",
        body: { email: o.email, password: o.password },
        errorMessage: FALLBACK_MESSAGES.passwordStrength,
      });
    },
  };
}
