import { applyAuthentication, applyUserUpdate, type ClientContext } from "./context.ts";
import { FALLBACK_MESSAGES } from "./errors.ts";
import type { AuthenticateResponse, RawAuthenticateData, ResponseCommon, User } from "./types.ts";
import { validate } from "./validate.ts";

export interface TOTPCreateResponse extends ResponseCommon {
  totp_id: string;
  secret: string;
  qr_code: string;
  recovery_codes: string[];
  user_id?: string;
  [key: string]: unknown;
}

export interface RecoveryCodesResponse extends ResponseCommon {
  user_id: string;
  totps: { totp_id: string; verified: boolean; recovery_codes: string[] }[];
  [key: string]: unknown;
}

export interface TOTPsAPI {
  /** POST /totps: a new TOTP secret, QR code and recovery codes for the logged-in user. */
  create(options: { expiration_minutes: number }): Promise<Omit<TOTPCreateResponse, "__user">>;
  /** POST /totps/authenticate. */
  authenticate(options: {
    totp_code: string;
    session_duration_minutes: number;
  }): Promise<AuthenticateResponse>;
  /** POST /totps/recovery_codes. */
  recoveryCodes(): Promise<RecoveryCodesResponse>;
  /** POST /totps/recover with a recovery code. */
  recover(options: {
    recovery_code: string;
    session_duration_minutes: number;
  }): Promise<AuthenticateResponse>;
}

export function createTOTPsAPI(ctx: ClientContext): TOTPsAPI {
  return {
    async create(o) {
      validate("totps.create").number("expiration_minutes", o?.expiration_minutes);
      const data = await ctx.http.request<TOTPCreateResponse & { __user?: User }>({
        method: "POST",
        path: "/totps",
        body: { expiration_minutes: o.expiration_minutes },
        errorMessage: FALLBACK_MESSAGES.totpCreate,
      });
      return applyUserUpdate(ctx, data);
    },
    async authenticate(o) {
      validate("totps.authenticate")
        .string("totp_code", o?.totp_code)
        .number("session_duration_minutes", o?.session_duration_minutes);
      const data = await ctx.http.request<RawAuthenticateData>({
        method: "POST",
        path: "/totps/authenticate",
        body: { totp_code: o.totp_code, session_duration_minutes: o.session_duration_minutes },
        errorMessage: FALLBACK_MESSAGES.totpAuthenticate,
        captcha: true,
      });
      return applyAuthentication(ctx, data);
    },
    recoveryCodes() {
      return ctx.http.request<RecoveryCodesResponse>({
        method: "POST",
        path: "/totps/recovery_codes",
        errorMessage: FALLBACK_MESSAGES.totpRecoveryCodes,
      });
    },
    async recover(o) {
      validate("totps.recover")
        .string("recovery_code", o?.recovery_code)
        .number("session_duration_minutes", o?.session_duration_minutes);
      const data = await ctx.http.request<RawAuthenticateData>({
        method: "POST",
        path: "/totps/recover",
        body: { recovery_code: o.recovery_code, session_duration_minutes: o.session_duration_minutes },
        errorMessage: FALLBACK_MESSAGES.totpRecover,
        captcha: true,
      });
      return applyAuthentication(ctx, data);
    },
  };
}
