import { eq } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { PlansConfig } from "../config-plans.ts";
import { users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  BILLINGS,
  type Billing,
  checkLimit,
  findPlan,
  isActiveStatus,
  isPaid,
  type Plan,
  type PlanId,
  type PlanInEffect,
  planInEffect,
} from "../plans/plans.ts";
import type { UsageRepository } from "../usage/repository.ts";
import { monthOf } from "../usage/repository.ts";
import { planLimitError } from "../usage/reserve.ts";
import type { BillingRepository } from "./repository.ts";
import { type StripeClient, type StripeEvent, verifyWebhook } from "./stripe.ts";

const UNAVAILABLE = "Purchases are not available on this server.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type StripeConfig = Config["stripe"];

/** Subscriptions through Stripe, the plan of each user, and the monthly plan limits. */
export class BillingService {
  readonly repo: BillingRepository;
  readonly usage: UsageRepository;
  readonly stripe: StripeClient | null;
  readonly config: StripeConfig;
  readonly publicUrl: string;
  readonly plans: PlansConfig;

  constructor(deps: {
    repo: BillingRepository;
    usage: UsageRepository;
    stripe: StripeClient | null;
    config: StripeConfig;
    publicUrl: string;
    plans: PlansConfig;
  }) {
    this.plans = deps.plans;
    this.repo = deps.repo;
    this.usage = deps.usage;
    this.stripe = deps.stripe;
    this.config = deps.config;
    this.publicUrl = deps.publicUrl;
  }

  priceOf(plan: PlanId, billing: Billing): string | undefined {
    return this.config.prices[plan]?.[billing];
  }

  /** Which plan a Stripe price id buys, from the configured price ids. */
  planOfPrice(priceId: string | null | undefined): { plan: PlanId; billing: Billing } | null {
    for (const [plan, prices] of Object.entries(this.config.prices)) {
      for (const billing of BILLINGS) {
        if (priceId && prices[billing] === priceId) return { plan, billing };
      }
    }
    return null;
  }

  /** A plan Stripe may sell: defined, with a price. */
  private sellable(plan: unknown): PlanId | null {
    const found = typeof plan === "string" ? findPlan(this.plans, plan) : undefined;
    return found && isPaid(found) ? found.id : null;
  }

  /** GET /api/plans: the plans offered here, in order, and a new account's. */
  planList() {
    return { plans: this.plans.list, signupPlan: this.plans.signup };
  }

  /** What the subscription screen needs to know before offering purchases. */
  publicConfig() {
    const enabled = this.stripe !== null;
    return {
      purchasesAvailable:
        enabled && this.plans.list.some((p) => isPaid(p) && BILLINGS.some((b) => this.priceOf(p.id, b))),
      portalAvailable: enabled,
      message: enabled ? null : UNAVAILABLE,
      plans: this.plans.list.map((p) => ({
        ...p,
        purchasable: {
          monthly: enabled && isPaid(p) && Boolean(this.priceOf(p.id, "monthly")),
          yearly: enabled && isPaid(p) && Boolean(this.priceOf(p.id, "yearly")),
        },
      })),
    };
  }

  /** The account's plan in effect (plans.ts planInEffect), read from the database on every call. */
  async planStateOf(userId: string): Promise<PlanInEffect & { assignedPlan: PlanId | null }> {
    const [row, [account]] = await Promise.all([
      this.repo.get(userId),
      this.repo.db.select({ plan: users.plan }).from(users).where(eq(users.id, userId)),
    ]);
    const assignedPlan = account?.plan ?? null;
    const subscribedPlan = isActiveStatus(row?.status) ? (row?.plan ?? this.defaultPaidPlan()) : null;
    return { ...planInEffect(this.plans, { subscribedPlan, assignedPlan }), assignedPlan };
  }

  /** What an active subscription that names no plan buys: the first plan with a price. */
  private defaultPaidPlan(): PlanId {
    return this.plans.list.find(isPaid)?.id ?? "pro";
  }

