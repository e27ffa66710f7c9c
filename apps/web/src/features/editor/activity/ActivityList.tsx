import type { ActivityEntry } from "@dubbing/contract";
import { activityText } from "./activity-text.ts";
import { useActivity } from "./api.ts";

/** Who did what on the project, newest first; an empty state before anyone has. */
export function ActivityList({ entries, failed }: { entries: ActivityEntry[] | undefined; failed: boolean }) {
  if (failed) return <p className="text-sm text-red-700">The activity could not be loaded.</p>;
  if (!entries) return <p className="text-sm text-slate-500">Loading…</p>;
  if (entries.length === 0)
    return (
      <p className="text-sm text-slate-500">
        No activity yet: edits, translations, dubs and reviews show here.
      </p>
    );
  return (
    <ol className="space-y-1 text-sm text-slate-700">
      {entries.map((entry) => (
        // each is its own statement's time, so (time, what, who) is unique
        <li key={`${entry.at} ${entry.action} ${entry.language} ${entry.actor}`}>{activityText(entry)}</li>
      ))}
    </ol>
  );
}

/** The activity panel beside the editor. */
export function ActivityPanel({ projectId }: { projectId: string }) {
  const { data, isError } = useActivity(projectId);
  return (
    <section aria-labelledby="activity-heading" className="space-y-2">
      <h2 id="activity-heading" className="font-semibold text-slate-900">
        Activity
      </h2>
      <ActivityList entries={data} failed={isError} />
    </section>
  );
}
