import { z } from "zod";
import { defineJob } from "../jobs/definition.ts";
import { runWebhookDelivery } from "../webhooks/deliver.ts";
import type { WorkerDeps } from "./deps.ts";

/** Webhook deliveries wait on other servers (up to 10 s each): several run at once. */
const WEBHOOK_CONCURRENCY = 4;

/** Sends an endpoint's pending deliveries for one project, in order (webhooks/deliver.ts). */
export const webhookJob = defineJob({
  name: "webhook",
  payload: z.strictObject({ endpointId: z.string(), orderKey: z.string() }),
  light: true,
  concurrency: WEBHOOK_CONCURRENCY,
  run: (deps: WorkerDeps, job) => runWebhookDelivery(deps.delivery, job),
});
