import type { Workspace } from "@dubbing/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { buttonPrimary, inputBase } from "../../components/button-styles.ts";
import { updateWorkspace, workspacesKey } from "./api.ts";

/** An admin's settings of the workspace: its name (a shared one's) and whether only approved translations are dubbed. */
export function WorkspaceSettings({ workspace }: { workspace: Workspace }) {
  const client = useQueryClient();
  const [name, setName] = useState(workspace.name);
  const [dubOnlyApproved, setDubOnlyApproved] = useState(workspace.dubOnlyApproved);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setStatus(null);
    try {
      await updateWorkspace(workspace.id, { ...(!workspace.personal && { name }), dubOnlyApproved });
      await client.invalidateQueries({ queryKey: workspacesKey });
      setStatus({ ok: true, text: "Saved." });
    } catch (error) {
      setStatus({ ok: false, text: (error as Error).message || "The settings could not be saved." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="workspace-settings" className="space-y-3">
      <h2 id="workspace-settings" className="text-base font-semibold text-slate-900">
        Settings
      </h2>
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-3">
        {!workspace.personal && (
          <label className="block max-w-sm text-sm text-slate-700">
            Name
            <input
              required
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.target.value)}
              className={`mt-1 ${inputBase}`}
            />
          </label>
        )}
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={dubOnlyApproved}
            onChange={(e) => setDubOnlyApproved(e.target.checked)}
          />
          Dub only approved translations
        </label>
        <div className="flex items-center gap-3">
          <button type="submit" className={buttonPrimary} disabled={busy}>
            {busy ? "Saving..." : "Save settings"}
          </button>
          {status && (
            <p
              role={status.ok ? "status" : "alert"}
              className={status.ok ? "text-sm text-green-700" : "text-sm text-red-700"}
            >
              {status.text}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
