// Pure: the plans of spec §9, their monthly limits, and the plan-limit rule.

import { BILLINGS, type Billing, PAID_PLANS, PLAN_IDS } from "@dubbing/contract";

// The plan ids and billing periods are the API's (@dubbing/contract); the plans' figures are the server's.
export { BILLINGS, type Billing, PAID_PLANS, PLAN_IDS };
export type PlanId = (typeof PLAN_IDS)[number];
export type PaidPlan = (typeof PAID_PLANS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** USD per month, billed monthly. */
  monthlyPrice: number;
  /** USD per month, billed yearly. */
  yearlyMonthlyPrice: number;
  /** Seconds of video a month: uploads and dubs together. */
  limitSeconds: number;
  /** The longest video one upload may be. */
  maxVideoSeconds: number;
  /** Counted work: translations and storyboard videos a month, image searches an hour. */
  quotas: Record<QuotaKind, number>;
  /** Bytes of uploaded videos kept at once. */
  storedBytes: number;
}

export type QuotaKind = "translations" | "storyboardVideos" | "imageSearches";
const GiB = 1024 ** 3;

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: "free",
    name: "Free",
    monthlyPrice: 0,
    yearlyMonthlyPrice: 0,
    limitSeconds: 30 * 60,
    maxVideoSeconds: 30 * 60,
    quotas: { translations: 20, storyboardVideos: 5, imageSearches: 60 },
    storedBytes: 5 * GiB,
  },
  pro: {
    id: "pro",
    name: "Pro",
    monthlyPrice: 149,
    yearlyMonthlyPrice: 109,
    limitSeconds: 20 * 3600,
    maxVideoSeconds: 3 * 3600,
    quotas: { translations: 400, storyboardVideos: 100, imageSearches: 600 },
    storedBytes: 200 * GiB,
  },
  executive: {
    id: "executive",
    name: "Executive",
    monthlyPrice: 1349,
    yearlyMonthlyPrice: 999,
    limitSeconds: 200 * 3600,
    maxVideoSeconds: 6 * 3600,
    quotas: { translations: 4000, storyboardVideos: 1000, imageSearches: 3000 },
    storedBytes: 2000 * GiB,
  },
};

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
