import type { ActivityList } from "@dubbing/contract";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../api/client.ts";

export const activityKey = (id: string) => ["projects", id, "activity"] as const;

/** The project's activity, newest first (the last 200). */
export function useActivity(id: string) {
  return useQuery({
    queryKey: activityKey(id),
    queryFn: async () =>
      (await apiFetch<ActivityList>(`/api/video/${encodeURIComponent(id)}/activity`)).activity,
  });
}
