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

export type { BillingConfig, SubscriptionState, Usage };

export const useUsage = () =>
  useQuery({ queryKey: ["usage"], queryFn: () => apiFetch<Usage>("/api/usage"), retry: false });

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
export const startCheckout = (plan: "pro" | "executive", billing: Billing) =>
  apiFetch<CheckoutSession>("/api/stripe/checkout", jsonBody("POST", { plan, billing }));

export const openPortal = () => apiFetch<PortalSession>("/api/stripe/portal");

/** The plan a user is on, by name: the subscription's plan when known, else Pro if active (PRODUCT.md § Screens), else Free. */
export function currentPlanName(active: boolean | undefined, plan: SubscriptionState["plan"] | undefined) {
  if (!active) return "Free" as const;
  return plan === "executive" ? ("Executive" as const) : ("Pro" as const);
}
