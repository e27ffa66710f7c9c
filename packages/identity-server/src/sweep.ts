// Housekeeping: removes what can no longer be used. Safe to run from any process, any time.
import { and, eq, isNotNull, lt, or } from "drizzle-orm";
import type { IdentityDb } from "./options.ts";
import {
  identityAuditLog,
  identityEvents,
  identityRateLimits,
  identitySessions,
  identityTokens,
  identityUsers,
} from "./schema.ts";

export interface SweepResult {
  tokens: number;
  sessions: number;
  rateLimits: number;
  events: number;
  pendingUsers: number;
  auditLines: number;
}

/** How long audit lines (addresses tried, IP addresses, user agents) are kept: 90 days. */
export const AUDIT_KEEP_DAYS = 90;

/**
 * Deletes tokens expired or used more than a day ago, sessions that ended more than `keepDays` ago,
 * rate-limit windows older than a day, telemetry older than `eventDays`, and users still pending (an
 * address someone typed but nobody ever confirmed) `keepDays` after they were created, and audit lines
 * older than `auditDays` (AUDIT_KEEP_DAYS).
 */
export async function sweepIdentity(
  db: IdentityDb,
  opts: { now?: Date; keepDays?: number; eventDays?: number; auditDays?: number } = {},
): Promise<SweepResult> {
  const now = opts.now ?? new Date();
  const day = new Date(now.getTime() - 24 * 3600_000);
  const keep = new Date(now.getTime() - (opts.keepDays ?? 30) * 24 * 3600_000);
  const eventsBefore = new Date(now.getTime() - (opts.eventDays ?? 90) * 24 * 3600_000);
  const auditBefore = new Date(now.getTime() - (opts.auditDays ?? AUDIT_KEEP_DAYS) * 24 * 3600_000);
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
  const pendingUsers = await db
    .delete(identityUsers)
    .where(and(eq(identityUsers.status, "pending"), lt(identityUsers.createdAt, keep)))
    .returning({ id: identityUsers.id });
  const auditLines = await db
    .delete(identityAuditLog)
    .where(lt(identityAuditLog.at, auditBefore))
    .returning({ id: identityAuditLog.id });
  return {
    auditLines: auditLines.length,
    tokens: tokens.length,
    sessions: sessions.length,
    rateLimits: rateLimits.length,
    events: events.length,
    pendingUsers: pendingUsers.length,
  };
}
