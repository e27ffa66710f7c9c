import type { AdminJob, AdminJobList, AdminJobQuery } from "@dubbing/contract";
import { and, desc, eq, getTableColumns, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { jobs, projects, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { JobPayloads } from "../jobs/runner.ts";
import { release } from "../jobs/stuck.ts";
import { type JobRow, JobTracker } from "../jobs/tracker.ts";
import type { TranslationService } from "../translations/service.ts";
import { releaseMinutes } from "../usage/reserve.ts";
import type { VideoService } from "../videos/service.ts";
import { type Operator, recordAction } from "./audit.ts";
import { pageOf } from "./search.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const jobNotFound = () => new AppError("not_found", "There is no such job.");
export const CANCELLED_MESSAGE = "An operator cancelled this work before it started. Start it again.";

const STATUSES = {
  active: ["queued", "running", "failed"],
  queued: ["queued"],
  running: ["running"],
  failed: ["failed"],
  done: ["done"],
  all: ["queued", "running", "done", "failed"],
} as const;

type Row = JobRow & { ownerEmail: string | null };

function present(row: Row): AdminJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    percent: row.progress,
    message: row.message,
    projectId: row.projectId,
    storyboardId: row.storyboardId,
    language: row.language,
    owner: row.ownerId && row.ownerEmail ? { id: row.ownerId, email: row.ownerEmail } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The console's Jobs section: runs queued, running and failed (with their error), a failed run started
 * again and a queued one cancelled. A retry is a new run on the owner's behalf, through the same start as
 * the owner's own (checks, claim, and the minutes reserved from the owner's month before it runs).
 */
export class AdminJobs {
  readonly #db: Db;
  readonly #videos: VideoService;
  readonly #translations: TranslationService;

  constructor(deps: { db: Db; videos: VideoService; translations: TranslationService }) {
    this.#db = deps.db;
    this.#videos = deps.videos;
    this.#translations = deps.translations;
  }

  async list(query: AdminJobQuery): Promise<AdminJobList> {
    const rows = await this.#select(
      and(
        inArray(jobs.status, [...STATUSES[query.status]]),
        query.before ? lt(jobs.createdAt, new Date(query.before)) : undefined,
      ),
      query.limit + 1,
    );
    const page = pageOf(rows, query.limit, (r) => r.createdAt);
    return { jobs: page.rows.map(present), next: page.next };
  }

  async get(id: string): Promise<AdminJob> {
    return present(await this.#find(id));
  }

  /** Starts a failed transcription, translation or dub again as its owner would; answers the new run. */
  async retry(admin: Operator, id: string): Promise<AdminJob> {
    const job = await this.#find(id);
    if (job.status !== "failed") throw new AppError("conflict", "Only a failed job can be retried.");
    if (!job.ownerId || !job.projectId)
      throw new AppError("conflict", "This job's owner or project is gone; there is nothing to retry.");
    const owner = job.ownerId;
    let started: { id: string } | null = null;
    if (job.kind === "transcribe") {
      const [project] = await this.#db.select().from(projects).where(eq(projects.id, job.projectId));
      if (!project) throw new AppError("conflict", "This job's project is gone; there is nothing to retry.");
      await this.#videos.retranscribe(owner, project.id, project.language);
      started = await new JobTracker(this.#db, releaseMinutes).active(project.id, "transcribe", null);
    } else if (job.kind === "translate" && job.language) {
      started = (await this.#translations.translate(owner, job.projectId, job.language)).job;
    } else if (job.kind === "dub" && job.language) {
      // The same dub as asked for: its options are in the failed run's queue entry.
      const data = await this.#queueData<JobPayloads["dub"]>(job.queueJobId);
      started = (
        await this.#translations.dub(owner, job.projectId, job.language, {
          burnSubtitles: data?.burnSubtitles,
          bilingualSubtitles: data?.bilingualSubtitles,
          background: data?.background,
          timing: data?.timing,
          maxSpeed: data?.maxSpeed,
        })
      ).job;
    } else {
      throw new AppError(
        "conflict",
        `A failed ${job.kind} job cannot be retried from the console: its owner starts it again.`,
      );
    }
    if (!started) throw new AppError("conflict", "The work could not start again; its record is busy.");
    await recordAction(this.#db, admin, "retry_job", { id: job.id, label: `${job.kind} → ${started.id}` });
    return this.get(started.id);
  }

  /**
   * Cancels a job no worker has taken: its queue entry is cancelled only while still waiting (the same row
   * lock a worker's fetch takes, so one of the two wins), then the run fails with its minutes given back
   * and its record released — all in one transaction with the audit line.
   */
  async cancel(admin: Operator, id: string): Promise<AdminJob> {
    const job = await this.#find(id);
    if (job.status !== "queued" || !job.queueJobId)
      throw new AppError("conflict", "Only a job that is waiting for a worker can be cancelled.");
    await this.#db.transaction(async (tx) => {
      const result = (await tx.execute(sql`
        UPDATE pgboss.job SET state = 'cancelled', completed_on = now()
        WHERE name = ${job.kind} AND id = ${job.queueJobId}::uuid AND state IN ('created', 'retry')
        RETURNING id`)) as unknown as { rows: unknown[] };
      if (result.rows.length === 0)
        throw new AppError(
          "conflict",
          "A worker has already started this job; it can no longer be cancelled.",
        );
      await new JobTracker(tx, releaseMinutes).finish(job.id, "failed", CANCELLED_MESSAGE);
      await release(
        tx,
        {
          id: job.id,
          kind: job.kind,
          project_id: job.projectId,
          language: job.language,
          storyboard_id: job.storyboardId,
        },
        CANCELLED_MESSAGE,
      );
      await recordAction(tx, admin, "cancel_job", { id: job.id, label: job.kind });
    });
    return this.get(job.id);
  }

  async #queueData<T>(queueJobId: string | null): Promise<T | null> {
    if (!queueJobId || !UUID.test(queueJobId)) return null;
    const result = (await this.#db.execute(
      sql`SELECT data FROM pgboss.job WHERE id = ${queueJobId}::uuid`,
    )) as unknown as { rows: { data: T }[] };
    return result.rows[0]?.data ?? null;
  }

  async #find(id: string): Promise<Row> {
    if (!UUID.test(id)) throw jobNotFound();
    const [row] = await this.#select(eq(jobs.id, id), 1);
    if (!row) throw jobNotFound();
    return row;
  }

  #select(where: SQL | undefined, limit: number): Promise<Row[]> {
    return this.#db
      .select({ ...getTableColumns(jobs), ownerEmail: users.email })
      .from(jobs)
      .leftJoin(users, eq(users.id, jobs.ownerId))
      .where(where)
      .orderBy(desc(jobs.createdAt))
      .limit(limit);
  }
}