  async subscription(userId: string) {
    const row = await this.repo.get(userId);
    const active = isActiveStatus(row?.status);
    const plan = (await this.planStateOf(userId)).plan.id;
    return {
      active,
      plan,
      status: row?.status ?? null,
      // Only "monthly" and "yearly" are written; the column is text.
      billing: BILLINGS.find((b) => b === row?.interval) ?? null,
      currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    };
  }

  /**
   * Before an account is deleted: a running subscription is cancelled in Stripe (it throws when Stripe
   * refuses, and then nothing is deleted: nobody keeps paying for an account that is gone).
   */
  async cancelForAccountDeletion(userId: string): Promise<void> {
    const row = await this.repo.get(userId);
    if (!row?.subscriptionId || !isActiveStatus(row.status)) return;
    if (!this.stripe)
      throw new AppError(
        "payment_provider_error",
        "Your subscription cannot be cancelled right now. Please try again later.",
      );
    await this.stripe.cancelSubscription(row.subscriptionId);
  }

  async isActive(userId: string): Promise<boolean> {
    return isActiveStatus((await this.repo.get(userId))?.status);
  }

  async planOf(userId: string): Promise<Plan> {
    return (await this.planStateOf(userId)).plan;
  }

  /** This month's usage against the plan's limit (null: none). */
  async usageOf(userId: string) {
    const [plan, used] = await Promise.all([
      this.planOf(userId),
      this.usage.get(userId, monthOf(new Date())),
    ]);
    const usedSeconds = used.transcribedSeconds + used.dubbedSeconds;
    const limitSeconds = plan.limitSeconds;
    return {
      ...used,
      usedSeconds,
      limitSeconds,
      remainingSeconds: limitSeconds === null ? null : Math.max(0, limitSeconds - usedSeconds),
      plan,
    };
  }

  /**
   * Refuses (402 plan_limit_reached) an upload or dub of `seconds` that would pass this month's limit:
   * the early answer, before a large upload is stored. The minutes are reserved when the work is accepted.
   */
  async assertCanUse(userId: string, seconds: number, what: "upload" | "dub"): Promise<void> {
    const u = await this.usageOf(userId);
    const check = checkLimit(u.plan, u.usedSeconds, seconds);
    if (!check.ok) throw planLimitError(check, what);
  }

  private client(): StripeClient {
    if (!this.stripe) throw new AppError("billing_unavailable", UNAVAILABLE);
    return this.stripe;
  }

  private async customerOf(user: { id: string; email: string }): Promise<string> {
    const stripe = this.client();
    const row = await this.repo.get(user.id);
    if (row?.customerId) return row.customerId;
    const customer = await stripe.createCustomer(user.email, user.id);
    return this.repo.setCustomer(user.id, customer.id);
  }

  async checkout(user: { id: string; email: string }, planId: PlanId, billing: Billing) {
    const stripe = this.client();
    const plan = findPlan(this.plans, planId);
    if (!plan || !isPaid(plan))
      throw new AppError("validation_failed", "Choose one of the plans with a price.", [
        {
          path: "plan",
          message: `Plans with a price: ${
            this.plans.list
              .filter(isPaid)
              .map((p) => p.id)
              .join(", ") || "none"
          }.`,
        },
      ]);
    const price = this.priceOf(plan.id, billing);
    if (!price) {
      throw new AppError(
        "billing_unavailable",
        `The ${plan.name} plan cannot be bought ${billing} on this server.`,
      );
    }
    if (await this.isActive(user.id)) {
      throw new AppError(
        "already_subscribed",
        "You already have an active subscription. Change it from the billing portal (Manage billing).",
      );
    }
    const customer = await this.customerOf(user);
    const metadata = { userId: user.id, plan: plan.id, billing };
    const session = await stripe.createCheckoutSession({
      mode: "subscription",
      customer,
      client_reference_id: user.id,
      line_items: [{ price, quantity: 1 }],
      success_url: `${this.publicUrl}/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${this.publicUrl}/subscription?checkout=canceled`,
      allow_promotion_codes: true,
      metadata,
      subscription_data: { metadata },
    });
    return { url: session.url, id: session.id };
  }

