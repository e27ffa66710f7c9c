import { type Action, may, type Role } from "@dubbing/contract";
import { useProjectWorkspace } from "../editor/review/api.ts";
import { useWorkspaces } from "./api.ts";
import { currentWorkspaceId } from "./current.ts";

/** What a member may do, from the contract's table the server enforces (ACTION_ROLES). */
export interface Permissions {
  /** The caller's role there; undefined until the workspaces are loaded (then nothing is offered). */
  role: Role | undefined;
  can: (action: Action) => boolean;
}

const permissionsOf = (role: Role | undefined): Permissions => ({
  role,
  can: (action) => may(role, action),
});

/** The caller's permissions in the workspace of a project (a link can open one of another workspace). */
export function useProjectPermissions(projectId: string): Permissions {
  return permissionsOf(useProjectWorkspace(projectId)?.role);
}

/** The caller's permissions in a workspace named by its id (a listed project's or storyboard's). */
export function usePermissionsIn(workspaceId: string | undefined): Permissions {
  const { data: workspaces } = useWorkspaces();
  return permissionsOf(workspaces?.find((w) => w.id === workspaceId)?.role);
}

/** The caller's permissions in the workspace the app works in (the header's picker). */
export function useWorkspacePermissions(): Permissions {
  const { data: workspaces } = useWorkspaces();
  const id = currentWorkspaceId();
  const workspace = workspaces?.find((w) => (id ? w.id === id : w.personal));
  return permissionsOf(workspace?.role);
}
