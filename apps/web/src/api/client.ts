import type { ErrorCode } from "@dubbing/contract";

/** The server's error codes, or `http_error` when a response carried none (a proxy's page, a crash). */
type ApiErrorCode = ErrorCode | "http_error";

/** An API error as the server sends it: `{"error": {"code", "message"}}`. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly details: { path: string; message: string }[];
  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    details: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** Reads the `{"error": …}` body of a failed response into an ApiError. */
export function toApiError(status: number, statusText: string, body: unknown): ApiError {
  const error = (body as { error?: { code?: ErrorCode; message?: string; details?: unknown } } | null)?.error;
  const details = Array.isArray(error?.details) ? (error.details as { path: string; message: string }[]) : [];
  return new ApiError(
    status,
    error?.code ?? "http_error",
    error?.message ?? (statusText || `HTTP ${status}`),
    details,
  );
}

/** Calls the API with the session cookie; the HTTP client has no default timeout (PRODUCT.md § Plans and limits). */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, { credentials: "include", ...init });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) throw toApiError(res.status, res.statusText, body);
  return body as T;
}

/** A JSON request body with its content type. */
export function jsonBody(method: string, value: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(value) };
}
