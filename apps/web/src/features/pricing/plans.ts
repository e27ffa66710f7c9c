import { type Billing, PLAN_IDS, PLANS as PLAN_LIMITS, type PlanId } from "@dubbing/contract/plans";

export type { Billing };

/**
 * A plan as the pricing and subscription pages show it; prices and limits are the contract's (its
 * `plans` entry, which has no zod: the landing page's bundle stays small).
 */
export interface Plan {
  id: PlanId;
  name: "Free" | "Pro" | "Executive";
  /** Video minutes included each month. */
  monthlyMinutes: number;
  monthlyPrice: number;
  yearlyMonthlyPrice: number;
  features: string[];
}

const COMMON = [
  "50+ AI voices",
  "20+ languages",
  "Unlimited downloads",
  "Cloud storage for 30 days",
  "Video up to 4K",
];
const SUPPORT: Record<PlanId, string[]> = {
  free: [],
  pro: ["Personalized support"],
  executive: ["Priority support"],
};

/** "30 minutes per month" under an hour, "20 hours per month" from there. */
function monthlyAmount(minutes: number): string {
  return minutes < 60 ? `${minutes} minutes per month` : `${minutes / 60} hours per month`;
}

export const PLANS: Plan[] = PLAN_IDS.map((id) => {
  const plan = PLAN_LIMITS[id];
  const monthlyMinutes = plan.limitSeconds / 60;
  return {
    id,
    name: plan.name,
    monthlyMinutes,
    monthlyPrice: plan.monthlyPrice,
    yearlyMonthlyPrice: plan.yearlyMonthlyPrice,
    features: [monthlyAmount(monthlyMinutes), ...COMMON, ...SUPPORT[id]],
  };
});

/** The price per month shown for a plan under the chosen billing. */
export function pricePerMonth(plan: Plan, billing: Billing): number {
  return billing === "monthly" ? plan.monthlyPrice : plan.yearlyMonthlyPrice;
}

/** What yearly billing saves against monthly, in whole percent (0 for the free plan). */
export function yearlySavingPercent(plan: Plan): number {
  if (plan.monthlyPrice === 0) return 0;
  return Math.round((1 - plan.yearlyMonthlyPrice / plan.monthlyPrice) * 100);
}

export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString("en-US")}`;
}
