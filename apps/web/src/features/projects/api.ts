import { useQuery } from "@tanstack/react-query";
import { apiFetch, jsonBody } from "../../api/client.ts";
import type { Project } from "../../api/types.ts";
import { withWorkspace } from "../workspaces/current.ts";

export const projectsKey = ["projects"] as const;
export const projectKey = (id: string) => ["projects", id] as const;

/** Projects still being worked on; the list polls while any is. */
export const isWorking = (p: Pick<Project, "status">) =>
  p.status === "uploaded" || p.status === "processing" || p.status === "transcribing";

export function useProjects() {
  return useQuery({
    queryKey: projectsKey,
    queryFn: () => apiFetch<Project[]>(withWorkspace("/api/video")),
    refetchInterval: (q) => (q.state.data?.some(isWorking) ? 3000 : false),
  });
}

export function renameProject(id: string, title: string) {
  return apiFetch<Project>(`/api/video/${id}`, jsonBody("PATCH", { title }));
}

export function deleteProject(id: string) {
  return apiFetch<null>(`/api/video/${id}`, { method: "DELETE" });
}