  async portal(user: { id: string; email: string }) {
    const stripe = this.client();
    const customer = await this.customerOf(user);
    const session = await stripe.createPortalSession(customer, `${this.publicUrl}/subscription`);
    return { url: session.url };
  }

  /** Verifies and applies one webhook delivery. Unknown event types are acknowledged and ignored. */
  async webhook(
    rawBody: Buffer,
    signature: string | string[] | undefined,
  ): Promise<{ received: true; applied: boolean }> {
    if (!this.config.webhookSecret) throw new AppError("billing_unavailable", UNAVAILABLE);
    const event = verifyWebhook(rawBody, signature, this.config.webhookSecret);
    if (typeof event.id === "string" && (await this.repo.seenEvent(event.id)))
      return { received: true, applied: false };
    const applied = await this.apply(event);
    if (typeof event.id === "string") await this.repo.recordEvent(event.id, event.type);
    return { received: true, applied };
  }

  private async apply(event: StripeEvent): Promise<boolean> {
    // biome-ignore lint/suspicious/noExplicitAny: Stripe objects are loosely typed JSON, read defensively
    const object = event.data.object as Record<string, any>;
    const at = new Date((Number(event.created) || Math.floor(Date.now() / 1000)) * 1000);
    const id = (value: unknown) =>
      typeof value === "string" ? value : ((value as { id?: string })?.id ?? null);
    switch (event.type) {
      case "checkout.session.completed": {
        if (object.mode && object.mode !== "subscription") return false;
        const userId = object.client_reference_id ?? object.metadata?.userId;
        const customerId = id(object.customer);
        if (!(await this.knownUser(userId))) return false;
        const paid = object.payment_status === "paid" || object.payment_status === "no_payment_required";
        const plan = this.sellable(object.metadata?.plan);
        const interval = BILLINGS.includes(object.metadata?.billing) ? object.metadata.billing : null;
        if (customerId) await this.repo.setCustomer(userId, customerId);
        if (!paid) return false;
        return this.repo.applySubscription(
          userId,
          customerId,
          {
            subscriptionId: id(object.subscription),
            status: "active",
            ...(plan && { plan }),
            ...(interval && { interval }),
          },
          at,
        );
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const customerId = id(object.customer);
        const byCustomer = customerId ? await this.repo.findByCustomer(customerId) : null;
        const userId = byCustomer?.userId ?? object.metadata?.userId;
        if (!(await this.knownUser(userId))) return false;
        const item = object.items?.data?.[0];
        const priceId = id(item?.price) ?? id(object.plan);
        const bought = this.planOfPrice(priceId);
        const metaPlan = this.sellable(object.metadata?.plan);
        const periodEnd = Number(object.current_period_end ?? item?.current_period_end);
        return this.repo.applySubscription(
          userId,
          customerId,
          {
            subscriptionId: id(object.id),
            status:
              event.type === "customer.subscription.deleted" ? "canceled" : String(object.status ?? "active"),
            priceId,
            plan: bought?.plan ?? metaPlan ?? this.defaultPaidPlan(),
            interval: bought?.billing ?? (item?.price?.recurring?.interval === "year" ? "yearly" : "monthly"),
            currentPeriodEnd: Number.isFinite(periodEnd) && periodEnd > 0 ? new Date(periodEnd * 1000) : null,
            cancelAtPeriodEnd: Boolean(object.cancel_at_period_end),
          },
          at,
        );
      }
      default:
        return false;
    }
  }

  private async knownUser(userId: unknown): Promise<boolean> {
    if (typeof userId !== "string" || !UUID.test(userId)) return false;
    const [row] = await this.repo.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    return Boolean(row);
  }
}
