// The opening every tracked handler shared: its progress reporter, its failure (a message, and what the
// record becomes), its budget and the guard around its work.

import type { ProgressWriter } from "../jobs/progress.ts";
import { type JobScope, runGuarded } from "../jobs/runner.ts";
import { budgetMs, type WorkerDeps } from "./deps.ts";

interface TrackedRun {
  trackId: string;
  isLastAttempt: boolean;
  /** Seconds of media the run's budget is computed from (budgetMs). */
  mediaSeconds: number;
  /** The record's own progress, written with the job row's (the project's or translation's bar). */
  alsoWrite?: (percent: number, message: string) => Promise<unknown>;
  /** What a failed run says (the job row's and the record's message). */
  message: (error: unknown) => string;
  /** The record's state when the run fails for good, given that message. */
  record: (message: string) => Promise<unknown>;
  /** Removes what the run stored, when its subject was deleted while it ran. */
  purgeIfDeleted?: () => Promise<unknown>;
}

/**
 * Runs a handler's work inside runGuarded with its progress reporter (closed with the run's clean-ups),
 * its failure and its budget: what each handler opened with before.
 */
export async function runTracked(
  deps: WorkerDeps,
  run: TrackedRun,
  work: (scope: JobScope, progress: ProgressWriter) => Promise<void>,
): Promise<void> {
  const progress = deps.tracker.reporter(run.trackId, run.alsoWrite);
  await runGuarded(
    {
      tracker: deps.tracker,
      trackId: run.trackId,
      isLastAttempt: run.isLastAttempt,
      budgetMs: budgetMs(deps.budget, run.mediaSeconds),
      purgeIfDeleted: run.purgeIfDeleted,
    },
    (error) => {
      const message = run.message(error);
      return { message, record: () => run.record(message) };
    },
    async (scope) => {
      scope.onCleanup(() => progress.close());
      await work(scope, progress);
    },
  );
}
