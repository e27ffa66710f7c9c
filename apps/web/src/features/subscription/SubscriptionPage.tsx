import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { buttonPrimary, buttonSecondary } from "../../components/button-styles.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { subscriptionKey, useSubscriptionActive } from "../auth/session.ts";
import { BillingToggle } from "../pricing/BillingToggle.tsx";
import { PlanCard } from "../pricing/PlanCard.tsx";
import { type Billing, isPaidPlan, type Plan, usePlans } from "../pricing/plans.ts";
import { useOperator } from "../site/site-info.ts";
import { notify } from "../toast/toast-store.ts";
import {
  currentPlanName,
  limitOf,
  openPortal,
  type SubscriptionState,
  startCheckout,
  type Usage,
  useBillingConfig,
  useSubscription,
  useUsage,
} from "./api.ts";

const minutes = (s: number) => `${Math.round(s / 60).toLocaleString("en-US")} min`;
/** "350 MB" under 1 GiB (so a little use is not "0 GiB"), "1.5 GiB" from there. */
function storageAmount(bytes: number): string {
  const gib = 1024 ** 3;
  if (bytes < gib) return `${Math.ceil(bytes / 1024 ** 2).toLocaleString("en-US")} MB`;
  return `${(bytes / gib).toLocaleString("en-US", { maximumFractionDigits: 1 })} GiB`;
}

/** The plan's counted work and storage as label and "used of limit". */
function countedUse(quotas: NonNullable<Usage["quotas"]>, storage: NonNullable<Usage["storage"]>) {
  const of = (q: { used: number; limit: number | null }) => `${q.used} ${limitOf(q.limit, String)}`;
  return [
    ["Translations this month", of(quotas.translations)],
    ["Storyboard videos this month", of(quotas.storyboardVideos)],
    ["Image searches this hour", of(quotas.imageSearches)],
    ["Stored videos", `${storageAmount(storage.usedBytes)} ${limitOf(storage.limitBytes, storageAmount)}`],
  ] as const;
}

export default function SubscriptionPage() {
  usePageTitle("Subscription");
  const active = useSubscriptionActive(true);
  const subscription = useSubscription();
  const usage = useUsage();
  const config = useBillingConfig();
  const [billing, setBilling] = useState<Billing>("monthly");
  const { busy, go } = useLeaveForStripe();
  const { plans } = usePlans();
  const current = currentPlanName(plans, subscription.data?.plan);
  const limitSeconds = usage.data ? usage.data.limitSeconds : null;
  const purchasesOff = config.data ? !config.data.purchasesAvailable : false;
  useCheckoutReturn();

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
              {subscription.isPending ? "…" : current}
            </span>
          </p>
          <PlanEnd subscription={subscription.data} />
          {active.isError && (
            <p className="mt-1 text-xs text-amber-700">Your plan could not be checked right now.</p>
          )}
        </div>
        {config.data?.portalAvailable && (
          <button
            type="button"
            className={buttonSecondary}
            onClick={() =>
              go(
                "portal",
                openPortal,
                "The billing portal is not available right now. Please try again later.",
              )
            }
            disabled={busy !== null}
          >
            {busy === "portal" ? "Opening..." : "Manage billing"}
          </button>
        )}
      </div>

      <UsageSection usage={usage} limitSeconds={limitSeconds} />

      <div className="flex flex-col items-center gap-3">
        <BillingToggle value={billing} onChange={setBilling} />
        {purchasesOff && (
          <p className="text-sm text-slate-600" data-testid="purchases-off">
            {config.data?.message ?? "Purchases are not available on this server."}
          </p>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        {plans?.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            billing={billing}
            highlighted={plan.id === "pro"}
            action={
              <PlanButton
                plan={plan}
                isCurrent={!subscription.isPending && plan.name === current}
                disabled={purchasesOff || busy !== null || active.data === true}
                busy={busy === plan.name}
                onBuy={(id) =>
                  go(
                    plan.name,
                    () => startCheckout(id, billing),
                    "Checkout is not available right now. Please try again later.",
                  )
                }
              />
            }
          />
        ))}
      </div>
      {active.data === true && (
        <p className="text-center text-sm text-slate-600">
          To change or cancel your plan, use Manage billing.
        </p>
      )}

      <HelpSection />
    </div>
  );
}

/** Back from Stripe Checkout: says how it went, refreshes the plan and drops `?checkout=` from the address. */
function useCheckoutReturn() {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const outcome = params.get("checkout");
    if (!outcome) return;
    if (outcome === "success") notify.success("Thank you! Your subscription is being activated.");
    else if (outcome === "canceled") notify.warning("Checkout was canceled. Your plan has not changed.");
    client.invalidateQueries({ queryKey: subscriptionKey });
    client.invalidateQueries({ queryKey: ["stripe", "subscription"] });
    setParams(
      (p) => {
        p.delete("checkout");
        return p;
      },
      { replace: true },
    );
  }, [params, setParams, client]);
}

