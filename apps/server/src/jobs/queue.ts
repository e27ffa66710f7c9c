import { fromPglite, PgBoss } from "pg-boss";
import type { Database } from "../db/client.ts";
import { log } from "../logs/context.ts";

/**
 * Retries of a transient failure (the network, the store, the database): exponential from 1 s, capped at
 * a minute, ten of them — about four minutes in all, so a minute-long outage is outlasted; a dead worker's
 * job starts again at once. Permanent
 * failures are not retried at all (jobs/retry.ts).
 */
export const RETRIES = { retryLimit: 10, retryDelay: 1, retryBackoff: true, retryDelayMax: 60 };
/** 10 s without a heartbeat (pg-boss's least) and a job goes to another worker. */
const HEARTBEAT_SECONDS = 10;
/** A running job beats this often, so its last beat is at most this old when its worker dies. */
export const HEARTBEAT_REFRESH_SECONDS = 2;
/** How often the supervising processes of scale-out look for jobs without a heartbeat. */
const SUPERVISE_SECONDS = 2;

/**
 * How a worker learns of new jobs. Creating a job sends a NOTIFY (PostgreSQL's, or PGlite's in-process
 * one) that wakes the workers of its queue at once; polling is only the backstop for what a notification
 * cannot announce (a retry whose delay ends, a job handed back by the monitor). Embedded mode is one
 * process with nothing to fail over to, so its backstop is slow and its idle server sleeps; scale-out
 * keeps a short one, which is part of a dead worker's takeover (≤ 15 s: docs/ARCHITECTURE.md, Faults).
 */
export function pollingFor(kind: Database["kind"]) {
  return kind === "pglite"
    ? { pollingIntervalSeconds: 60, notifyPollingIntervalSeconds: 60 }
    : { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 };
}

/** pg-boss on the same database as the data: PGlite in embedded mode, PostgreSQL in scale-out mode. */
export async function startBoss(
  database: Database,
  opts: { supervise: boolean; queues: readonly string[] },
): Promise<PgBoss> {
  const boss =
    database.kind === "pglite"
      ? new PgBoss({
          db: fromPglite(database.pglite),
          backend: "pglite",
          supervise: opts.supervise,
          schedule: opts.supervise,
          useListenNotify: true,
          // One process: no other worker's dead job to find quickly (supervision at pg-boss's 60 s), an
          // hourly schedule (looked at every 45 s, not 5), and no flows (job dependencies) to advance.
          cronWorkerIntervalSeconds: 45,
          flowIntervalSeconds: 60,
        })
      : new PgBoss({
          connectionString: database.url,
          useListenNotify: true,
          supervise: opts.supervise,
          schedule: opts.supervise,
          // a dead worker's job (no heartbeat for HEARTBEAT_SECONDS) is found within this many seconds
          superviseIntervalSeconds: SUPERVISE_SECONDS,
          // the monitor pass is the one that fails jobs whose heartbeat stopped (pg-boss's default: 60 s)
          monitorIntervalSeconds: SUPERVISE_SECONDS,
          max: 4,
        });
  boss.on("error", (error) => log().error({ err: error }, "queue error"));
  await boss.start();
  for (const name of opts.queues) {
    if (!(await boss.getQueue(name))) {
      await boss.createQueue(name, {
        ...RETRIES,
        heartbeatSeconds: HEARTBEAT_SECONDS,
        expireInSeconds: 3600,
        notify: true,
      });
    } else {
      await boss.updateQueue(name, { ...RETRIES, heartbeatSeconds: HEARTBEAT_SECONDS, notify: true });
    }
    // Warms pg-boss's queue cache now: JobQueue.start sends inside the app's transaction, and on PGlite
    // (one connection) a cache miss there would wait for that very transaction to end.
    await boss.getJobById(name, "00000000-0000-4000-8000-000000000000");
  }
  return boss;
}

/**
 * Embedded mode is one process, so at start-up any job still marked active was cut off by a stop or a crash:
 * hand it back to the queue at once instead of waiting for its heartbeat to lapse.
 */
export async function requeueOrphans(database: Database, boss: PgBoss): Promise<number> {
  if (database.kind !== "pglite") return 0;
  const { rows } = await database.pglite.query<{ id: string; name: string }>(
    "SELECT id, name FROM pgboss.job WHERE state = 'active'",
  );
  for (const row of rows) await boss.fail(row.name, row.id, { message: "interrupted by a restart" });
  return rows.length;
}
