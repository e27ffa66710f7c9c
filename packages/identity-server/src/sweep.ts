// Housekeeping: removes what can no longer be used. Safe to run from any process, any time.
import { and, isNotNull, lt, or } from "drizzle-orm";
import type { IdentityDb } from "./options.ts";
import { identityEvents, identityRateLimits, identitySessions, identityTokens } from "./schema.ts";

export interface SweepResult {
  tokens: number;
  sessions: number;
  rateLimits: number;
  events: number;
}

/**
 * Deletes tokens expired or used more than a day ago, sessions that ended more than `keepDays` ago,
 * rate-limit windows older than a day, and telemetry older than `eventDays`.
 */
export async function sweepIdentity(
  db: IdentityDb,
  opts: { now?: Date; keepDays?: number; eventDays?: number } = {},
): Promise<SweepResult> {
  const now = opts.now ?? new Date();
  const day = new Date(now.getTime() - 24 * 3600_000);
  const keep = new Date(now.getTime() - (opts.keepDays ?? 30) * 24 * 3600_000);
  const eventsBefore = new Date(now.getTime() - (opts.eventDays ?? 90) * 24 * 3600_000);
  const tokens = await db
    .delete(identityTokens)
    .where(
      or(
        lt(identityTokens.expiresAt, day),
        and(isNotNull(identityTokens.usedAt), lt(identityTokens.usedAt, day)),
      ),
    )
    .returning({ id: identityTokens.id });
  const sessions = await db
    .delete(identitySessions)
    .where(
      or(
        lt(identitySessions.expiresAt, keep),
        and(isNotNull(identitySessions.revokedAt), lt(identitySessions.revokedAt, keep)),
      ),
    )
    .returning({ id: identitySessions.id });
  const rateLimits = await db
    .delete(identityRateLimits)
    .where(lt(identityRateLimits.windowStart, day))
    .returning({ key: identityRateLimits.key });
  const events = await db
    .delete(identityEvents)
    .where(lt(identityEvents.createdAt, eventsBefore))
    .returning({ id: identityEvents.id });
  return {
    tokens: tokens.length,
    sessions: sessions.length,
    rateLimits: rateLimits.length,
    events: events.length,
  };
}
