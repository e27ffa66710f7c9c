import type { Db } from "../db/client.ts";
import type { UsageKind } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { JobCharge } from "../jobs/runner.ts";
import type { ReleaseCharge } from "../jobs/tracker.ts";
import { checkLimit, limitMessage, type MeteredWork, type Plan } from "../plans/plans.ts";
import { monthOf, UsageRepository } from "./repository.ts";

/** Minutes a piece of work takes from its user's month, reserved when the work is accepted. */
interface Reservation {
  userId: string;
  plan: Plan;
  kind: UsageKind;
  seconds: number;
  /** What the refusal names. */
  what: MeteredWork;
}

/** A job's charge (jobs/runner.ts): the engine calls `reserve` in the transaction that starts the job. */
export function chargeMinutes(r: Reservation): JobCharge {
  return { userId: r.userId, kind: r.kind, seconds: r.seconds, reserve: (tx) => reserveMinutes(tx, r) };
}

/** Gives back a failed job's reserved minutes (the job tracker's `release` hook). */
export const releaseMinutes: ReleaseCharge = (tx, c) =>
  new UsageRepository(tx).release(c.userId, c.kind, c.seconds, c.month);

/**
 * Reserves the minutes inside the transaction that accepts the work; 402 `plan_limit_reached` when the
 * month has not enough left. Answers the month the minutes were taken from (to give them back).
 */
export async function reserveMinutes(db: Db, r: Reservation, at = new Date()): Promise<string> {
  const month = monthOf(at);
  const usage = new UsageRepository(db);
  if (
    await usage.reserve({
      userId: r.userId,
      kind: r.kind,
      seconds: r.seconds,
      limitSeconds: r.plan.limitSeconds,
      month,
    })
  )
    return month;
  const used = await usage.get(r.userId, month);
  throw planLimitError(checkLimit(r.plan, used.transcribedSeconds + used.dubbedSeconds, r.seconds), r.what);
}

export function planLimitError(check: ReturnType<typeof checkLimit>, what: MeteredWork): AppError {
  return new AppError("plan_limit_reached", limitMessage(check, what), {
    plan: check.plan.id,
    limitSeconds: check.limitSeconds,
    usedSeconds: Math.round(check.usedSeconds),
    remainingSeconds: Math.floor(check.remainingSeconds),
    neededSeconds: Math.ceil(check.neededSeconds),
    upgradeUrl: "/subscription",
  });
}

/** Plan limits: refuses work that would pass the user's monthly minutes (402 plan_limit_reached). */
export interface UsageLimits {
  assertCanUse(userId: string, seconds: number, what: "upload" | "dub"): Promise<void>;
  planOf(userId: string): Promise<Plan>;
}
