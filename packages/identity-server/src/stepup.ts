// Step-up, as Stytch does it: for a user enrolled in MFA, sensitive changes need a second factor proven
// in the last few minutes, so a stolen password (or a password-only session) cannot read recovery codes,
// change factors or reset the password.
import { and, eq } from "drizzle-orm";
import type { Call, SessionRow } from "./call.ts";
import { IdentityError } from "./errors.ts";
import { identityTotps, identityWebauthn } from "./schema.ts";

const STEP_UP_MINUTES = 5;
const SECOND_FACTORS = new Set(["totp", "webauthn_registration", "recovery_codes"]);

/** True when `factors` hold a second factor proven at most STEP_UP_MINUTES before `now` (pure). */
export function hasRecentSecondFactor(factors: Record<string, unknown>[], now: Date): boolean {
  return recentlyAuthenticated(
    factors.filter((f) => SECOND_FACTORS.has(String(f.type))),
    now,
  );
}

/** True when any factor of the session was proven in the last STEP_UP_MINUTES (pure). */
export function recentlyAuthenticated(factors: Record<string, unknown>[], now: Date): boolean {
  return factors.some((f) => {
    const at = Date.parse(String(f.last_authenticated_at));
    return Number.isFinite(at) && now.getTime() - at <= STEP_UP_MINUTES * 60_000;
  });
}

async function enrolledInMfa(call: Call, userId: string): Promise<boolean> {
  const { db } = call.ctx;
  const [totp] = await db
    .select({ id: identityTotps.id })
    .from(identityTotps)
    .where(and(eq(identityTotps.userId, userId), eq(identityTotps.verified, true)))
    .limit(1);
  if (totp) return true;
  const [key] = await db
    .select({ id: identityWebauthn.id })
    .from(identityWebauthn)
    .where(and(eq(identityWebauthn.userId, userId), eq(identityWebauthn.verified, true)))
    .limit(1);
  return !!key;
}

/** Throws `insufficient_factors` when the session's user has MFA and the session no recent second factor. */
export async function requireStepUp(call: Call, session: SessionRow): Promise<void> {
  if (hasRecentSecondFactor(session.factors, call.ctx.now())) return;
  if (await enrolledInMfa(call, session.userId)) throw new IdentityError("insufficient_factors");
}
