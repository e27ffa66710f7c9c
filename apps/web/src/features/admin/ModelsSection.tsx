import type { AdminModels } from "@dubbing/contract";
import { useId } from "react";
import { formatBytes, useAdminModels } from "./api.ts";
import { ColumnHeads, card, QueryState, td } from "./parts.tsx";

type Model = AdminModels["models"][number];

const ENGINE_LABEL = new Map([
  ["faster-whisper", "Speech recognition (faster-whisper)"],
  ["piper", "Voice (Piper)"],
  ["argos", "Translation (Argos Translate)"],
]);

function ModelRows({ models }: { models: Model[] }) {
  return (
    <tbody className="divide-y divide-slate-100">
      {models.map((m) => (
        <tr key={m.id}>
          <th scope="row" className={`${td} font-medium`}>
            {m.id}
          </th>
          <td className={td}>{ENGINE_LABEL.get(m.engine) ?? m.engine}</td>
          <td className={td}>{m.languages.join(", ")}</td>
          <td className={td}>{formatBytes(m.size)}</td>
          <td className={td}>
            {m.verified ? (
              <span className="text-green-700">yes</span>
            ) : (
              <span className="text-amber-700">no: the carrier's bytes, not an official checksum</span>
            )}
          </td>
          <td className={td}>{m.diskBytes > 0 ? formatBytes(m.diskBytes) : "—"}</td>
        </tr>
      ))}
    </tbody>
  );
}

/** The catalogue's models: installed (with their disk use) and not, and how to install one. */
export function ModelsSection() {
  const id = useId();
  const models = useAdminModels();
  const heads = ["Model", "Engine", "Languages", "Size", "Verified", "On disk"];
  return (
    <section aria-labelledby={`${id}-h`} className={card}>
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Models
      </h2>
      <QueryState query={models} what="models">
        {(data) => {
          const installed = data.models.filter((m) => m.installed);
          const available = data.models.filter((m) => !m.installed);
          return (
            <>
              <p className="mt-2 text-sm text-slate-600" data-testid="models-disk">
                {installed.length} installed, {formatBytes(data.diskBytes)} on disk.
              </p>
              <div className="mt-4 overflow-x-auto">
                <table className="min-w-full divide-y divide-slate-200">
                  <caption className="text-left text-sm font-semibold text-slate-700">Installed</caption>
                  <ColumnHeads names={heads} />
                  <ModelRows models={installed} />
                </table>
              </div>
              {available.length > 0 && (
                <div className="mt-6 overflow-x-auto">
                  <table className="min-w-full divide-y divide-slate-200">
                    <caption className="text-left text-sm font-semibold text-slate-700">
                      In the catalogue, not installed
                    </caption>
                    <ColumnHeads names={heads} />
                    <ModelRows models={available} />
                  </table>
                  <p className="mt-2 text-sm text-slate-600">
                    Install one on each server with <code>dub models install ID</code>; it is used after a
                    restart.
                  </p>
                </div>
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
