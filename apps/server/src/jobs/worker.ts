import type { JobWithMetadata, PgBoss } from "pg-boss";
import { type IngestDeps, runIngest } from "./ingest.ts";
import type { JobPayloads } from "./sender.ts";

/** Registers the handler of every queue. Each job runs alone in its handler call (batch size 1). */
export async function startWorkers(boss: PgBoss, deps: IngestDeps, concurrency: number): Promise<void> {
  await boss.work<JobPayloads["ingest"]>(
    "ingest",
    { includeMetadata: true, batchSize: 1, localConcurrency: concurrency, pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      const job = jobs[0] as JobWithMetadata<JobPayloads["ingest"]> | undefined;
      if (!job) return;
      await runIngest(deps, job.data.projectId, job.retryCount >= job.retryLimit);
    },
  );
}
