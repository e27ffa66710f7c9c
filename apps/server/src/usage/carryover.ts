// Closing an account and signing up again must not start the month afresh (free minutes and counts on
// demand). When an account closes, its month's use is kept under an HMAC of the month and each of its
// addresses, keyed with a secret generated once per installation; an account opened for one of those
// addresses in the same month starts from it. Only the HMAC is stored, never the address.
import { createHmac } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { quotaCounters, usage, usageCarryover } from "../db/schema.ts";
import { sharedSecret } from "../db/settings.ts";
import type { QuotaKind } from "../plans/plans.ts";
import { quotaWindow } from "./quotas.ts";
import { monthOf } from "./repository.ts";

const CARRYOVER_SECRET = "usage_carryover_secret";

/** A quota counter of the window `at` is in (this month; this hour for hourly ones). */
const isCurrent = (c: { kind: string; window: string }, at: Date) =>
  quotaWindow(c.kind as QuotaKind, at) === c.window;

/** The key an address's month is kept under (pure): normalised address, month, server secret. */
export function addressKey(secret: string, email: string, month: string): string {
  return createHmac("sha256", secret).update(`${month}\n${email.trim().toLowerCase()}`).digest("base64url");
}

/** Keeps the month's use of a closing account under each of its addresses (inside the closing transaction). */
export async function keepUsageOf(db: Db, userId: string, emails: string[], at = new Date()): Promise<void> {
  const month = monthOf(at);
  const [used] = await db
    .select()
    .from(usage)
    .where(and(eq(usage.userId, userId), eq(usage.month, month)));
  const counters = (await db.select().from(quotaCounters).where(eq(quotaCounters.userId, userId)))
    .filter((c) => isCurrent(c, at))
    .map(({ kind, window, count }) => ({ kind, window, count }));
  if (!used && counters.length === 0) return;
  const secret = await sharedSecret(db, CARRYOVER_SECRET);
  const kept = {
    month,
    transcribedSeconds: used?.transcribedSeconds ?? 0,
    dubbedSeconds: used?.dubbedSeconds ?? 0,
    counters,
  };
  // An account opened from a kept month started from it, so what it leaves includes it: replace.
  for (const email of new Set(emails.map((e) => e.trim().toLowerCase()))) {
    await db
      .insert(usageCarryover)
      .values({ addressKey: addressKey(secret, email, month), ...kept })
      .onConflictDoUpdate({ target: usageCarryover.addressKey, set: kept });
  }
}

/** A new account for `email` starts from what a closed account with that address used this month. */
export async function inheritUsage(db: Db, userId: string, email: string, at = new Date()): Promise<void> {
  const month = monthOf(at);
  const secret = await sharedSecret(db, CARRYOVER_SECRET);
  const [kept] = await db
    .select()
    .from(usageCarryover)
    .where(eq(usageCarryover.addressKey, addressKey(secret, email, month)));
  if (!kept) return;
  await db
    .insert(usage)
    .values({ userId, month, transcribedSeconds: kept.transcribedSeconds, dubbedSeconds: kept.dubbedSeconds })
    .onConflictDoNothing();
  const current = kept.counters.filter((c) => isCurrent(c, at));
  if (current.length)
    await db
      .insert(quotaCounters)
      .values(current.map((c) => ({ userId, ...c })))
      .onConflictDoNothing();
}

/** Deletes kept months before `at`'s (the retention sweep). */
export async function pruneUsageCarryover(db: Db, at: Date): Promise<number> {
  const gone = await db
    .delete(usageCarryover)
    .where(lt(usageCarryover.month, monthOf(at)))
    .returning({ key: usageCarryover.addressKey });
  return gone.length;
}
