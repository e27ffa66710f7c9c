import type { JobWithMetadata, PgBoss } from "pg-boss";
import { HEARTBEAT_REFRESH_SECONDS, type pollingFor, RETRIES } from "../jobs/queue.ts";
import { slots } from "../jobs/slots.ts";
import { log, withLogs } from "../logs/context.ts";
import type { Metrics } from "../metrics/registry.ts";
import type { WorkerDeps } from "./deps.ts";
import { JOBS } from "./jobs.ts";

/** How long after a job's handler returns the workers look for the next job. */
const WAKE_DELAY_MS = 250;

/**
 * Registers every queue's handler; each job runs alone in its handler call (batch size 1), and at most
 * `concurrency` media jobs run at once in this process, whatever their queues (WORKER_CONCURRENCY).
 */
export async function startWorkers(
  boss: PgBoss,
  deps: WorkerDeps,
  run: { concurrency: number; polling: ReturnType<typeof pollingFor>; metrics?: Metrics },
): Promise<{ wakeAfterRetry(retryCount: number): void }> {
  const { concurrency, polling, metrics } = run;
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
  for (const job of JOBS) {
    const name = job.name;
    const handler = job.runQueued;
    const run = job.light
      ? handler
      : (...args: Parameters<typeof handler>) => media.run(() => handler(...args));
    const id = await boss.work(
      name,
      {
        includeMetadata: true,
        batchSize: 1,
        localConcurrency: job.concurrency ?? (job.light ? 1 : concurrency),
        // One user may hold all but one of a queue's slots: someone else's job always finds one free.
        groupConcurrency: Math.max(1, concurrency - 1),
        ...polling,
        heartbeatRefreshSeconds: HEARTBEAT_REFRESH_SECONDS,
      },
      async (jobs) => {
        const queued = jobs[0] as JobWithMetadata<unknown> | undefined;
        if (!queued) return;
        // every line this job logs carries its ids (log() inside the handler answers this logger)
        const data = queued.data as { projectId?: string; trackId?: string };
        const logger = log().child({
          jobId: queued.id,
          kind: name,
          trackId: data.trackId,
          projectId: data.projectId,
        });
        const ended = metrics?.jobStarted(name);
        const started = Date.now();
        await withLogs(logger, async () => {
          logger.info({ attempt: queued.retryCount + 1 }, "job started");
          try {
            await run(deps, queued.data, queued.retryCount >= queued.retryLimit);
            ended?.("done");
            logger.info({ ms: Date.now() - started }, "job done");
          } catch (error) {
            ended?.("failed");
            logger.error({ err: error, ms: Date.now() - started }, "job failed");
            wakeAfterRetry(queued.retryCount);
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
