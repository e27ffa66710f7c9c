import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "./client.ts";
import type { AppConfig } from "./types.ts";

export function useAppConfig() {
  return useQuery({
    queryKey: ["config"],
    queryFn: () => apiFetch<AppConfig>("/api/config"),
    staleTime: Infinity,
  });
}
