import { ApiError } from "../../api/client.ts";

/**
 * Pure: what to tell someone whose change the server refused for their role (403 forbidden: their role
 * changed since the page offered the control), with what became of the unsaved change; null for any
 * other failure. The server's words say which role it needs.
 */
export function roleRefusal(error: unknown, discarded: string): string | null {
  if (!(error instanceof ApiError) || error.status !== 403 || error.code !== "forbidden") return null;
  return `Not saved: ${error.message} ${discarded}`;
}
