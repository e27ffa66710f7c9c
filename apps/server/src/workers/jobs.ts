// The worker role's jobs: adding one is its own file (name, payload schema, handler) and a line here.
import { payloadSchemas } from "../jobs/definition.ts";
import { dubJob } from "./dub.ts";
import { exportJob } from "./export.ts";
import { ingestJob } from "./ingest.ts";
import { purgeJob } from "./purge.ts";
import { retentionJob } from "./retention.ts";
import { storyboardJob } from "./storyboard.ts";
import { transcribeJob } from "./transcribe.ts";
import { translateJob } from "./translate.ts";
import { webhookJob } from "./webhook.ts";

export const JOBS = [
  ingestJob,
  transcribeJob,
  translateJob,
  dubJob,
  retentionJob,
  storyboardJob,
  purgeJob,
  exportJob,
  webhookJob,
] as const;

/** Every queue's name, as the queue is created. */
export const QUEUE_NAMES = JOBS.map((job) => job.name);
/** Every queue's payload schema, for the JobQueue that sends them. */
export const JOB_PAYLOADS = payloadSchemas(JOBS);
