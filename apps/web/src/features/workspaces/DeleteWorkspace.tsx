import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { buttonDanger, inputBase } from "../../components/button-styles.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { notify } from "../toast/toast-store.ts";
import { deleteWorkspace, workspacesKey } from "./api.ts";

/**
 * The owner deletes a shared workspace, typing its name to confirm. The switcher then finds it gone and
 * goes back to the personal workspace.
 */
export function DeleteWorkspace({ workspace }: { workspace: { id: string; name: string } }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  return (
    <section aria-labelledby="delete-workspace" className="space-y-3 rounded-md border border-red-200 p-4">
      <h2 id="delete-workspace" className="text-base font-semibold text-red-800">
        Delete this workspace
      </h2>
      <p className="text-sm text-slate-600">
        Its projects, storyboards, voices, API keys and webhooks go, for every member.
      </p>
      <button type="button" className={buttonDanger} onClick={() => setOpen(true)}>
        Delete workspace...
      </button>
      <ConfirmDialog
        open={open}
        title={`Delete ${workspace.name}?`}
        confirmLabel="Delete workspace"
        busyLabel="Deleting..."
        disabled={typed.trim() !== workspace.name}
        onClose={() => {
          setOpen(false);
          setTyped("");
        }}
        onConfirm={async () => {
          await deleteWorkspace(workspace.id);
          setOpen(false);
          notify.success(`The workspace ${workspace.name} was deleted.`);
          await client.invalidateQueries({ queryKey: workspacesKey });
        }}
      >
        <p>
          Everything in it goes now, for every member, and cannot be recovered: its projects with their
          translations and dubs, its storyboards, voices, API keys and webhooks.
        </p>
        <label className="block text-sm text-slate-700">
          Type the workspace's name, {workspace.name}, to confirm
          <input value={typed} onChange={(e) => setTyped(e.target.value)} className={`mt-1 ${inputBase}`} />
        </label>
      </ConfirmDialog>
    </section>
  );
}
