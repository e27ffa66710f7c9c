import { z } from "zod";
import { BILLINGS } from "./plans.ts";

// Plans and the Stripe subscription, as the subscription page reads them.

/** GET /api/stripe/config: whether purchases work here, and the plans (their limits and quotas too). */
export const billingConfigSchema = z.object({
  purchasesAvailable: z.boolean(),
  portalAvailable: z.boolean(),
  message: z.string().nullable(),
  plans: z.array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      monthlyPrice: z.number().nullable(),
      yearlyMonthlyPrice: z.number().nullable(),
      limitSeconds: z.number().nullable(),
      purchasable: z.object({ monthly: z.boolean(), yearly: z.boolean() }),
    }),
  ),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

/** GET /api/stripe/subscription. */
export const subscriptionSchema = z.object({
  active: z.boolean(),
  /** The plan in effect: the subscription's while it is active, else the one the operator set, else the sign-up plan. */
  plan: z.string(),
  status: z.string().nullable(),
  billing: z.enum(BILLINGS).nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionState = z.infer<typeof subscriptionSchema>;

/** POST /api/stripe/checkout body. */
export const checkoutBody = z.object({
  plan: z.string({ error: "Choose a plan." }).trim().min(1, "Choose a plan.").max(40),
  billing: z.enum(BILLINGS, { error: "Choose monthly or yearly billing." }).default("monthly"),
});
/** POST /api/stripe/checkout: the Stripe Checkout session to send the browser to. */
export const checkoutSessionSchema = z.object({ url: z.string(), id: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;
export const portalSessionSchema = z.object({ url: z.string() });
export type PortalSession = z.infer<typeof portalSessionSchema>;
/** POST /api/stripe/webhook. */
export const stripeWebhookAnswerSchema = z.object({ received: z.literal(true), applied: z.boolean() });
