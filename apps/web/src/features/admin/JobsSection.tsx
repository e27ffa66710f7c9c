import { ADMIN_JOB_FILTERS, type AdminJob } from "@dubbing/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { inputBase } from "../../components/button-styles.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { notify } from "../toast/toast-store.ts";
import { adminKey, cancelJob, retryJob, useAdminJobs } from "./api.ts";
import { ColumnHeads, card, Pager, QueryState, Time, td } from "./parts.tsx";

const FILTER_LABELS: Record<(typeof ADMIN_JOB_FILTERS)[number], string> = {
  active: "Queued, running and failed",
  queued: "Queued",
  running: "Running",
  failed: "Failed",
  done: "Done",
  all: "All",
};
const RETRYABLE = new Set(["transcribe", "translate", "dub"]);

type Pending = { kind: "retry" | "cancel"; job: AdminJob } | null;

/**
 * Jobs with their id (every log line of a job carries it as `jobId`), status and error; a failed one
 * retried as its owner's new run, a queued one cancelled.
 */
export function JobsSection() {
  const id = useId();
  const [status, setStatus] = useState<(typeof ADMIN_JOB_FILTERS)[number]>("active");
  const [pages, setPages] = useState<string[]>([]);
  const jobs = useAdminJobs(status, pages.at(-1));
  const [pending, setPending] = useState<Pending>(null);
  const client = useQueryClient();

  const act = async () => {
    if (!pending) return;
    const answer =
      pending.kind === "retry" ? await retryJob(pending.job.id) : await cancelJob(pending.job.id);
    await client.invalidateQueries({ queryKey: adminKey });
    notify.success(
      pending.kind === "retry"
        ? `Started again as job ${answer.job.id}.`
        : `Job ${pending.job.id} was cancelled.`,
    );
    setPending(null);
  };

  return (
    <section aria-labelledby={`${id}-h`} className={card}>
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Jobs
      </h2>
      <label className="mt-4 block max-w-xs text-sm font-medium text-slate-700">
        Show
        <select
          className={`${inputBase} mt-1`}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as typeof status);
            setPages([]);
          }}
        >
          {ADMIN_JOB_FILTERS.map((f) => (
            <option key={f} value={f}>
              {FILTER_LABELS[f]}
            </option>
          ))}
        </select>
      </label>
      <div className="mt-4 overflow-x-auto">
        <QueryState query={jobs} what="jobs" isEmpty={(d) => d.jobs.length === 0} empty="No jobs here.">
          {(data) => (
            <>
              <JobsTable jobs={data.jobs} onAct={setPending} />
              <Pager
                next={data.next}
                atStart={pages.length === 0}
                onOlder={() => data.next && setPages([...pages, data.next])}
                onNewest={() => setPages([])}
              />
            </>
          )}
        </QueryState>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === "retry" ? "Retry this job?" : "Cancel this job?"}
        confirmLabel={pending?.kind === "retry" ? "Retry" : "Cancel job"}
        busyLabel="Working..."
        onConfirm={act}
        onClose={() => setPending(null)}
      >
        {pending?.kind === "retry" ? (
          <p>
            The {pending.job.kind} starts again as {pending.job.owner?.email ?? "its owner"}'s new run; its
            minutes come from their month.
          </p>
        ) : (
          <p>The job will not run; its minutes go back to the owner, who can start it again.</p>
        )}
      </ConfirmDialog>
    </section>
  );
}

/** The page of jobs as a table; a failed one can be retried, a queued one cancelled. */
function JobsTable({ jobs, onAct }: { jobs: AdminJob[]; onAct: (pending: Pending) => void }) {
  return (
    <table className="min-w-full divide-y divide-slate-200">
      <caption className="sr-only">Jobs, newest first</caption>
      <ColumnHeads
        names={["Job id", "Kind", "Status", "Message or error", "Owner", "Project", "Updated"]}
        actions
      />
      <tbody className="divide-y divide-slate-100">
        {jobs.map((job) => (
          <tr key={job.id} data-testid="admin-job-row">
            <th scope="row" className={`${td} font-mono text-xs`}>
              {job.id}
            </th>
            <td className={td}>
              {job.kind}
              {job.language ? ` (${job.language})` : ""}
            </td>
            <td className={td}>
              {job.status}
              {job.status === "running" ? ` ${job.percent}%` : ""}
            </td>
            <td className={`${td} max-w-md ${job.status === "failed" ? "text-red-700" : ""}`}>
              {job.message ?? ""}
            </td>
            <td className={td}>{job.owner?.email ?? "(gone)"}</td>
            <td className={`${td} font-mono text-xs`}>{job.projectId ?? job.storyboardId ?? ""}</td>
            <td className={td}>
              <Time iso={job.updatedAt} />
            </td>
            <td className={`${td} whitespace-nowrap`}>
              {job.status === "failed" && RETRYABLE.has(job.kind) && (
                <button
                  type="button"
                  className="font-semibold text-indigo-700 hover:underline"
                  aria-label={`Retry job ${job.id}`}
                  onClick={() => onAct({ kind: "retry", job })}
                >
                  Retry
                </button>
              )}
              {job.status === "queued" && (
                <button
                  type="button"
                  className="font-semibold text-red-700 hover:underline"
                  aria-label={`Cancel job ${job.id}`}
                  onClick={() => onAct({ kind: "cancel", job })}
                >
                  Cancel
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
