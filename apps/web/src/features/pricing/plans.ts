import type { Billing } from "@dubbing/contract";

/** The plans of spec §9 (USD per month). */
export interface Plan {
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

export const PLANS: Plan[] = [
  {
    name: "Free",
    monthlyMinutes: 30,
    monthlyPrice: 0,
    yearlyMonthlyPrice: 0,
    features: ["30 minutes per month", ...COMMON],
  },
  {
    name: "Pro",
    monthlyMinutes: 20 * 60,
    monthlyPrice: 149,
    yearlyMonthlyPrice: 109,
    features: ["20 hours per month", ...COMMON, "Personalized support"],
  },
  {
    name: "Executive",
    monthlyMinutes: 200 * 60,
    monthlyPrice: 1349,
    yearlyMonthlyPrice: 999,
    features: ["200 hours per month", ...COMMON, "Priority support"],
  },
];

export type { Billing };

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
