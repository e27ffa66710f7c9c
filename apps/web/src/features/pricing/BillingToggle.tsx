import type { Billing } from "./plans.ts";

/** Monthly / Yearly switch; monthly by default (PRODUCT.md § Screens). */
export function BillingToggle({ value, onChange }: { value: Billing; onChange: (b: Billing) => void }) {
  const option = (b: Billing, label: string) => (
    <button
      type="button"
      aria-pressed={value === b}
      onClick={() => onChange(b)}
      className={`rounded-full px-4 py-1.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-indigo-600 ${
        value === b ? "bg-indigo-600 text-white shadow" : "text-slate-600 hover:text-slate-900"
      }`}
    >
      {label}
    </button>
  );
  return (
    <fieldset className="inline-flex rounded-full bg-slate-100 p-1 ring-1 ring-slate-200">
      <legend className="sr-only">Billing period</legend>
      {option("monthly", "Monthly")}
      {option("yearly", "Yearly")}
    </fieldset>
  );
}
