import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { billing, stripeEvents } from "../db/schema.ts";

type BillingRow = typeof billing.$inferSelect;

export interface SubscriptionState {
  subscriptionId: string | null;
  status: string | null;
  plan: string | null;
  interval: string | null;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export class BillingRepository {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async get(userId: string): Promise<BillingRow | null> {
    const [row] = await this.db.select().from(billing).where(eq(billing.userId, userId));
    return row ?? null;
  }

  async findByCustomer(customerId: string): Promise<BillingRow | null> {
    const [row] = await this.db.select().from(billing).where(eq(billing.customerId, customerId));
    return row ?? null;
  }

  /** Records the user's Stripe customer; a customer already recorded is kept. Returns the one in effect. */
  async setCustomer(userId: string, customerId: string): Promise<string> {
    const [row] = await this.db
      .insert(billing)
      .values({ userId, customerId })
      .onConflictDoUpdate({
        target: billing.userId,
        set: {
          customerId: sql`coalesce(${billing.customerId}, excluded.customer_id)`,
          updatedAt: new Date(),
        },
      })
      .returning({ customerId: billing.customerId });
    return row!.customerId!;
  }

  /**
   * Applies a subscription state from an event created at `eventAt`, unless a newer event was applied
   * already (Stripe does not promise delivery order). Returns whether it was applied.
   */
  async applySubscription(
    userId: string,
    customerId: string | null,
    state: Partial<SubscriptionState>,
    eventAt: Date,
  ): Promise<boolean> {
    const values = { ...state, lastEventAt: eventAt, updatedAt: new Date() };
    const rows = await this.db
      .insert(billing)
      .values({ userId, customerId, ...values })
      .onConflictDoUpdate({
        target: billing.userId,
        set: { ...values, customerId: sql`coalesce(${billing.customerId}, excluded.customer_id)` },
        setWhere: sql`${billing.lastEventAt} is null or ${billing.lastEventAt} <= ${eventAt.toISOString()}`,
      })
      .returning({ userId: billing.userId });
    return rows.length === 1;
  }

  async seenEvent(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: stripeEvents.id })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, id));
    return Boolean(row);
  }

  async recordEvent(id: string, type: string): Promise<void> {
    await this.db.insert(stripeEvents).values({ id, type }).onConflictDoNothing();
  }
}
