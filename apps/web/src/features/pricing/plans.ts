import type { Billing, PlanList, Plan as ServerPlan } from "@dubbing/contract/plans";
import { useEffect, useState } from "react";

export type { Billing };

/**
 * A plan as the pricing and subscription pages show it. The plans are the server's (GET /api/plans:
 * PLANS_FILE's or the built-in ones), never the bundle's, so the pages promise what the server enforces.
 */
export interface Plan {
  id: string;
  name: string;
  /** Video minutes included each month; null: no limit. */
  monthlyMinutes: number | null;
  /** null: not sold (the operator gives it). */
  monthlyPrice: number | null;
  yearlyMonthlyPrice: number | null;
  features: string[];
}

/** What every plan has here; the counts are made true for this server where shown (useTrueCounts). */
const COMMON = ["50+ AI voices", "20+ languages", "Unlimited downloads"];
const SUPPORT = new Map<string, string[]>([
  ["pro", ["Personalized support"]],
  ["executive", ["Priority support"]],
]);

/** "30 minutes per month" under an hour, "20 hours per month" from there. */
function monthlyAmount(minutes: number | null): string {
  if (minutes === null) return "Unlimited minutes per month";
  return minutes < 60 ? `${minutes} minutes per month` : `${minutes / 60} hours per month`;
}

/** "Videos up to 30 minutes long" (or hours), from the plan's longest video; null: no such limit. */
function longestVideo(seconds: number | null): string {
  if (seconds === null) return "Videos of any length";
  const minutes = seconds / 60;
  return minutes < 120 ? `Videos up to ${minutes} minutes long` : `Videos up to ${minutes / 60} hours long`;
}

/** "5 GiB of storage" from the plan's stored bytes; null: no limit. */
function storage(bytes: number | null): string {
  if (bytes === null) return "Unlimited storage";
  const gib = bytes / 2 ** 30;
  return gib >= 1
    ? `${Number(gib.toFixed(1))} GiB of storage`
    : `${Math.round(bytes / 2 ** 20)} MiB of storage`;
}

/** Pure: a server plan as its card shows it: its own limits (PLANS_FILE's or the built-in ones) as lines. */
export function displayPlan(plan: ServerPlan): Plan {
  const monthlyMinutes = plan.limitSeconds === null ? null : plan.limitSeconds / 60;
  return {
    id: plan.id,
    name: plan.name,
    monthlyMinutes,
    monthlyPrice: plan.monthlyPrice,
    yearlyMonthlyPrice: plan.yearlyMonthlyPrice,
    features: [
      monthlyAmount(monthlyMinutes),
      longestVideo(plan.maxVideoSeconds),
      storage(plan.storedBytes),
      ...COMMON,
      ...(SUPPORT.get(plan.id) ?? []),
    ],
  };
}

/**
 * Pure: the plans the public pricing offers: those with a price, and the plan new accounts start on
 * (SIGNUP_PLAN). An unpriced plan an operator gives by hand (an "Owner" plan) is not advertised.
 */
export function advertisedPlans(plans: Plan[], signupPlan: string | null): Plan[] {
  return plans.filter((p) => p.monthlyPrice !== null || p.yearlyMonthlyPrice !== null || p.id === signupPlan);
}

/** The server's plans (plain fetch: the landing page has no data layer); null while loading or if it failed. */
export function usePlans(): { plans: Plan[] | null; signupPlan: string | null } {
  const [list, setList] = useState<PlanList | null>(null);
  useEffect(() => {
    let live = true;
    fetch("/api/plans")
      .then((res) => (res.ok ? (res.json() as Promise<PlanList>) : null))
      .then((body) => live && setList(body))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return { plans: list?.plans.map(displayPlan) ?? null, signupPlan: list?.signupPlan ?? null };
}

/** The price per month shown for a plan under the chosen billing; null when it has none. */
export function pricePerMonth(plan: Plan, billing: Billing): number | null {
  return billing === "monthly" ? plan.monthlyPrice : plan.yearlyMonthlyPrice;
}

/** Whether the plan costs something (what Checkout sells). */
export const isPaidPlan = (plan: Plan) => (plan.monthlyPrice ?? 0) > 0 || (plan.yearlyMonthlyPrice ?? 0) > 0;

/** What yearly billing saves against monthly, in whole percent (0 for a free or unpriced plan). */
export function yearlySavingPercent(plan: Plan): number {
  if (!plan.monthlyPrice || plan.yearlyMonthlyPrice === null) return 0;
  return Math.round((1 - plan.yearlyMonthlyPrice / plan.monthlyPrice) * 100);
}

export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString("en-US")}`;
}
