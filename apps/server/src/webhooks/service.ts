import {
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
} from "@dubbing/contract";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { boundPerUser } from "../db/per-user-bound.ts";
import { webhookDeliveries, webhookEndpoints } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { log } from "../logs/context.ts";
import { newMessageId, newSecret } from "./signing.ts";
import { assertPublicTarget } from "./target.ts";

/** A bound on what one account keeps. */
const MAX_WEBHOOK_ENDPOINTS = 10;
/** Deliveries the log shows. */
const LOG_SIZE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Puts a delivery job on the queue (jobs/runner.ts), at once or after a delay. */
export type EnqueueDelivery = (endpointId: string, orderKey: string, afterMs?: number) => Promise<void>;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const presentEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  createdAt: row.createdAt.toISOString(),
});
const withSecret = (row: EndpointRow): WebhookEndpointWithSecret => ({
  ...presentEndpoint(row),
  secret: row.secret,
});

const iso = (d: Date | null) => d?.toISOString() ?? null;
const presentDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  type: row.type,
  status: row.status,
  attempts: row.attempts,
  responseCode: row.responseCode,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
  deliveredAt: iso(row.deliveredAt),
});

/**
 * Webhook endpoints and the events sent to them. An event becomes one delivery row per subscribed,
 * enabled endpoint and a queue job that sends it (webhooks/deliver.ts); rows of one project are sent in
 * the order they were made.
 */
export class WebhookService {
  readonly #db: Db;
  readonly #enqueue: EnqueueDelivery;
  readonly #allowPrivate: boolean;
  constructor(db: Db, enqueue: EnqueueDelivery, allowPrivate: boolean) {
    this.#db = db;
    this.#enqueue = enqueue;
    this.#allowPrivate = allowPrivate;
  }

  async list(workspaceId: string): Promise<WebhookEndpoint[]> {
    const rows = await this.#db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspaceId, workspaceId))
      .orderBy(webhookEndpoints.createdAt);
    return rows.map(presentEndpoint);
  }

  async create(
    userId: string,
    workspaceId: string,
    input: { url: string; events: WebhookEvent[]; enabled: boolean },
  ): Promise<WebhookEndpointWithSecret> {
    await assertPublicTarget(input.url, this.#allowPrivate);
    return this.#db.transaction(async (tx) => {
      await boundPerUser(tx, {
        table: webhookEndpoints,
        owner: webhookEndpoints.workspaceId,
        userId: workspaceId,
        max: MAX_WEBHOOK_ENDPOINTS,
        message: `This workspace has ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints, the most it can have. Delete one first.`,
      });
      const [row] = await tx
        .insert(webhookEndpoints)
        .values({
          userId,
          workspaceId,
          url: input.url,
          events: [...new Set(input.events)],
          enabled: input.enabled,
          secret: newSecret(),
        })
        .returning();
      return withSecret(row!);
    });
  }

  /** A new signing secret, shown this once; the old one signs nothing from now on. */
  async rotateSecret(workspaceId: string, id: string): Promise<WebhookEndpointWithSecret> {
    await this.#owned(workspaceId, id);
    const [row] = await this.#db
      .update(webhookEndpoints)
      .set({ secret: newSecret() })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
      .returning();
    return withSecret(row!);
  }

  async update(
    workspaceId: string,
    id: string,
    change: { url?: string; events?: WebhookEvent[]; enabled?: boolean },
  ): Promise<WebhookEndpoint> {
    const endpoint = await this.#owned(workspaceId, id);
    if (change.url !== undefined) await assertPublicTarget(change.url, this.#allowPrivate);
    // an empty change changes nothing (an UPDATE without a column to set is not SQL)
    if (Object.values(change).every((v) => v === undefined)) return presentEndpoint(endpoint);
    const [row] = await this.#db
      .update(webhookEndpoints)
      .set({
        ...(change.url !== undefined && { url: change.url }),
        ...(change.events !== undefined && { events: [...new Set(change.events)] }),
        // enabled again by its owner: the reason it was disabled no longer holds
        ...(change.enabled !== undefined && { enabled: change.enabled, disabledReason: null }),
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
      .returning();
    return presentEndpoint(row!);
  }

  async remove(workspaceId: string, id: string): Promise<void> {
    await this.#owned(workspaceId, id);
    await this.#db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)));
  }

  async deliveries(workspaceId: string, id: string): Promise<WebhookDelivery[]> {
    await this.#owned(workspaceId, id);
    const rows = await this.#db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, id))
      .orderBy(desc(webhookDeliveries.seq))
      .limit(LOG_SIZE);
    return rows.map(presentDelivery);
  }

  /** "Send a test event": a `webhook.test` message to this endpoint only, through the same queue. */
  async sendTest(workspaceId: string, id: string): Promise<WebhookDelivery> {
    const endpoint = await this.#owned(workspaceId, id);
    if (!endpoint.enabled)
      throw new AppError("conflict", "This endpoint is disabled. Enable it to send it a test event.");
    const [row] = await this.#queue([endpoint], WEBHOOK_TEST_EVENT, `test:${id}`, {
      message: "This is a test event from AI Video Dubbing.",
    });
    return presentDelivery(row!);
  }

  /**
   * An event of a workspace's work: one delivery per enabled endpoint that subscribed to it, sent in order
   * with the other events of `orderKey` (the project). Never throws: a failure here must not fail the
   * work that emitted it.
   */
  async emit(workspaceId: string, type: WebhookEvent, orderKey: string, data: Record<string, unknown>) {
    try {
      const endpoints = (
        await this.#db
          .select()
          .from(webhookEndpoints)
          .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.enabled, true)))
      ).filter((e) => e.events.includes(type));
      if (endpoints.length > 0) await this.#queue(endpoints, type, orderKey, data);
    } catch (err) {
      log().error({ err, type }, "could not queue a webhook event");
    }
  }

  async #queue(endpoints: EndpointRow[], type: string, orderKey: string, data: Record<string, unknown>) {
    const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
    const rows = await this.#db
      .insert(webhookDeliveries)
      .values(
        endpoints.map((e) => ({
          id: newMessageId(),
          endpointId: e.id,
          orderKey,
          type,
          body,
          status: "pending" as const,
        })),
      )
      .returning();
    for (const row of rows) await this.#enqueue(row.endpointId, orderKey);
    return rows;
  }

  async #owned(workspaceId: string, id: string): Promise<EndpointRow> {
    const [row] = UUID.test(id)
      ? await this.#db
          .select()
          .from(webhookEndpoints)
          .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
      : [];
    if (!row) throw new AppError("not_found", "This webhook endpoint does not exist.");
    return row;
  }
}
