import type { Job, JobKind, LanguageCode } from "@dubbing/contract";
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { jobs, type UsageKind } from "../db/schema.ts";
import { type ProgressWriter, progressWriter } from "./progress.ts";

export type JobRow = typeof jobs.$inferSelect;

/** Gives a failed job's reserved minutes back to its user's month; the usage feature supplies it. */
export type ReleaseCharge = (
  tx: Db,
  charge: { userId: string; kind: UsageKind; seconds: number; month: string },
) => Promise<unknown>;

/**
 * The user-visible record of long work: one row per run (created by JobQueue.start), with stage, percent
 * and message. Rows live in the database so any API process can stream them
 * (GET /api/video/{id}/events), whichever worker runs the job.
 */
export class JobTracker {
  readonly db: Db;
  readonly #release: ReleaseCharge;
  constructor(db: Db, release: ReleaseCharge) {
    this.db = db;
    this.#release = release;
  }

  /** The newest job of a storyboard, whatever its status. */
  async latestForStoryboard(storyboardId: string): Promise<JobRow | null> {
    const [row] = await this.db
      .select()
      .from(jobs)
      .where(eq(jobs.storyboardId, storyboardId))
      .orderBy(desc(jobs.createdAt))
      .limit(1);
    return row ?? null;
  }

  /**
   * The job's progress writer: each report updates the job row and, through `alsoWrite`, the record the
   * job works on (the project's or translation's own progress). Close it before the final state.
   */
  reporter(id: string, alsoWrite?: (percent: number, message: string) => Promise<unknown>): ProgressWriter {
    return progressWriter(async (progress, message) => {
      await this.db
        .update(jobs)
        .set({ status: "running", progress, message, updatedAt: new Date() })
        .where(eq(jobs.id, id));
      await alsoWrite?.(progress, message);
    });
  }

  /** Ends the run; a failed run gives back the minutes it had reserved (once, whoever settles it). */
  async finish(id: string, status: "done" | "failed", message: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [charge] =
        status === "failed"
          ? await tx
              .select({
                seconds: jobs.chargedSeconds,
                kind: jobs.chargeKind,
                month: jobs.chargeMonth,
                userId: jobs.chargeUserId,
              })
              .from(jobs)
              .where(and(eq(jobs.id, id), gt(jobs.chargedSeconds, 0)))
              .for("update")
          : [];
      await tx
        .update(jobs)
        .set({
          status,
          message,
          ...(status === "done" && { progress: 100 }),
          ...(charge && { chargedSeconds: 0 }),
          updatedAt: new Date(),
        })
        .where(eq(jobs.id, id));
      if (charge?.kind && charge.month && charge.userId)
        await this.#release(tx, {
          userId: charge.userId,
          kind: charge.kind,
          seconds: charge.seconds,
          month: charge.month,
        });
    });
  }

  /** False once the job's row is gone: its project, translation or storyboard was deleted. */
  async exists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id));
    return row !== undefined;
  }

  async get(id: string): Promise<JobRow | null> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row ?? null;
  }

  /** The newest queued or running job of this kind on the project (and language), if any. */
  async active(projectId: string, kind: JobKind, language: LanguageCode | null): Promise<JobRow | null> {
    const [row] = await this.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.projectId, projectId),
          eq(jobs.kind, kind),
          language === null ? undefined : eq(jobs.language, language),
          inArray(jobs.status, ["queued", "running"]),
        ),
      )
      .orderBy(desc(jobs.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** The job rows of several projects, newest first (the progress streams' one query per tick). */
  listForProjects(projectIds: string[]): Promise<JobRow[]> {
    return this.db
      .select()
      .from(jobs)
      .where(inArray(jobs.projectId, projectIds))
      .orderBy(desc(jobs.createdAt))
      .limit(50 * projectIds.length);
  }

  listForProject(projectId: string): Promise<JobRow[]> {
    return this.db
      .select()
      .from(jobs)
      .where(eq(jobs.projectId, projectId))
      .orderBy(desc(jobs.createdAt))
      .limit(50);
  }
}

export function presentJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    language: row.language,
    status: row.status,
    percent: row.progress,
    message: row.message,
    updatedAt: row.updatedAt.toISOString(),
  };
}
