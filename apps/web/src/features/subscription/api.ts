import { useQuery } from "@tanstack/react-query";
import { apiFetch, jsonBody } from "../../api/client.ts";
import type { Billing } from "../pricing/plans.ts";

export interface Usage {
  month: string;
  transcribedSeconds: number;
  dubbedSeconds: number;
  usedSeconds?: number;
  limitSeconds?: number;
  remainingSeconds?: number;
  plan?: "free" | "pro" | "executive";
  /** Counted work: translations and storyboard videos this month, image searches this hour. */
  quotas?: Record<"translations" | "storyboardVideos" | "imageSearches", { used: number; limit: number }>;
  storage?: { usedBytes: number; limitBytes: number };
}

export interface BillingConfig {
  purchasesAvailable: boolean;
  portalAvailable: boolean;
  message: string | null;
}

export interface SubscriptionState {
  active: boolean;
  plan: "pro" | "executive" | null;
  status: string | null;
  billing: Billing | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

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
  apiFetch<{ url: string; id: string }>("/api/stripe/checkout", jsonBody("POST", { plan, billing }));

export const openPortal = () => apiFetch<{ url: string }>("/api/stripe/portal");

/** The plan a user is on, by name: the subscription's plan when known, else Pro if active (PRODUCT.md § Screens), else Free. */
export function currentPlanName(active: boolean | undefined, plan: SubscriptionState["plan"] | undefined) {
  if (!active) return "Free" as const;
  return plan === "executive" ? ("Executive" as const) : ("Pro" as const);
}
