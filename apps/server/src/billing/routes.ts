import { type BillingConfig, checkoutBody, type PlanList, type SubscriptionState } from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { currentUser, PUBLIC, SESSION_ONLY } from "../auth/access.ts";
import { parseBody } from "../http/validate.ts";
import type { BillingService } from "./service.ts";

/** Stripe Checkout, the customer portal, webhooks, and the subscription state (PRODUCT.md § Plans and limits; docs/decisions/billing-and-plans.md). */
export function billingRoutes(app: FastifyInstance, deps: { billing: BillingService }) {
  const { billing } = deps;

  // The plans the pricing and subscription pages show: PLANS_FILE's, not the web bundle's.
  app.get("/api/plans", PUBLIC, async (): Promise<PlanList> => billing.planList());

  app.get("/api/stripe/config", PUBLIC, async (): Promise<BillingConfig> => billing.publicConfig());

  // The account's plan and payments: its holder's, signed in; an API key (one workspace's) is refused.
  app.get("/api/stripe/subscription/active", SESSION_ONLY, async (request) =>
    billing.isActive(currentUser(request).id),
  );

  app.get(
    "/api/stripe/subscription",
    SESSION_ONLY,
    async (request): Promise<SubscriptionState> => billing.subscription(currentUser(request).id),
  );

  app.post("/api/stripe/checkout", SESSION_ONLY, async (request) => {
    const { plan, billing: period } = parseBody(checkoutBody, request.body);
    return billing.checkout(currentUser(request), plan, period);
  });

  app.get("/api/stripe/portal", SESSION_ONLY, async (request) => billing.portal(currentUser(request)));

  // The signature covers the exact bytes Stripe sent, so this route reads the body raw.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scope.post("/api/stripe/webhook", PUBLIC, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return billing.webhook(raw, request.headers["stripe-signature"]);
    });
  });
}
