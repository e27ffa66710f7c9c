// reCAPTCHA check for the calls the SDK protects (sends and password attempts), off unless configured.
// A missing or rejected token answers the plain text "Captcha required", on which the SDK retries once
// with a fresh token.
import type { Caller, Ctx } from "./context.ts";

export const CAPTCHA_PROTECTED = new Set([
  "/magic_links/email/login_or_create",
  "/magic_links/email/send/primary",
  "/otps/email/login_or_create",
  "/otps/email/send/primary",
  "/otps/sms/login_or_create",
  "/otps/sms/send/primary",
  "/otps/whatsapp/login_or_create",
  "/otps/whatsapp/send/primary",
  "/passwords",
  "/passwords/authenticate",
  "/passwords/email/reset/start",
  "/users/search",
  "/webauthn/authenticate",
  "/crypto_wallets/authenticate/start/primary",
]);

export class CaptchaRequired extends Error {
  constructor() {
    super("Captcha required");
    this.name = "CaptchaRequired";
  }
}

/** Throws CaptchaRequired unless captcha is off or the token verifies. */
export async function checkCaptcha(ctx: Ctx, caller: Caller, token: unknown): Promise<void> {
  const cfg = ctx.settings.captcha;
  if (!cfg) return;
  if (typeof token !== "string" || token.length === 0 || token.length > 4000) throw new CaptchaRequired();
  let ok = false;
  try {
    const res = await ctx.fetch(cfg.verifyUrl ?? "https://www.google.com/recaptcha/api/siteverify", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: cfg.secretKey, response: token, remoteip: caller.ip }),
    });
    const r = (await res.json()) as { success?: boolean; score?: number; action?: string };
    ok =
      r.success === true &&
      (r.score === undefined || r.score >= (cfg.minScore ?? 0.5)) &&
      (r.action === undefined || r.action === "LOGIN");
  } catch {
    ok = false;
  }
  if (!ok) throw new CaptchaRequired();
}
