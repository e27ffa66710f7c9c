// The job runner: how long work starts (one transaction) and how a handler runs (everything guarded).
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import type { JobKind, LanguageCode } from "@dubbing/contract";
import { and, count, eq, sql } from "drizzle-orm";
import { fromDrizzle, type PgBoss } from "pg-boss";
import type { Db } from "../db/client.ts";
import { jobs, type UsageKind } from "../db/schema.ts";
import { checkPayload, type PayloadSchemas } from "./definition.ts";
import { isRetryable, JobError } from "./retry.ts";
import type { JobRow, JobTracker } from "./tracker.ts";

/**
 * Each queue's payload. The engine names none of them, so that it imports no feature: the worker role
 * declares them from its list of jobs (`declare module` in workers/payloads.ts), and TypeScript merges
 * that declaration into this one wherever the program is checked.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging (workers/payloads.ts)
export interface JobPayloads {}

/** A queue's name: one per job of the worker role's list. */
export type QueueName = keyof JobPayloads & string;

type DrizzleTx = Parameters<typeof fromDrizzle>[0];

type TrackedQueue = Exclude<QueueName, "retention" | "purge" | "export" | "webhook"> & JobKind;

interface StartJob<N extends TrackedQueue> {
  queue: N;
  /** The user whose work it is (fair scheduling: ordered behind no one else's backlog, limited per user). */
  owner: string;
  /** What the job works on: a project (and language) or a storyboard. */
  subject: { projectId: string; language?: LanguageCode } | { storyboardId: string };
  /** The queue payload, given the id of the job's progress row. */
  payload: (trackId: string) => JobPayloads[N];
  /**
   * The record's own change, in the same transaction (e.g. the translation becomes "dubbing"): false
   * when another run holds the record, and then nothing starts.
   */
  claim?: (tx: Db) => Promise<boolean>;
  /** Minutes the work takes from its user's month: reserved here (402 when not enough is left). */
  charge?: JobCharge;
}

/**
 * Minutes a job takes from its user's month. The engine records them on the job row and calls `reserve`
 * in the transaction that starts the job; the usage feature supplies it (usage/reserve.ts, `chargeMinutes`)
 * and gives failed jobs' minutes back (the tracker's `release` hook).
 */
export interface JobCharge {
  userId: string;
  kind: UsageKind;
  seconds: number;
  /** Takes the minutes, or throws (402); answers the month they were taken from. */
  reserve: (tx: Db) => Promise<string>;
}

/**
 * Starts jobs: the record's claim, the progress row and the queue entry commit together or not at all.
 * Every payload is checked against its job's schema before it is sent.
 */
export class JobQueue {
  readonly #db: Db;
  readonly #boss: PgBoss;
  readonly #payloads: PayloadSchemas;
  constructor(db: Db, boss: PgBoss, payloads: PayloadSchemas) {
    this.#db = db;
    this.#boss = boss;
    this.#payloads = payloads;
  }

  #checked<N extends QueueName>(queue: N, data: JobPayloads[N]): JobPayloads[N] {
    checkPayload(this.#payloads, queue, data);
    return data;
  }

  /**
   * Files of deleted records that the store refused to delete: retried with back-off for about a day
   * (30 tries from 10 s, doubling, capped by pg-boss at its maximum delay).
   */
  async enqueuePurge(target: JobPayloads["purge"]): Promise<void> {
    await this.#boss.send("purge", this.#checked("purge", target), {
      retryLimit: 30,
      retryDelay: 10,
      retryBackoff: true,
    });
  }

  /** A "Download my data" export (its row is the record; written by the caller in `tx`). */
  async enqueueExport(tx: Db, exportId: string): Promise<void> {
    const db = fromDrizzle(tx as unknown as DrizzleTx, sql);
    const id = await this.#boss.send("export", this.#checked("export", { exportId }), { db });
    if (!id) throw new Error("the queue refused an export job");
  }

  /** Sends the pending webhook deliveries of an endpoint and project (webhooks/deliver.ts), now or later. */
  async enqueueWebhook(endpointId: string, orderKey: string, afterMs = 0): Promise<void> {
    await this.#boss.send(
      "webhook",
      this.#checked("webhook", { endpointId, orderKey }),
      afterMs > 0 ? { startAfter: new Date(Date.now() + afterMs) } : {},
    );
  }

  /** The job's progress row, or null when the claim said another run holds the record. */
  start<N extends TrackedQueue>(job: StartJob<N>): Promise<JobRow | null> {
    return this.#db.transaction(async (tx) => {
      if (job.claim && !(await job.claim(tx))) return null;
      const charge = job.charge && {
        chargedSeconds: job.charge.seconds,
        chargeKind: job.charge.kind,
        chargeUserId: job.charge.userId,
        chargeMonth: await job.charge.reserve(tx),
      };
      const subject =
        "storyboardId" in job.subject
          ? { storyboardId: job.subject.storyboardId }
          : { projectId: job.subject.projectId, language: job.subject.language ?? null };
      // Fair order: a job goes behind the owner's own queued jobs, not behind everyone else's.
      const [{ waiting } = { waiting: 0 }] = await tx
        .select({ waiting: count() })
        .from(jobs)
        .where(and(eq(jobs.ownerId, job.owner), eq(jobs.kind, job.queue), eq(jobs.status, "queued")));
      const [row] = await tx
        .insert(jobs)
        .values({
          ...subject,
          ...charge,
          ownerId: job.owner,
          kind: job.queue,
          status: "queued",
          progress: 0,
          message: "Waiting for a worker",
        })
        .returning();
      // pg-boss writes its job through this transaction: it exists only if everything above commits.
      const db = fromDrizzle(tx as unknown as DrizzleTx, sql); // drizzle types this driver's rows `unknown`
      const queueJobId = await this.#boss.send(job.queue, this.#checked(job.queue, job.payload(row!.id)), {
        db,
        group: { id: job.owner },
        priority: -Math.min(waiting, 1000),
      });
      if (!queueJobId) throw new Error(`the queue refused a ${job.queue} job`);
      const [started] = await tx.update(jobs).set({ queueJobId }).where(eq(jobs.id, row!.id)).returning();
      return started!;
    });
  }
}

