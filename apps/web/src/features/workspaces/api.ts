import type { Invite, InviteList, MemberList, Role, Workspace, WorkspaceList } from "@dubbing/contract";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, jsonBody } from "../../api/client.ts";

export const workspacesKey = ["workspaces"] as const;
const membersKey = (id: string) => ["workspaces", id, "members"] as const;
const invitesKey = (id: string) => ["workspaces", id, "invites"] as const;

export function useWorkspaces() {
  return useQuery({
    queryKey: workspacesKey,
    queryFn: async () => (await apiFetch<WorkspaceList>("/api/workspaces")).workspaces,
  });
}

export const createWorkspace = (name: string) =>
  apiFetch<Workspace>("/api/workspaces", jsonBody("POST", { name }));

export const updateWorkspace = (id: string, change: { name?: string; dubOnlyApproved?: boolean }) =>
  apiFetch<Workspace>(`/api/workspaces/${id}`, jsonBody("PUT", change));

export const deleteWorkspace = (id: string) => apiFetch<null>(`/api/workspaces/${id}`, { method: "DELETE" });

export function useMembers(workspaceId: string) {
  return useQuery({
    queryKey: membersKey(workspaceId),
    queryFn: async () => (await apiFetch<MemberList>(`/api/workspaces/${workspaceId}/members`)).members,
  });
}

export function useInvites(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: invitesKey(workspaceId),
    enabled,
    queryFn: async () => (await apiFetch<InviteList>(`/api/workspaces/${workspaceId}/invites`)).invites,
  });
}

export const invite = (workspaceId: string, email: string, role: Invite["role"]) =>
  apiFetch<Invite>(`/api/workspaces/${workspaceId}/invites`, jsonBody("POST", { email, role }));

export const revokeInvite = (workspaceId: string, inviteId: string) =>
  apiFetch<null>(`/api/workspaces/${workspaceId}/invites/${inviteId}`, { method: "DELETE" });

export const setMemberRole = (workspaceId: string, userId: string, role: Role) =>
  apiFetch<MemberList>(`/api/workspaces/${workspaceId}/members/${userId}`, jsonBody("PUT", { role }));

export const removeMember = (workspaceId: string, userId: string) =>
  apiFetch<null>(`/api/workspaces/${workspaceId}/members/${userId}`, { method: "DELETE" });

export const acceptInvite = (token: string) =>
  apiFetch<{ workspaceId: string }>("/api/invites/accept", jsonBody("POST", { token }));
