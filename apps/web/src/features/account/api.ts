import type {
  Account,
  ApiKeyList,
  ApiKeyScope,
  CreatedApiKey,
  DataExport,
  ExportAnswer,
  ExportEstimate,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
  WebhookEvent,
} from "@dubbing/contract";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, jsonBody } from "../../api/client.ts";
import { withWorkspace } from "../workspaces/current.ts";

export type { Account, DataExport };

const accountKey = ["account"] as const;
const exportKey = ["account", "export"] as const;

export function useAccount() {
  return useQuery({ queryKey: accountKey, queryFn: () => apiFetch<Account>("/api/account") });
}

export const isPreparing = (e: DataExport | null | undefined) =>
  e?.status === "queued" || e?.status === "running";

/** The latest export; polled while it is being made. */
export function useDataExport() {
  return useQuery({
    queryKey: exportKey,
    queryFn: async () => (await apiFetch<ExportAnswer>("/api/account/export")).export,
    refetchInterval: (q) => (isPreparing(q.state.data) ? 1000 : false),
  });
}

export function useExportEstimate() {
  return useQuery({
    queryKey: ["account", "export", "estimate"],
    queryFn: () => apiFetch<ExportEstimate>("/api/account/export/estimate"),
  });
}

export const startExport = () => apiFetch<ExportAnswer>("/api/account/export", { method: "POST" });

export const deleteAccount = (email: string) => apiFetch<null>("/api/account", jsonBody("DELETE", { email }));

export { formatBytes } from "../new-project/upload-video.ts";
export { exportKey };

export const apiKeysKey = ["account", "keys"] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: async () => (await apiFetch<ApiKeyList>("/api/account/keys")).keys,
  });
}

export const createApiKey = (input: { name: string; scope: ApiKeyScope; expiresAt: string | null }) =>
  apiFetch<CreatedApiKey>(withWorkspace("/api/account/keys"), jsonBody("POST", input));

export const revokeApiKey = (id: string) =>
  apiFetch<null>(`/api/account/keys/${encodeURIComponent(id)}`, { method: "DELETE" });

export const webhooksKey = ["account", "webhooks"] as const;

export function useWebhooks() {
  return useQuery({
    queryKey: webhooksKey,
    queryFn: async () => (await apiFetch<WebhookEndpointList>(withWorkspace("/api/webhooks"))).endpoints,
  });
}

/** An endpoint's delivery log; polled while a delivery is on its way. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: [...webhooksKey, id, "deliveries"],
    queryFn: async () =>
      (await apiFetch<WebhookDeliveryList>(`/api/webhooks/${encodeURIComponent(id)}/deliveries`)).deliveries,
    refetchInterval: (q) =>
      q.state.data?.some((d) => d.status === "pending" || d.status === "sending") ? 1000 : false,
  });
}

export const createWebhook = (input: { url: string; events: WebhookEvent[] }) =>
  apiFetch<WebhookEndpointWithSecret>(withWorkspace("/api/webhooks"), jsonBody("POST", input));

/** A new signing secret for the endpoint: the answer is the only time it is shown. */
export const rotateWebhookSecret = (id: string) =>
  apiFetch<WebhookEndpointWithSecret>(`/api/webhooks/${encodeURIComponent(id)}/secret`, { method: "POST" });

export const updateWebhook = (id: string, change: { enabled?: boolean; events?: WebhookEvent[] }) =>
  apiFetch<WebhookEndpoint>(`/api/webhooks/${encodeURIComponent(id)}`, jsonBody("PATCH", change));

export const deleteWebhook = (id: string) =>
  apiFetch<null>(`/api/webhooks/${encodeURIComponent(id)}`, { method: "DELETE" });

export const sendTestEvent = (id: string) =>
  apiFetch<WebhookDelivery>(`/api/webhooks/${encodeURIComponent(id)}/test`, { method: "POST" });
