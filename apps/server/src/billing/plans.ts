// Pure: the plan-limit rule. The plans themselves (prices, limits) are the contract's, shared with the web
// app; see docs/PRODUCT.md § Plans.
import { PLANS, type PlanId, UNLIMITED_PLAN } from "@dubbing/contract";

export {
  BILLINGS,
  type Billing,
  PAID_PLANS,
  type PaidPlan,
  PLAN_IDS,
  PLANS,
  type Plan,
  type PlanId,
  type QuotaKind,
  UNLIMITED_PLAN,
} from "@dubbing/contract";

/** The plan whose limits apply to a user: theirs, or the unlimited one where no plans are kept. */
export async function planOrUnlimited(
  plans: { planOf(userId: string): Promise<PlanId> } | undefined,
  userId: string,
): Promise<PlanId> {
  return (await plans?.planOf(userId)) ?? UNLIMITED_PLAN;
}

/** Stripe subscription statuses that give the paid plan. */
export function isActiveStatus(status: string | null | undefined): boolean {
  return status === "active" || status === "trialing";
}

export interface LimitCheck {
  ok: boolean;
  plan: PlanId;
  limitSeconds: number;
  usedSeconds: number;
  remainingSeconds: number;
  neededSeconds: number;
}

/** Pure: whether `neededSeconds` more fits in the plan's month, given what is used. */
export function checkLimit(plan: PlanId, usedSeconds: number, neededSeconds: number): LimitCheck {
  const limitSeconds = PLANS[plan].limitSeconds;
  const remainingSeconds = Math.max(0, limitSeconds - usedSeconds);
  return {
    ok: usedSeconds + neededSeconds <= limitSeconds,
    plan,
    limitSeconds,
    usedSeconds,
    remainingSeconds,
    neededSeconds,
  };
}

/** What takes minutes from the month. */
export type MeteredWork = "upload" | "dub" | "storyboard";
const WORK_NAMES: Record<MeteredWork, string> = {
  upload: "video",
  dub: "dub",
  storyboard: "storyboard video",
};

const minutes = (n: number) => `${n} minute${n === 1 ? "" : "s"}`;

/** Pure: the refusal users read: what is left (rounded down), what this needs (rounded up), where to upgrade. */
export function limitMessage(check: LimitCheck, what: MeteredWork): string {
  const left = Math.floor(check.remainingSeconds / 60);
  const needed = Math.max(1, Math.ceil(check.neededSeconds / 60));
  const total =
    check.limitSeconds >= 3600 ? `${check.limitSeconds / 3600} hours` : minutes(check.limitSeconds / 60);
  return (
    `Your ${PLANS[check.plan].name} plan includes ${total} a month and you have ${minutes(left)} left; ` +
    `this ${WORK_NAMES[what]} needs ${minutes(needed)}. ` +
    "Upgrade your plan at /subscription to continue."
  );
}
