import { useQueryClient } from "@tanstack/react-query";
import type { Project } from "../../api/types.ts";
import { RenameDeleteMenu } from "../../components/RenameDeleteMenu.tsx";
import { usePermissionsIn } from "../workspaces/permissions.ts";
import { deleteProject, projectKey, projectsKey, renameProject } from "./api.ts";

/** Rename and delete for one project: the list card's menu and the editor's header use the same. */
export function ProjectActions({
  project,
  onDeleted,
}: {
  project: Pick<Project, "_id" | "title" | "workspaceId">;
  onDeleted?: () => void;
}) {
  const client = useQueryClient();
  // each only for a role the server lets do it (the contract's table): rename is an edit, delete an admin's
  const { can } = usePermissionsIn(project.workspaceId);
  return (
    <RenameDeleteMenu
      what="project"
      title={project.title}
      whatGoes="The video, its transcript, every translation and dubbed video, and its subtitles are deleted now, and running work on it stops."
      rename={
        can("edit")
          ? async (title) => {
              await renameProject(project._id, title);
              await Promise.all([
                client.invalidateQueries({ queryKey: projectsKey, exact: true }),
                client.invalidateQueries({ queryKey: projectKey(project._id) }),
              ]);
            }
          : undefined
      }
      remove={
        can("delete")
          ? async () => {
              await deleteProject(project._id);
              client.removeQueries({ queryKey: projectKey(project._id) });
              await client.invalidateQueries({ queryKey: projectsKey, exact: true });
              onDeleted?.();
            }
          : undefined
      }
    />
  );
}
