// Counted work with a plan limit per window: translations and storyboard videos a month, image
// searches an hour. Taken when the work is accepted (in its transaction), one conditional UPDATE.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { quotaCounters } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Plan, QuotaKind } from "../plans/plans.ts";

const HOURLY = new Set<QuotaKind>(["imageSearches"]);
const NAMES: Record<QuotaKind, string> = {
  translations: "translations",
  storyboardVideos: "storyboard videos",
  imageSearches: "image searches",
};

/** The window a quota counts in: the calendar month, or the hour for image searches (UTC). */
export function quotaWindow(kind: QuotaKind, at: Date): string {
  return HOURLY.has(kind) ? at.toISOString().slice(0, 13) : at.toISOString().slice(0, 7);
}

/**
 * Counts `count` more of `kind` for the user (all or none), or refuses (402, 429 for hourly ones) past the
 * plan's limit.
 */
export interface QuotaTake {
  userId: string;
  plan: Plan;
  kind: QuotaKind;
  count?: number;
  at?: Date;
}

export async function takeQuota(db: Db, { userId, plan, kind, count = 1, at = new Date() }: QuotaTake) {
  const window = quotaWindow(kind, at);
  const limit = plan.quotas[kind];
  const mine = and(
    eq(quotaCounters.userId, userId),
    eq(quotaCounters.kind, kind),
    eq(quotaCounters.window, window),
  );
  await db.insert(quotaCounters).values({ userId, kind, window }).onConflictDoNothing();
  const taken = await db
    .update(quotaCounters)
    .set({ count: sql`${quotaCounters.count} + ${count}` })
    .where(and(mine, limit === null ? undefined : sql`${quotaCounters.count} + ${count} <= ${limit}`))
    .returning({ count: quotaCounters.count });
  if (taken.length === 1 || limit === null) return;
  const [row] = await db.select({ count: quotaCounters.count }).from(quotaCounters).where(mine);
  const left = Math.max(0, limit - (row?.count ?? 0));
  const hourly = HOURLY.has(kind);
  const per = hourly ? "an hour" : "a month";
  throw new AppError(
    hourly ? "rate_limited" : "plan_limit_reached",
    `Your ${plan.name} plan includes ${limit} ${NAMES[kind]} ${per}` +
      (left === 0
        ? ", and they are used up. "
        : `; ${left} ${left === 1 ? "is" : "are"} left and this needs ${count}. `) +
      (hourly ? "Try again in the next hour." : "Upgrade your plan at /subscription to continue."),
    { kind, limit, left, needed: count, window, upgradeUrl: "/subscription" },
  );
}

/** What the user has used of each quota in its current window. */
export async function quotaUse(db: Db, userId: string, plan: Plan, at = new Date()) {
  const rows = await db.select().from(quotaCounters).where(eq(quotaCounters.userId, userId));
  const use = (kind: QuotaKind) => ({
    used: rows.find((r) => r.kind === kind && r.window === quotaWindow(kind, at))?.count ?? 0,
    limit: plan.quotas[kind],
  });
  return {
    translations: use("translations"),
    storyboardVideos: use("storyboardVideos"),
    imageSearches: use("imageSearches"),
  };
}