/** What a failed run leaves behind: the message, and the record's state when no retry is left. */
interface Failure {
  message: string;
  record: () => Promise<unknown>;
}

/** Lets a handler's work make scratch folders and register clean-ups, all undone whatever happens. */
export interface JobScope {
  scratch(dir: string, prefix: string): Promise<string>;
  onCleanup(fn: () => Promise<unknown> | unknown): void;
  /** Aborted when the run passes its budget: hand it to every engine and ffmpeg call. */
  signal: AbortSignal;
}

/**
 * Runs one attempt of a job with everything, set-up included, inside the guard. On an error, after the
 * clean-ups: when a retry cannot help or none is left, the record (`failure.record`) and the job row are
 * marked failed; then a final error ends the job, another one is rethrown for pg-boss to retry.
 */
export async function runGuarded(
  run: {
    tracker: JobTracker;
    trackId: string | undefined;
    isLastAttempt: boolean;
    budgetMs?: number;
    /** Removes what the run stored, when its subject was deleted while it ran. */
    purgeIfDeleted?: () => Promise<unknown>;
  },
  failure: (error: unknown) => Failure,
  work: (scope: JobScope) => Promise<void>,
): Promise<void> {
  // Past its budget a run is stopped and fails for good: its slot goes to the next job.
  const budget = new AbortController();
  const timer = run.budgetMs === undefined ? null : setTimeout(() => budget.abort(), run.budgetMs);
  // A deleted subject takes its job row along (cascade): the run then stops and ends quietly.
  const deleted = new AbortController();
  const watch = run.trackId ? watchDeletion(run.tracker, run.trackId, deleted) : null;
  const cleanups: (() => Promise<unknown> | unknown)[] = [
    () => timer && clearTimeout(timer),
    () => watch && clearInterval(watch),
  ];
  const cleanUp = async () => {
    for (const fn of cleanups.splice(0).reverse()) await Promise.resolve(fn()).catch(() => {});
  };
  // Checked after the run's last write, so whatever it stored after the deletion is removed here.
  const endedByDeletion = async () => {
    if (!run.trackId) return false;
    if (!deleted.signal.aborted && (await run.tracker.exists(run.trackId))) return false;
    await run.purgeIfDeleted?.();
    return true;
  };
  const scope: JobScope = {
    async scratch(dir, prefix) {
      const folder = await mkdtemp(path.join(dir, prefix));
      cleanups.push(() => rm(folder, { recursive: true, force: true }));
      return folder;
    },
    onCleanup: (fn) => cleanups.push(fn),
    signal: AbortSignal.any([budget.signal, deleted.signal]),
  };
  try {
    await work(scope);
    await cleanUp();
    await endedByDeletion();
  } catch (thrown) {
    await cleanUp();
    if (await endedByDeletion()) return;
    const error = budget.signal.aborted
      ? new JobError(`it took longer than the ${spoken(run.budgetMs ?? 0)} it may take`, {
          retryable: false,
          cause: thrown,
        })
      : thrown;
    const retryable = isRetryable(error);
    if (!retryable || run.isLastAttempt) {
      const { message, record } = failure(error);
      await record();
      if (run.trackId) await run.tracker.finish(run.trackId, "failed", message);
      if (!retryable) return;
    }
    throw error;
  } finally {
    await cleanUp();
  }
}

/** How often a running job looks whether its subject still exists. */
const DELETION_POLL_MS = 2000;

function watchDeletion(tracker: JobTracker, trackId: string, deleted: AbortController) {
  return setInterval(() => {
    tracker
      .exists(trackId)
      .then((exists) => exists || deleted.abort())
      .catch(() => {});
  }, DELETION_POLL_MS);
}

/** The first line of an error's message, short enough for a status line. */
export function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error)
    .split("\n")[0]!
    .slice(0, 300);
}

/** "12 minutes", "40 seconds": a budget as people say it. */
function spoken(ms: number): string {
  if (ms >= 120_000) return `${Math.round(ms / 60_000)} minutes`;
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}