/** Going to a Stripe page (checkout, portal): which button is waiting, and the error if Stripe says no. */
function useLeaveForStripe() {
  const [busy, setBusy] = useState<string | null>(null);
  const go = async (key: string, call: () => Promise<{ url: string }>, fallback: string) => {
    setBusy(key);
    try {
      const { url } = await call();
      window.location.assign(url);
    } catch (error) {
      console.error(error);
      notify.error((error as Error).message || fallback);
      setBusy(null);
    }
  };
  return { busy, go };
}

/** When a canceled subscription ends. */
function PlanEnd({ subscription }: { subscription: SubscriptionState | undefined }) {
  if (!subscription?.cancelAtPeriodEnd || !subscription.currentPeriodEnd) return null;
  return (
    <p className="mt-1 text-xs text-slate-600">
      Ends on{" "}
      {new Date(subscription.currentPeriodEnd).toLocaleDateString("en-US", {
        dateStyle: "long",
      })}
      .
    </p>
  );
}

/** A plan card's button: the current plan, the free one (included), or an upgrade through Checkout. */
function PlanButton({
  plan,
  isCurrent,
  disabled,
  busy,
  onBuy,
}: {
  plan: Plan;
  isCurrent: boolean;
  disabled: boolean;
  busy: boolean;
  onBuy: (plan: string) => void;
}) {
  const paid = isPaidPlan(plan);
  return (
    <button
      type="button"
      disabled={isCurrent || !paid || disabled}
      className={`${isCurrent || !paid ? buttonSecondary : buttonPrimary} w-full`}
      onClick={() => paid && onBuy(plan.id)}
    >
      {isCurrent ? "Current Plan" : busy ? "Opening checkout..." : paid ? "Upgrade" : "Included"}
    </button>
  );
}

/** The month's minutes (used of the plan's), the counted work and storage, as figures and a bar. */
function UsageSection({
  usage,
  limitSeconds,
}: {
  usage: ReturnType<typeof useUsage>;
  /** null: the plan has no monthly limit. */
  limitSeconds: number | null;
}) {
  const used = usage.data?.usedSeconds ?? 0;
  return (
    <section
      aria-labelledby="usage-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="usage-title" className="font-semibold text-slate-900">
        Usage this month
      </h2>
      {usage.isPending && <p className="mt-2 text-sm text-slate-600">Loading usage...</p>}
      <p className="mt-1 text-sm text-slate-600">
        An upload counts its video's length when it is accepted, and so does every dub, re-dubs included. Work
        that fails gives its minutes back. Work in a shared workspace uses its owner's plan and minutes,
        whoever does it.
      </p>
      {usage.isError && <p className="mt-2 text-sm text-slate-600">Usage is not available right now.</p>}
      {usage.data && (
        <>
          <dl className="mt-3 grid gap-4 sm:grid-cols-3">
            <Figure label="Used" testId="usage-used" large>
              {minutes(usage.data.usedSeconds ?? usage.data.transcribedSeconds + usage.data.dubbedSeconds)}{" "}
              <span className="text-sm font-normal text-slate-600">{limitOf(limitSeconds, minutes)}</span>
            </Figure>
            <Figure label="Transcribed">{minutes(usage.data.transcribedSeconds)}</Figure>
            <Figure label="Dubbed">{minutes(usage.data.dubbedSeconds)}</Figure>
          </dl>
          {usage.data.quotas && usage.data.storage && (
            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-4" data-testid="quotas">
              {countedUse(usage.data.quotas, usage.data.storage).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs text-slate-600">{label}</dt>
                  <dd className="font-medium text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          )}
          {limitSeconds !== null && (
            <div
              className="mt-4 h-2 overflow-hidden rounded-full bg-slate-200"
              role="progressbar"
              aria-label="Minutes used this month"
              aria-valuemin={0}
              aria-valuemax={Math.round(limitSeconds / 60)}
              aria-valuenow={Math.round(used / 60)}
            >
              <div
                className="h-full rounded-full bg-indigo-600"
                style={{ width: `${Math.min(100, (used / Math.max(1, limitSeconds)) * 100)}%` }}
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}

function Figure({
  label,
  testId,
  large = false,
  children,
}: {
  label: string;
  testId?: string;
  large?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd
        className={large ? "text-xl font-semibold text-slate-900" : "text-lg font-medium text-slate-900"}
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}

/** "Need Help?" with the operator's contact line: only where SUPPORT_EMAIL is set (README: none without it). */
function HelpSection() {
  const { supportEmail } = useOperator();
  if (!supportEmail) return null;
  return (
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
      <a href={`mailto:${supportEmail}`} className={buttonPrimary}>
        Contact Support
      </a>
    </section>
  );
}
