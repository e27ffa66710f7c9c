import { useId, useState } from "react";
import { inputBase } from "../../components/button-styles.ts";
import { useAdminEngines } from "./api.ts";
import { languageLabel } from "./language-label.ts";
import { ColumnHeads, card, QueryState, td } from "./parts.tsx";

const Can = ({ what }: { what: { available: boolean; engine: string | null; reason: string | null } }) =>
  what.available ? (
    <span className="text-green-700">{what.engine ?? "yes"}</span>
  ) : (
    <span className="text-red-700" title={what.reason ?? undefined}>
      no<span className="sr-only">: {what.reason}</span>
    </span>
  );

/** The configured engines with their probe, and what each language can do right now. */
export function EnginesSection() {
  const id = useId();
  const [source, setSource] = useState("en");
  const engines = useAdminEngines(source);
  return (
    <section aria-labelledby={`${id}-h`} className={card}>
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Engines
      </h2>
      <QueryState query={engines} what="engines">
        {(data) => (
          <>
            <table className="mt-4 min-w-full divide-y divide-slate-200">
              <caption className="sr-only">Configured engines</caption>
              <ColumnHeads names={["Kind", "Engine", "Available"]} />
              <tbody className="divide-y divide-slate-100">
                {data.engines.map((e) => (
                  <tr key={`${e.kind}/${e.id}`}>
                    <td className={td}>{e.kind}</td>
                    <th scope="row" className={`${td} font-medium`}>
                      {e.id}
                    </th>
                    <td className={td}>
                      {e.available ? (
                        <span className="text-green-700">yes</span>
                      ) : (
                        <span className="text-red-700">no: {e.reason}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <label className="mt-6 block max-w-xs text-sm font-medium text-slate-700">
              Translating from
              <select
                className={`${inputBase} mt-1`}
                value={source}
                onChange={(event) => setSource(event.target.value)}
              >
                {data.languages.map((l) => (
                  <option key={l.code} value={l.code}>
                    {l.name}
                  </option>
                ))}
              </select>
            </label>
            <div className="mt-4 overflow-x-auto">
              <table className="min-w-full divide-y divide-slate-200">
                <caption className="sr-only">What each language can do now</caption>
                <ColumnHeads names={["Language", "Transcribe", "Translate into", "Speak"]} />
                <tbody className="divide-y divide-slate-100">
                  {data.languages.map((l) => (
                    <tr key={l.code}>
                      <th scope="row" className={`${td} font-medium`}>
                        {languageLabel(l)}
                      </th>
                      <td className={td}>
                        <Can what={l.asr} />
                      </td>
                      <td className={td}>
                        <Can what={l.translate} />
                      </td>
                      <td className={td}>
                        <Can what={l.tts} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}
