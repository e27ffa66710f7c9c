// Pure: the plan-limit rule, and which plan applies to whom. The plans are the operator's (PLANS_FILE,
// config-plans.ts) or the built-in ones; see docs/PRODUCT.md § Plans.
import { type Plan, type PlanId, UNLIMITED_PLAN } from "@dubbing/contract";
import type { PlansConfig } from "../config-plans.ts";

export {
  BILLINGS,
  type Billing,
  isPaid,
  type Plan,
  type PlanId,
  type QuotaKind,
  UNLIMITED_PLAN,
} from "@dubbing/contract";

/** The plan with this id, or undefined when the plans do not define it ("unlimited": the fallback's). */
export function findPlan(plans: PlansConfig, id: string | null | undefined): Plan | undefined {
  return plans.list.find((p) => p.id === id) ?? (id === UNLIMITED_PLAN.id ? UNLIMITED_PLAN : undefined);
}

/** SIGNUP_PLAN's plan (config-plans.ts checked at start that it is defined). */
export function signupPlan(plans: PlansConfig): Plan {
  return findPlan(plans, plans.signup)!;
}

/** A plan id written earlier (a job's payload) as the plan now: the sign-up plan's when no longer defined. */
export function planNamed(plans: PlansConfig, id: PlanId): Plan {
  return findPlan(plans, id) ?? signupPlan(plans);
}

/** Which plan applies to an account, and the plan it is on that the plans no longer define (if any). */
export interface PlanInEffect {
  plan: Plan;
  undefinedPlan: PlanId | null;
}

/**
 * Pure: an active subscription's plan, else the one the operator set (console or invitation), else the
 * sign-up plan. A plan no longer defined gives the sign-up plan's limits and is reported, not dropped.
 */
export function planInEffect(
  plans: PlansConfig,
  account: { subscribedPlan: PlanId | null; assignedPlan: PlanId | null },
): PlanInEffect {
  const chosen = account.subscribedPlan ?? account.assignedPlan;
  const plan = findPlan(plans, chosen);
  return plan ? { plan, undefinedPlan: null } : { plan: signupPlan(plans), undefinedPlan: chosen };
}

/** The plan whose limits apply to a user: theirs, or the unlimited one where no plans are kept. */
export async function planOrUnlimited(
  plans: { planOf(userId: string): Promise<Plan> } | undefined,
  userId: string,
): Promise<Plan> {
  return (await plans?.planOf(userId)) ?? UNLIMITED_PLAN;
}

/** Stripe subscription statuses that give the paid plan. */
export function isActiveStatus(status: string | null | undefined): boolean {
  return status === "active" || status === "trialing";
}

interface LimitCheck {
  ok: boolean;
  plan: Plan;
  /** null: the plan has no monthly limit. */
  limitSeconds: number | null;
  usedSeconds: number;
  remainingSeconds: number;
  neededSeconds: number;
}

/** Pure: whether `neededSeconds` more fits in the plan's month, given what is used. */
export function checkLimit(plan: Plan, usedSeconds: number, neededSeconds: number): LimitCheck {
  const limitSeconds = plan.limitSeconds;
  const remainingSeconds =
    limitSeconds === null ? Number.POSITIVE_INFINITY : Math.max(0, limitSeconds - usedSeconds);
  return {
    ok: limitSeconds === null || usedSeconds + neededSeconds <= limitSeconds,
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
  const limit = check.limitSeconds ?? 0;
  const total = limit >= 3600 ? `${limit / 3600} hours` : minutes(limit / 60);
  return (
    `Your ${check.plan.name} plan includes ${total} a month and you have ${minutes(left)} left; ` +
    `this ${WORK_NAMES[what]} needs ${minutes(needed)}. ` +
    "Upgrade your plan at /subscription to continue."
  );
}
