import type { Mailer } from "@dubbing/identity-server";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users, webhookDeliveries, webhookEndpoints } from "../db/schema.ts";
import { log } from "../logs/context.ts";
import type { EnqueueDelivery } from "./service.ts";
import { signedHeaders } from "./signing.ts";
import { postJson } from "./target.ts";

/** The Standard Webhooks advice: a receiver answers within seconds; past this the attempt failed. */
const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long a claimed delivery is its sender's; after it (the sender died) another worker takes it. */
const CLAIM_MS = WEBHOOK_TIMEOUT_MS + 20_000;

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  enqueue: EnqueueDelivery;
  allowPrivate: boolean;
  /** Waits before each retry; when they are used up the endpoint is disabled and its owner told. */
  retryDelaysMs: number[];
  publicUrl: string;
}

/**
 * Sends the pending deliveries of one endpoint and project (`orderKey`) in order, oldest first, until one
 * fails (its retry is queued with back-off and the rest wait behind it) or none is left. Only the oldest
 * unsent delivery is ever claimed, and only when no other worker is sending one: so at most one is in
 * flight per endpoint and project, and a later event never overtakes an earlier one. At least once: a
 * sender that dies mid-attempt leaves a claim that lapses, and the delivery is sent again.
 */
export async function runWebhookDelivery(deps: DeliveryDeps, job: { endpointId: string; orderKey: string }) {
  const { db } = deps;
  for (;;) {
    const claimed = (await db.execute(sql`
      UPDATE webhook_deliveries SET status = 'sending', attempts = attempts + 1, last_attempt_at = now(),
        locked_until = now() + ${`${CLAIM_MS} milliseconds`}::interval
      WHERE id = (
        SELECT id FROM webhook_deliveries
        WHERE endpoint_id = ${job.endpointId} AND order_key = ${job.orderKey} AND status IN ('pending', 'sending')
        ORDER BY seq LIMIT 1
      ) AND ((status = 'pending' AND next_attempt_at <= now()) OR (status = 'sending' AND locked_until < now()))
      RETURNING id, body, attempts`)) as unknown as {
      rows: { id: string; body: string; attempts: number }[];
    };
    const delivery = claimed.rows[0];
    // none left, the oldest is being sent by another worker, or it waits for its retry (queued already)
    if (!delivery) return;
    const [endpoint] = await db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, job.endpointId));
    if (!endpoint) return; // deleted: its deliveries went with it
    const set = (change: Partial<typeof webhookDeliveries.$inferInsert>) =>
      db
        .update(webhookDeliveries)
        .set({ lockedUntil: null, ...change })
        .where(eq(webhookDeliveries.id, delivery.id));
    if (!endpoint.enabled) {
      await set({ status: "failed", error: "The endpoint is disabled." });
      continue;
    }
    const result = await postJson(
      endpoint.url,
      delivery.body,
      signedHeaders(endpoint.secret, delivery.id, delivery.body),
      {
        allowPrivate: deps.allowPrivate,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
      },
    );
    if (result.error === null) {
      await set({ status: "delivered", responseCode: result.status, error: null, deliveredAt: new Date() });
      continue;
    }
    const wait = deps.retryDelaysMs[delivery.attempts - 1];
    if (wait !== undefined) {
      await set({
        status: "pending",
        responseCode: result.status,
        error: result.error,
        nextAttemptAt: new Date(Date.now() + wait),
      });
      await deps.enqueue(job.endpointId, job.orderKey, wait);
      return;
    }
    await set({ status: "failed", responseCode: result.status, error: result.error });
    await disable(deps, endpoint, result.error);
  }
}

/** How long the delivery log keeps a settled delivery. */
const DELIVERY_LOG_DAYS = 30;

/** The hourly retention job's part: settled deliveries older than the log keeps. */
export async function sweepDeliveries(db: Db, now: Date): Promise<void> {
  await db
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ["delivered", "failed"]),
        lt(webhookDeliveries.createdAt, new Date(now.getTime() - DELIVERY_LOG_DAYS * 86_400_000)),
      ),
    );
}

/** Retries used up: the endpoint stops receiving events, and its owner gets an email saying why. */
async function disable(
  deps: DeliveryDeps,
  { id: endpointId, userId, url }: { id: string; userId: string; url: string },
  error: string,
) {
  const hours = Math.round(deps.retryDelaysMs.reduce((a, b) => a + b, 0) / 3_600_000);
  const reason = `Disabled after every attempt failed for ${hours} hours (last: ${error}).`;
  const [changed] = await deps.db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  if (!changed) return; // already disabled: one email
  const [owner] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!owner) return;
  const account = `${deps.publicUrl}/account`;
  const text = `We stopped sending events to your webhook endpoint ${url}.\n\n${reason}\n\nFix the receiver, then enable the endpoint again on your account page: ${account}\n`;
  await deps.mailer
    .send({
      to: owner.email,
      subject: "Your webhook endpoint was disabled",
      text,
      html: `<p>We stopped sending events to your webhook endpoint <code>${escapeHtml(url)}</code>.</p><p>${escapeHtml(reason)}</p><p>Fix the receiver, then enable the endpoint again on <a href="${escapeHtml(account)}">your account page</a>.</p>`,
    })
    .catch((err: Error) => log().error({ err }, "could not email the owner of a disabled webhook endpoint"));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
