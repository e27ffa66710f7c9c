// The plans a server offers: their prices and limits. These three are the built-in ones; an operator
// replaces them with PLANS_FILE (plan-schemas.ts reads it), and the web app reads the server's from
// GET /api/plans. See docs/PRODUCT.md § Plans. No zod here: the landing page's bundle stays small.

/** A plan's id: lower-case letters, digits and hyphens ("free", "team-2"). */
export type PlanId = string;
export const BILLINGS = ["monthly", "yearly"] as const;
export type Billing = (typeof BILLINGS)[number];

/** Counted work: translations and storyboard videos a month, image searches an hour. */
export type QuotaKind = "translations" | "storyboardVideos" | "imageSearches";
export const QUOTA_KINDS: readonly QuotaKind[] = ["translations", "storyboardVideos", "imageSearches"];

/** Every limit: a number, or null for no limit. */
export interface Plan {
  id: PlanId;
  name: string;
  /** USD per month, billed monthly and billed yearly; null: the plan is not sold (no price shown). */
  monthlyPrice: number | null;
  yearlyMonthlyPrice: number | null;
  /** Seconds of video a month: uploads and dubs together. */
  limitSeconds: number | null;
  /** The longest video one upload may be. */
  maxVideoSeconds: number | null;
  /** Counted work: translations and storyboard videos a month, image searches an hour. */
  quotas: Record<QuotaKind, number | null>;
  /** Bytes of uploaded videos kept at once. */
  storedBytes: number | null;
}

const GiB = 1024 ** 3;

/** The plans of a server without PLANS_FILE, in the order the pricing pages show them. */
export const BUILT_IN_PLANS: Plan[] = [
  {
    id: "free",
    name: "Free",
    monthlyPrice: 0,
    yearlyMonthlyPrice: 0,
    limitSeconds: 30 * 60,
    maxVideoSeconds: 30 * 60,
    quotas: { translations: 20, storyboardVideos: 5, imageSearches: 60 },
    storedBytes: 5 * GiB,
  },
  {
    id: "pro",
    name: "Pro",
    monthlyPrice: 149,
    yearlyMonthlyPrice: 109,
    limitSeconds: 20 * 3600,
    maxVideoSeconds: 3 * 3600,
    quotas: { translations: 400, storyboardVideos: 100, imageSearches: 600 },
    storedBytes: 200 * GiB,
  },
  {
    id: "executive",
    name: "Executive",
    monthlyPrice: 1349,
    yearlyMonthlyPrice: 999,
    limitSeconds: 200 * 3600,
    maxVideoSeconds: 6 * 3600,
    quotas: { translations: 4000, storyboardVideos: 1000, imageSearches: 3000 },
    storedBytes: 2000 * GiB,
  },
];

/**
 * What a server without plan limits (no usage feature wired, as in some tests and tools) applies: no
 * limit at all, so nothing is refused for want of a plan it does not keep.
 */
export const UNLIMITED_PLAN: Plan = {
  id: "unlimited",
  name: "Unlimited",
  monthlyPrice: null,
  yearlyMonthlyPrice: null,
  limitSeconds: null,
  maxVideoSeconds: null,
  quotas: { translations: null, storyboardVideos: null, imageSearches: null },
  storedBytes: null,
};

/** A plan that has a price: what Stripe may sell (a free plan's price is 0, never sold). */
export function isPaid(plan: Plan): boolean {
  return (plan.monthlyPrice ?? 0) > 0 || (plan.yearlyMonthlyPrice ?? 0) > 0;
}

/** GET /api/plans: the plans this server offers, in order, and the one a new account gets. */
export interface PlanList {
  plans: Plan[];
  signupPlan: PlanId;
}
