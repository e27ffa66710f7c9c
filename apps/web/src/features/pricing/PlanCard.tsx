import type { ReactNode } from "react";
import { CheckIcon } from "../../components/icons.tsx";
import { useTrueCounts } from "../site/true-counts.ts";
import { type Billing, formatUsd, type Plan, pricePerMonth, yearlySavingPercent } from "./plans.ts";

/** One plan: name, price for the billing period, what is included, and the caller's action. */
export function PlanCard({
  plan,
  billing,
  highlighted = false,
  action,
}: {
  plan: Plan;
  billing: Billing;
  highlighted?: boolean;
  action: ReactNode;
}) {
  const saving = yearlySavingPercent(plan);
  const counted = useTrueCounts();
  const price = pricePerMonth(plan, billing);
  return (
    <section
      aria-label={`${plan.name} plan`}
      className={`relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 sm:p-8 ${
        highlighted ? "ring-2 ring-indigo-600" : "ring-slate-200"
      }`}
    >
      {highlighted && (
        <p className="absolute -top-3 left-6 rounded-full bg-indigo-600 px-3 py-0.5 text-xs font-semibold text-white">
          Most popular
        </p>
      )}
      <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900" data-testid={`price-${plan.name}`}>
          {price === null ? "—" : formatUsd(price)}
        </span>
        {price !== null && <span className="text-sm text-slate-500">/month</span>}
      </p>
      <p className="mt-1 h-5 text-sm text-slate-500">
        {billing === "yearly" && saving > 0
          ? `Billed yearly, save ${saving}%`
          : billing === "monthly" && (plan.monthlyPrice ?? 0) > 0
            ? "Billed monthly"
            : ""}
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-indigo-600" />
            {counted(f)}
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </section>
  );
}
