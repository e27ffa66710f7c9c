import type {
  AdminAuditList,
  AdminEngines,
  AdminJob,
  AdminJobList,
  AdminModels,
  AdminStorage,
  AdminUserList,
  IdentityAuditList,
  PlanList,
} from "@dubbing/contract";
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiFetch, jsonBody } from "../../api/client.ts";

export { formatBytes } from "../new-project/upload-video.ts";

/** Every console query starts with this key, so an action refreshes all of them. */
export const adminKey = ["admin"] as const;

/** Who is at the console; a 404 means this person has no console (nor should learn there is one). */
export function useAdminMe() {
  return useQuery({
    queryKey: [...adminKey, "me"],
    queryFn: () => apiFetch<{ email: string }>("/api/admin/me"),
    retry: false,
  });
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
};

export function useAdminUsers(q: string, before?: string) {
  return useQuery({
    queryKey: [...adminKey, "users", q, before],
    queryFn: () => apiFetch<AdminUserList>(`/api/admin/users${query({ q, before })}`),
  });
}

export function useAdminJobs(status: string, before?: string) {
  return useQuery({
    queryKey: [...adminKey, "jobs", status, before],
    queryFn: () => apiFetch<AdminJobList>(`/api/admin/jobs${query({ status, before })}`),
    refetchInterval: 5000,
  });
}

export function useAdminEngines(source: string) {
  return useQuery({
    queryKey: [...adminKey, "engines", source],
    queryFn: () => apiFetch<AdminEngines>(`/api/admin/engines${query({ source })}`),
  });
}

export function useAdminModels() {
  return useQuery({
    queryKey: [...adminKey, "models"],
    queryFn: () => apiFetch<AdminModels>("/api/admin/models"),
  });
}

export function useAdminStorage() {
  return useQuery({
    queryKey: [...adminKey, "storage"],
    queryFn: () => apiFetch<AdminStorage>("/api/admin/storage"),
  });
}

export function useAdminAudit(action?: string) {
  return useQuery({
    queryKey: [...adminKey, "audit", action],
    queryFn: () => apiFetch<AdminAuditList>(`/api/admin/audit${query({ action })}`),
  });
}

export function useIdentityAudit(filters: { action?: string; email?: string }) {
  return useQuery({
    queryKey: [...adminKey, "identity-audit", filters.action, filters.email],
    queryFn: () => apiFetch<IdentityAuditList>(`/api/admin/identity-audit${query(filters)}`),
  });
}

const enc = encodeURIComponent;
/** Puts an account on one of the server's plans (effective at once). */
export const setUserPlan = (id: string, plan: string) =>
  apiFetch<null>(`/api/admin/users/${enc(id)}/plan`, jsonBody("PUT", { plan }));

/** The server's plans (GET /api/plans), for the console's plan picker. */
export const usePlanList = () =>
  useQuery({ queryKey: ["plans"], queryFn: () => apiFetch<PlanList>("/api/plans"), staleTime: 60_000 });

/** Invites an address onto a plan (it may then sign up whatever the sign-up list says). */
export const inviteUser = (email: string, plan: string) =>
  apiFetch<null>("/api/admin/invites", jsonBody("POST", { email, plan }));

export const suspendUser = (id: string) =>
  apiFetch<null>(`/api/admin/users/${enc(id)}/suspend`, { method: "POST" });
export const resumeUser = (id: string) =>
  apiFetch<null>(`/api/admin/users/${enc(id)}/resume`, { method: "POST" });
export const deleteUser = (id: string, email: string) =>
  apiFetch<null>(`/api/admin/users/${enc(id)}`, jsonBody("DELETE", { email }));
export const retryJob = (id: string) =>
  apiFetch<{ job: AdminJob }>(`/api/admin/jobs/${enc(id)}/retry`, { method: "POST" });
export const cancelJob = (id: string) =>
  apiFetch<{ job: AdminJob }>(`/api/admin/jobs/${enc(id)}/cancel`, { method: "POST" });
