import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { createWorkspace, useWorkspaces, workspacesKey } from "./api.ts";
import { currentWorkspaceId, setCurrentWorkspaceId } from "./current.ts";

const NEW = "__new__";

/** The header's workspace picker: switching empties every cached answer, so each page reads the new one. */
export function WorkspaceSwitcher() {
  const client = useQueryClient();
  const { data: workspaces } = useWorkspaces();
  const [current, setCurrent] = useState(currentWorkspaceId);
  const personal = workspaces?.find((w) => w.personal);
  const selected = workspaces?.find((w) => w.id === current) ?? personal;

  // a workspace the user left (or was removed from) is no longer offered: back to the personal one
  useEffect(() => {
    if (workspaces && current && !workspaces.some((w) => w.id === current)) switchTo(null);
  });

  function switchTo(id: string | null) {
    setCurrentWorkspaceId(id && id !== personal?.id ? id : null);
    setCurrent(currentWorkspaceId());
    void client.resetQueries({ predicate: (q) => q.queryKey[0] !== workspacesKey[0] });
  }

  async function onChange(value: string) {
    if (value !== NEW) return switchTo(value);
    const name = window.prompt("Name of the new workspace")?.trim();
    if (!name) return;
    const made = await createWorkspace(name);
    await client.invalidateQueries({ queryKey: workspacesKey });
    switchTo(made.id);
  }

  if (!workspaces || !selected) return null;
  return (
    <div className="ml-auto flex items-center gap-2">
      <label htmlFor="workspace" className="sr-only">
        Workspace
      </label>
      <select
        id="workspace"
        value={selected.id}
        onChange={(e) => void onChange(e.target.value)}
        className="rounded-md border border-slate-300 bg-white py-1 pr-8 pl-2 text-sm text-slate-900"
      >
        {workspaces.map((w) => (
          <option key={w.id} value={w.id}>
            {w.personal ? "Personal" : w.name} ({w.role})
          </option>
        ))}
        <option value={NEW}>New workspace…</option>
      </select>
      <Link to="/workspace" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
        Members
      </Link>
    </div>
  );
}
