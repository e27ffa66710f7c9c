import { JOB_KINDS } from "@dubbing/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Metrics } from "./registry.ts";

interface QueueRow extends Record<string, unknown> {
  kind: string;
  queued: number | string;
  running: number | string;
  oldest_seconds: number | string | null;
}

/** Reads the gauges that belong to the whole service from the database, just before a scrape. */
export async function collectFromDatabase(db: Db, metrics: Metrics, now = new Date()): Promise<void> {
  const queues = await db.execute<QueueRow>(sql`
    select kind,
      count(*) filter (where status = 'queued') as queued,
      count(*) filter (where status = 'running') as running,
      extract(epoch from ${now.toISOString()}::timestamptz - min(created_at) filter (where status = 'queued'))
        as oldest_seconds
    from jobs where status in ('queued', 'running') group by kind`);
  for (const kind of JOB_KINDS) {
    const row = rowsOf<QueueRow>(queues).find((r) => r.kind === kind);
    metrics.queueDepth.set({ kind }, Number(row?.queued ?? 0));
    metrics.jobsRunning.set({ kind }, Number(row?.running ?? 0));
    metrics.queueOldest.set({ kind }, Math.max(0, Number(row?.oldest_seconds ?? 0)));
  }
  const stored = await db.execute<{ bytes: number | string | null }>(
    sql`select coalesce(sum(size_bytes), 0) as bytes from projects`,
  );
  metrics.storedBytes.set(Number(rowsOf<{ bytes: unknown }>(stored)[0]?.bytes ?? 0));
}

/** node-postgres answers { rows }, PGlite's drizzle driver too; both shapes are accepted. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
