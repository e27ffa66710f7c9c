import { ADMIN_ACTIONS, IDENTITY_AUDIT_ACTIONS } from "@dubbing/contract";
import { useId, useState } from "react";
import { buttonSecondary, inputBase } from "../../components/button-styles.ts";
import { useAdminAudit, useIdentityAudit } from "./api.ts";
import { ColumnHeads, card, QueryState, Time, td } from "./parts.tsx";

/** What operators did here, and the identity provider's log (sign-ins, factor changes) with filters. */
export function AuditSection() {
  return (
    <div className="space-y-6">
      <ConsoleLog />
      <IdentityLog />
    </div>
  );
}

function ConsoleLog() {
  const id = useId();
  const [action, setAction] = useState("");
  const log = useAdminAudit(action || undefined);
  return (
    <section aria-labelledby={`${id}-h`} className={card}>
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Console actions
      </h2>
      <label className="mt-4 block max-w-xs text-sm font-medium text-slate-700">
        Action
        <select
          className={`${inputBase} mt-1`}
          value={action}
          onChange={(event) => setAction(event.target.value)}
        >
          <option value="">All</option>
          {ADMIN_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {a.replace("_", " ")}
            </option>
          ))}
        </select>
      </label>
      <div className="mt-4 overflow-x-auto">
        <QueryState
          query={log}
          what="the console's log"
          isEmpty={(d) => d.entries.length === 0}
          empty="No actions yet."
        >
          {(data) => (
            <table className="min-w-full divide-y divide-slate-200">
              <caption className="sr-only">Console actions, newest first</caption>
              <ColumnHeads names={["When", "Who", "Action", "Target"]} />
              <tbody className="divide-y divide-slate-100">
                {data.entries.map((e) => (
                  <tr key={e.id} data-testid="admin-audit-row">
                    <td className={td}>
                      <Time iso={e.at} />
                    </td>
                    <td className={td}>{e.adminEmail}</td>
                    <td className={td}>{e.action.replace("_", " ")}</td>
                    <td className={td}>
                      {e.targetLabel || <span className="text-slate-500">(deleted account)</span>}{" "}
                      <span className="font-mono text-xs text-slate-500">{e.targetId}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </QueryState>
      </div>
    </section>
  );
}

function IdentityLog() {
  const id = useId();
  const [draft, setDraft] = useState({ action: "", email: "" });
  const [filters, setFilters] = useState({ action: "", email: "" });
  const log = useIdentityAudit({ action: filters.action || undefined, email: filters.email || undefined });
  return (
    <section aria-labelledby={`${id}-h`} className={card}>
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Sign-ins and factor changes
      </h2>
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ action: draft.action, email: draft.email.trim() });
        }}
      >
        <label className="block text-sm font-medium text-slate-700">
          Event
          <select
            className={`${inputBase} mt-1`}
            value={draft.action}
            onChange={(event) => setDraft({ ...draft, action: event.target.value })}
          >
            <option value="">All</option>
            {IDENTITY_AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Email
          <input
            type="email"
            className={`${inputBase} mt-1`}
            value={draft.email}
            onChange={(event) => setDraft({ ...draft, email: event.target.value })}
          />
        </label>
        <button type="submit" className={buttonSecondary}>
          Filter
        </button>
      </form>
      <div className="mt-4 overflow-x-auto">
        <QueryState
          query={log}
          what="the identity log"
          isEmpty={(d) => d.entries.length === 0}
          empty="Nothing matches."
        >
          {(data) => (
            <table className="min-w-full divide-y divide-slate-200">
              <caption className="sr-only">Identity events, newest first</caption>
              <ColumnHeads names={["When", "Event", "Method", "Address tried", "IP"]} />
              <tbody className="divide-y divide-slate-100">
                {data.entries.map((e) => (
                  <tr key={e.id}>
                    <td className={td}>
                      <Time iso={e.at} />
                    </td>
                    <td className={td}>{e.action.replaceAll("_", " ")}</td>
                    <td className={td}>{e.method}</td>
                    <td className={td}>{e.subject}</td>
                    <td className={td}>{e.ipAddress}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </QueryState>
      </div>
    </section>
  );
}
