import { z } from "zod";
import type { SessionResult } from "../sessions.ts";

// Same pattern the widget uses: local part, @, domain, a TLD of 2+ letters.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export const email = z
  .string()
  .max(254)
  .transform((s) => s.trim())
  .refine((s) => EMAIL_RE.test(s), { message: "invalid_email" });

export const sessionDuration = z.number().int();
export const expirationMinutes = z.number().int().min(1).max(10080);

/** The fields every authenticate call answers with (Stytch shape; `__user` is what the SDK reads). */
export function authenticatedResponse(s: SessionResult) {
  return {
    user_id: s.user.user_id,
    user: s.user,
    __user: s.user,
    session: s.session,
    session_token: s.session_token,
    session_jwt: s.session_jwt,
  };
}
