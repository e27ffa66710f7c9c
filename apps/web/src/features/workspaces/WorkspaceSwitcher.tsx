import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useMatch } from "react-router";
import { apiFetch } from "../../api/client.ts";
import type { ProjectDetail } from "../../api/types.ts";
import { projectKey } from "../projects/api.ts";
import { createWorkspace, useWorkspaces, workspacesKey } from "./api.ts";
import { currentWorkspaceId, setCurrentWorkspaceId } from "./current.ts";
import { NewWorkspaceDialog } from "./NewWorkspaceDialog.tsx";

const NEW = "__new__";

/**
 * The header's workspace picker: switching empties every cached answer, so each page reads the new one.
 * An open project's workspace becomes the current one (a link can open a project of another workspace):
 * the picker, My voices and the defaults follow it.
 */
export function WorkspaceSwitcher() {
  const client = useQueryClient();
  const { data: workspaces } = useWorkspaces();
  const [current, setCurrent] = useState(currentWorkspaceId);
  const [naming, setNaming] = useState(false);
  const personal = workspaces?.find((w) => w.personal);
  const selected = workspaces?.find((w) => w.id === current) ?? personal;
  const openWorkspace = useOpenProjectWorkspace();

  // a workspace the user left (or was removed from) is no longer offered: back to the personal one
  useEffect(() => {
    if (workspaces && current && !workspaces.some((w) => w.id === current)) switchTo(null);
  });
  useEffect(() => {
    if (!workspaces || !openWorkspace || openWorkspace === selected?.id) return;
    if (!workspaces.some((w) => w.id === openWorkspace)) return;
    setCurrentWorkspaceId(openWorkspace === personal?.id ? null : openWorkspace);
    setCurrent(currentWorkspaceId());
    // what the workspace lists is read again; the open project's own answers stay
    void client.invalidateQueries({
      predicate: (q) => q.queryKey[0] !== workspacesKey[0] && q.queryKey[0] !== "projects",
    });
  }, [openWorkspace, selected?.id, workspaces, personal?.id, client]);

  function switchTo(id: string | null) {
    setCurrentWorkspaceId(id && id !== personal?.id ? id : null);
    setCurrent(currentWorkspaceId());
    void client.resetQueries({ predicate: (q) => q.queryKey[0] !== workspacesKey[0] });
  }

  async function create(name: string) {
    const made = await createWorkspace(name);
    await client.invalidateQueries({ queryKey: workspacesKey });
    switchTo(made.id);
  }

  if (!workspaces || !selected) return null;
  return (
    <div className="ml-auto flex min-w-0 items-center gap-2">
      <label htmlFor="workspace" className="sr-only">
        Workspace
      </label>
      <select
        id="workspace"
        value={selected.id}
        onChange={(e) => (e.target.value === NEW ? setNaming(true) : switchTo(e.target.value))}
        className="max-w-28 truncate rounded-md border border-slate-300 bg-white py-1 pr-8 pl-2 text-sm text-slate-900 sm:max-w-none"
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
      <NewWorkspaceDialog open={naming} onCreate={create} onClose={() => setNaming(false)} />
    </div>
  );
}

/** The workspace of the project the page shows (`/projects/{id}`), once it is loaded; else undefined. */
function useOpenProjectWorkspace(): string | undefined {
  const match = useMatch("/projects/:id");
  const id = match?.params.id && match.params.id !== "new" ? match.params.id : null;
  const project = useQuery({
    queryKey: projectKey(id ?? ""),
    queryFn: () => apiFetch<ProjectDetail>(`/api/video/${encodeURIComponent(id ?? "")}`),
    enabled: id !== null,
    retry: false,
  });
  return id ? project.data?.workspaceId : undefined;
}
