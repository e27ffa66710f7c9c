// The stuck-job sweeper: a job row still "queued" or "running" whose queue job is gone, failed for good or
// ended without settling it (a worker killed between its last write and its final one, the database down
// at that moment) would keep its record busy for ever, and every new start would answer with the dead job.
import type { LanguageCode } from "@dubbing/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { projects, storyboards, translations } from "../db/schema.ts";
import type { JobTracker } from "./tracker.ts";

/** A job row younger than this may be waiting for its queue job's transaction to be seen. */
const STUCK_AFTER_MS = 2 * 60_000;
export const LOST_MESSAGE = "This work stopped without finishing (its worker went away). Start it again.";

interface StuckRow {
  id: string;
  kind: string;
  project_id: string | null;
  language: LanguageCode | null;
  storyboard_id: string | null;
}

/** Settles stuck job rows: the row fails (its minutes come back) and its record is released. */
export async function sweepStuckJobs(db: Db, tracker: JobTracker, now: Date): Promise<number> {
  const before = new Date(now.getTime() - STUCK_AFTER_MS).toISOString();
  const result = (await db.execute(sql`
    SELECT j.id, j.kind, j.project_id, j.language, j.storyboard_id
    FROM jobs j LEFT JOIN pgboss.job q ON q.id::text = j.queue_job_id
    WHERE j.status IN ('queued', 'running') AND j.updated_at < ${before}::timestamptz
      AND (q.id IS NULL OR q.state IN ('completed', 'failed', 'cancelled'))
    LIMIT 500`)) as unknown as { rows: StuckRow[] };
  for (const row of result.rows) {
    await tracker.finish(row.id, "failed", LOST_MESSAGE);
    await release(db, row);
  }
  return result.rows.length;
}

/** The record the job held goes back to a state the user can start from (also an operator's cancel). */
export async function release(db: Db, row: StuckRow, message = LOST_MESSAGE) {
  const failed = { status: "failed" as const, statusMessage: message, updatedAt: new Date() };
  if ((row.kind === "dub" || row.kind === "translate") && row.project_id && row.language) {
    await db
      .update(translations)
      .set(failed)
      .where(
        and(
          eq(translations.projectId, row.project_id),
          eq(translations.language, row.language),
          eq(translations.status, row.kind === "dub" ? "dubbing" : "translating"),
        ),
      );
  } else if ((row.kind === "ingest" || row.kind === "transcribe") && row.project_id) {
    await db
      .update(projects)
      .set(failed)
      .where(
        and(
          eq(projects.id, row.project_id),
          inArray(projects.status, ["uploaded", "processing", "transcribing"]),
        ),
      );
  } else if (row.kind === "storyboard" && row.storyboard_id) {
    await db
      .update(storyboards)
      .set(failed)
      .where(and(eq(storyboards.id, row.storyboard_id), eq(storyboards.status, "generating")));
  }
}
