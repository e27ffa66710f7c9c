// The plans, written once: their prices and limits, read by the server (what it allows and charges) and
// by the web app (what the pricing and subscription pages promise). See docs/PRODUCT.md § Plans.

export const PLAN_IDS = ["free", "pro", "executive"] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const PAID_PLANS = ["pro", "executive"] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export const BILLINGS = ["monthly", "yearly"] as const;
export type Billing = (typeof BILLINGS)[number];

/** Counted work: translations and storyboard videos a month, image searches an hour. */
export type QuotaKind = "translations" | "storyboardVideos" | "imageSearches";

export interface Plan {
  id: PlanId;
  name: "Free" | "Pro" | "Executive";
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

/**
 * The plan a server without plan limits (no usage feature wired, as in some tests and tools) applies:
 * the largest one, so nothing is refused for want of a subscription it cannot sell.
 */
export const UNLIMITED_PLAN: PlanId = "executive";
