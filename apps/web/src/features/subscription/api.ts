import type {
  Billing,
  BillingConfig,
  CheckoutSession,
  PortalSession,
  SubscriptionState,
  Usage,
} from "@dubbing/contract";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, jsonBody } from "../../api/client.ts";
import { currentWorkspaceId, withWorkspace } from "../workspaces/current.ts";

export type { BillingConfig, SubscriptionState, Usage };

/** The current workspace's usage: its owner's plan and month, which its members' work spends. */
export const useUsage = () =>
  useQuery({
    queryKey: ["usage", currentWorkspaceId()],
    queryFn: () => apiFetch<Usage>(withWorkspace("/api/usage")),
    retry: false,
  });

export const useBillingConfig = () =>
  useQuery({
    queryKey: ["stripe", "config"],
    queryFn: () => apiFetch<BillingConfig>("/api/stripe/config"),
    retry: false,
  });

export const useSubscription = () =>
  useQuery({
    queryKey: ["stripe", "subscription"],
    queryFn: () => apiFetch<SubscriptionState>("/api/stripe/subscription"),
    retry: false,
  });

/** Starts Stripe Checkout for a paid plan; the browser then goes to the returned URL. */
export const startCheckout = (plan: string, billing: Billing) =>
  apiFetch<CheckoutSession>("/api/stripe/checkout", jsonBody("POST", { plan, billing }));

export const openPortal = () => apiFetch<PortalSession>("/api/stripe/portal");

/**
 * The plan a user is on, by name: the server says which plan is in effect (a subscription's, the
 * operator's choice, or the sign-up plan); its id stands in until the plans are loaded.
 */
export function currentPlanName(plans: { id: string; name: string }[] | null, plan: string | undefined) {
  if (!plan) return "…";
  return plans?.find((p) => p.id === plan)?.name ?? plan;
}

/** "of 30 min", or "(no limit)" on a plan without one. */
export function limitOf<T extends number>(limit: T | null, show: (n: T) => string): string {
  return limit === null ? "(no limit)" : `of ${show(limit)}`;
}
