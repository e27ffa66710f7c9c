import { UI_EVENT_TYPES } from "@dubbing/identity-client";
import type { WidgetContextValue } from "../context.tsx";
import { errorType } from "../errors.ts";
import { ERRORS } from "../messages.ts";

/** The two messages browsers give when the authenticator already holds a credential for this user. */
const DUPLICATE_PATTERNS = [
  /already registered/i,
  /The user attempted to register an authenticator that contains one of the credentials already registered/i,
];

/** The message for a failed passkey sign-in. */
export function passkeyAuthMessage(err: unknown): string {
  if (errorType(err) === "webauthn_registration_not_found") return ERRORS.passkeyNotFound;
  return ERRORS.passkeyUnknown;
}

/** The message for a failed passkey registration. */
export function passkeyRegisterMessage(err: unknown): string {
  const name = err instanceof Error ? err.name : "";
  const message = err instanceof Error ? err.message : String(err);
  if (name === "InvalidStateError" || DUPLICATE_PATTERNS.some((p) => p.test(message)))
    return ERRORS.passkeyDuplicate;
  return ERRORS.passkeyNotCreated;
}

/** Sign in with a passkey (modal or, with a signal, conditional mediation for autofill). */
export async function authenticatePasskey(
  ctx: WidgetContextValue,
  conditional?: AbortSignal,
): Promise<boolean> {
  const resp = await ctx.client.webauthn.authenticate({
    session_duration_minutes: ctx.sessionDurationMinutes,
    is_passkey: true,
    ...(conditional ? { conditional_mediation: true, signal: conditional } : {}),
  });
  if (!resp) return false;
  ctx.emit(UI_EVENT_TYPES.PasskeyAuthenticate, resp);
  ctx.dispatch({ type: "navigate", screen: "passkeyConfirmation" });
  return true;
}

/** Register a new passkey for the signed-in user. */
export async function registerPasskey(ctx: WidgetContextValue): Promise<void> {
  const resp = await ctx.client.webauthn.register({
    is_passkey: true,
    authenticator_type: "platform",
    session_duration_minutes: ctx.sessionDurationMinutes,
  });
  ctx.emit(UI_EVENT_TYPES.PasskeyRegister, resp);
}
