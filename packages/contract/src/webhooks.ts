import { z } from "zod";
import { reportSummarySchema } from "./responses.ts";

/** The events an endpoint can subscribe to; `webhook.test` is only sent by "Send a test event". */
export const WEBHOOK_EVENTS = [
  "project.ready",
  "project.failed",
  "translation.completed",
  "translation.failed",
  "dub.completed",
  "dub.failed",
  "export.ready",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_TEST_EVENT = "webhook.test";

/** A webhook endpoint of the user, as listed: never with its secret (a read-only key could forge events). */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why the service disabled it (repeated failure), or null. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
/**
 * POST /api/webhooks and POST /api/webhooks/{id}/secret: the endpoint with its signing secret
 * (`whsec_…`), shown this once.
 */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;
export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

const WEBHOOK_DELIVERY_STATUSES = ["pending", "sending", "delivered", "failed"] as const;

/** One message to one endpoint, as the delivery log shows it. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  /** The HTTP status of the last attempt, or null (no answer: refused, timed out). */
  responseCode: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

const webhookUrl = z.url({ protocol: /^https?$/, message: "Enter an http:// or https:// address" }).max(2000);
const events = z.array(z.enum(WEBHOOK_EVENTS)).min(1, "Choose at least one event");

/** POST /api/webhooks body. */
export const createWebhookSchema = z.object({ url: webhookUrl, events, enabled: z.boolean().default(true) });
/** PATCH /api/webhooks/{id} body. */
export const updateWebhookSchema = z.object({
  url: webhookUrl.optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
});

/** The `data` of a `dub.completed` event: signed links valid 7 days and the report card's summary. */
export const dubCompletedDataSchema = z.object({
  projectId: z.string(),
  language: z.string(),
  videoUrl: z.string(),
  audioUrl: z.string(),
  subtitlesUrl: z.string().nullable(),
  summary: reportSummarySchema.nullable(),
});
export type DubCompletedData = z.infer<typeof dubCompletedDataSchema>;
