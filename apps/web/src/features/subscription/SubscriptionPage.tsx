import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "../../api/client.ts";
import { buttonPrimary, buttonSecondary } from "../../components/button-styles.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { useSubscriptionActive } from "../auth/session.ts";
import { SUPPORT_EMAIL } from "../policies/PolicyLayout.tsx";
import { BillingToggle } from "../pricing/BillingToggle.tsx";
import { PlanCard } from "../pricing/PlanCard.tsx";
import { type Billing, PLANS } from "../pricing/plans.ts";
import { notify } from "../toast/toast-store.ts";

interface Usage {
  month: string;
  transcribedSeconds: number;
  dubbedSeconds: number;
}

const minutes = (s: number) => `${Math.round(s / 60).toLocaleString("en-US")} min`;

export default function SubscriptionPage() {
  usePageTitle("Subscription");
  const active = useSubscriptionActive(true);
  const usage = useQuery({ queryKey: ["usage"], queryFn: () => apiFetch<Usage>("/api/usage"), retry: false });
  const [billing, setBilling] = useState<Billing>("monthly");
  const [opening, setOpening] = useState(false);
  const isPro = active.data === true;
  const allowance = PLANS.find((p) => p.name === (isPro ? "Pro" : "Free"))!.monthlyMinutes;

  const openPortal = async () => {
    setOpening(true);
    try {
      const { url } = await apiFetch<{ url: string }>("/api/stripe/portal");
      window.location.assign(url);
    } catch (error) {
      console.error("Billing portal", error);
      notify.error("The billing portal is not available right now. Please try again later.");
      setOpening(false);
    }
  };

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Your Subscription</h1>
          <p className="mt-2 text-sm text-slate-600">
            Current Plan:{" "}
            <span
              className="rounded-full bg-indigo-50 px-2.5 py-0.5 font-semibold text-indigo-700"
              data-testid="current-plan"
            >
              {active.isPending ? "…" : isPro ? "Pro" : "Free"}
            </span>
          </p>
          {active.isError && (
            <p className="mt-1 text-xs text-amber-700">Your plan could not be checked; showing Free.</p>
          )}
        </div>
        <button type="button" className={buttonSecondary} onClick={openPortal} disabled={opening}>
          {opening ? "Opening..." : "Manage billing"}
        </button>
      </div>

      <section
        aria-labelledby="usage-title"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="usage-title" className="font-semibold text-slate-900">
          Usage this month
        </h2>
        {usage.isPending && <p className="mt-2 text-sm text-slate-500">Loading usage...</p>}
        {usage.isError && <p className="mt-2 text-sm text-slate-500">Usage is not available right now.</p>}
        {usage.data && (
          <dl className="mt-3 grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-xs text-slate-500">Transcribed</dt>
              <dd className="text-xl font-semibold text-slate-900">
                {minutes(usage.data.transcribedSeconds)}{" "}
                <span className="text-sm font-normal text-slate-500">
                  of {minutes(allowance * 60)} included
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Dubbed</dt>
              <dd className="text-xl font-semibold text-slate-900">{minutes(usage.data.dubbedSeconds)}</dd>
            </div>
          </dl>
        )}
      </section>

      <div className="flex justify-center">
        <BillingToggle value={billing} onChange={setBilling} />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => {
          const current =
            (plan.name === "Pro" && isPro) || (plan.name === "Free" && !isPro && !active.isPending);
          return (
            <PlanCard
              key={plan.name}
              plan={plan}
              billing={billing}
              highlighted={plan.name === "Pro"}
              action={
                <button
                  type="button"
                  disabled={current}
                  className={`${current ? buttonSecondary : buttonPrimary} w-full`}
                  onClick={() => console.info("Upgrade requested", { plan: plan.name, billing })}
                >
                  {current ? "Current Plan" : "Upgrade"}
                </button>
              }
            />
          );
        })}
      </div>

      <section
        aria-labelledby="help-title"
        className="flex flex-col gap-4 rounded-2xl bg-slate-900 p-6 text-white sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="help-title" className="text-lg font-semibold">
            Need Help?
          </h2>
          <p className="mt-1 text-sm text-slate-300">
            Questions about plans, invoices or refunds? We are happy to help.
          </p>
        </div>
        <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonPrimary}>
          Contact Support
        </a>
      </section>
    </div>
  );
}
