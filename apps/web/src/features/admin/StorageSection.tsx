import type { AdminStorage } from "@dubbing/contract";
import { useId } from "react";
import { formatBytes, useAdminStorage } from "./api.ts";
import { ColumnHeads, card, QueryState, td } from "./parts.tsx";

/** What the service stores, from its records. */
export function StorageSection() {
  const id = useId();
  const storage = useAdminStorage();
  return (
    <section aria-labelledby={`${id}-h`} className={card}>
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Storage
      </h2>
      <QueryState query={storage} what="storage totals">
        {(data) => (
          <>
            <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
              {[
                ["Store", data.backend === "s3" ? "S3" : "Local disk"],
                ["Uploaded videos", formatBytes(data.uploadedBytes)],
                ["Users", `${data.users} (${data.suspendedUsers} suspended)`],
                ["Projects", String(data.projects)],
                ["Translations", String(data.translations)],
                ["Storyboards", String(data.storyboards)],
              ].map(([term, value]) => (
                <div key={term}>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{term}</dt>
                  <dd className="text-lg font-semibold text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            <LastBackup backup={data.lastBackup} />
            {data.top.length > 0 && (
              <table className="mt-6 min-w-full divide-y divide-slate-200">
                <caption className="text-left text-sm font-semibold text-slate-700">Storing the most</caption>
                <ColumnHeads names={["User", "Uploaded videos"]} />
                <tbody className="divide-y divide-slate-100">
                  {data.top.map((u) => (
                    <tr key={u.id}>
                      <th scope="row" className={`${td} font-medium`}>
                        {u.email}
                      </th>
                      <td className={td}>{formatBytes(u.storedBytes)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

/** How the last backup ended (embedded mode: `npm run backup` or the BACKUP_DIR schedule). */
function LastBackup({ backup }: { backup: AdminStorage["lastBackup"] }) {
  if (!backup) return null;
  const when = new Date(backup.at).toLocaleString();
  return (
    <p className={`mt-4 text-sm ${backup.ok ? "text-slate-700" : "font-semibold text-red-700"}`}>
      Last backup ({backup.trigger}, {when}): {backup.ok ? "written" : backup.error}
    </p>
  );
}
