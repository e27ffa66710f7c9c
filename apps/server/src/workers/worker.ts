import type { JobWithMetadata, PgBoss } from "pg-boss";
import { purge } from "../deletion/purge.ts";
import { HEARTBEAT_REFRESH_SECONDS, type pollingFor, type QueueName, RETRIES } from "../jobs/queue.ts";
import type { JobPayloads } from "../jobs/runner.ts";
import { slots } from "../jobs/slots.ts";
import { log, withLogs } from "../logs/context.ts";
import type { Metrics } from "../metrics/registry.ts";
import { runWebhookDelivery } from "../webhooks/deliver.ts";
import type { WorkerDeps } from "./deps.ts";
import { runDub } from "./dub.ts";
import { runExport } from "./export.ts";
import { runIngest } from "./ingest.ts";
import { runRetention } from "./retention.ts";
import { runStoryboardVideo } from "./storyboard.ts";
import { runTranscribe } from "./transcribe.ts";
import { runTranslate } from "./translate.ts";

type Handler<N extends QueueName> = (
  deps: WorkerDeps,
  data: JobPayloads[N],
  isLastAttempt: boolean,
) => Promise<unknown>;

const HANDLERS: { [N in QueueName]: Handler<N> } = {
  ingest: runIngest,
  transcribe: runTranscribe,
  translate: runTranslate,
  dub: runDub,
  retention: (deps) => runRetention(deps, new Date()),
  storyboard: runStoryboardVideo,
  // the files of a deleted record that the store refused at the time; an error retries with back-off
  purge: (deps, target) => purge(deps.storage, deps.cacheDir, target, deps.cloner),
  export: runExport,
  webhook: (deps, job) => runWebhookDelivery(deps.delivery, job),
};

/** How long after a job's handler returns the workers look for the next job. */
const WAKE_DELAY_MS = 250;

/** Housekeeping that takes no media work: it does not wait for (or take) one of the process's slots. */
const LIGHT: QueueName[] = ["retention", "purge", "webhook"];
/** Webhook deliveries wait on other servers (up to 10 s each): several run at once. */
const WEBHOOK_CONCURRENCY = 4;

/**
 * Registers every queue's handler; each job runs alone in its handler call (batch size 1), and at most
 * `concurrency` media jobs run at once in this process, whatever their queues (WORKER_CONCURRENCY).
 */
export async function startWorkers(
  boss: PgBoss,
  deps: WorkerDeps,
  concurrency: number,
  polling: ReturnType<typeof pollingFor>,
  metrics?: Metrics,
): Promise<{ wakeAfterRetry(retryCount: number): void }> {
  const media = slots(concurrency);
  const workerIds: string[] = [];
  // No notification says that a finished job freed a user's group slot or a media slot, nor that a
  // retry's delay is over: the process's workers look again then (hints like NOTIFY itself; a look that
  // comes too early finds nothing, and the backstop poll still finds the job).
  const wakeAfter = (ms: number) =>
    setTimeout(() => {
      for (const id of workerIds) boss.notifyWorker(id);
    }, ms).unref();
  /** After the longest delay pg-boss may draw for the retry that follows `retryCount` earlier ones. */
  const wakeAfterRetry = (retryCount: number) =>
    wakeAfter(retryDelayBound(retryCount) * 1000 + WAKE_DELAY_MS);
  for (const name of Object.keys(HANDLERS) as QueueName[]) {
    const handler = HANDLERS[name] as Handler<QueueName>;
    const run = LIGHT.includes(name)
      ? handler
      : (...args: Parameters<typeof handler>) => media.run(() => handler(...args));
    const id = await boss.work(
      name,
      {
        includeMetadata: true,
        batchSize: 1,
        localConcurrency: name === "webhook" ? WEBHOOK_CONCURRENCY : LIGHT.includes(name) ? 1 : concurrency,
        // One user may hold all but one of a queue's slots: someone else's job always finds one free.
        groupConcurrency: Math.max(1, concurrency - 1),
        ...polling,
        heartbeatRefreshSeconds: HEARTBEAT_REFRESH_SECONDS,
      },
      async (jobs) => {
        const job = jobs[0] as JobWithMetadata<JobPayloads[QueueName]> | undefined;
        if (!job) return;
        // every line this job logs carries its ids (log() inside the handler answers this logger)
        const data = job.data as { projectId?: string; trackId?: string };
        const logger = log().child({
          jobId: job.id,
          kind: name,
          trackId: data.trackId,
          projectId: data.projectId,
        });
        const ended = metrics?.jobStarted(name);
        const started = Date.now();
        await withLogs(logger, async () => {
          logger.info({ attempt: job.retryCount + 1 }, "job started");
          try {
            await run(deps, job.data, job.retryCount >= job.retryLimit);
            ended?.("done");
            logger.info({ ms: Date.now() - started }, "job done");
          } catch (error) {
            ended?.("failed");
            logger.error({ err: error, ms: Date.now() - started }, "job failed");
            wakeAfterRetry(job.retryCount);
            throw error;
          } finally {
            wakeAfter(WAKE_DELAY_MS);
          }
        });
      },
    );
    workerIds.push(id);
  }
  // Hourly, on whichever worker gets it: expired projects are deleted.
  await boss.schedule("retention", "17 * * * *", {});
  return { wakeAfterRetry };
}

/** The longest a retry after `retryCount` earlier ones waits (pg-boss: delay × 2^(n+1) × [½, 1], capped). */
function retryDelayBound(retryCount: number): number {
  return Math.min(RETRIES.retryDelayMax, RETRIES.retryDelay * 2 ** Math.min(16, retryCount + 1));
}
