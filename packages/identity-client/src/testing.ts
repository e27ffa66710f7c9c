/**
 * Test support: a scripted fetch that records requests, JSON response builders and a client wired to
 * in-memory storage and cookies. Used by the unit tests; also handy for the widget's tests.
 */
import { createIdentityClient, type IdentityClient, type IdentityClientOptions } from "./client.ts";
import type { Logger } from "./context.ts";
import { memoryCookieJar } from "./cookies.ts";
import type { FetchLike } from "./http.ts";
import { memoryStorage } from "./storage.ts";
import type { Session, User } from "./types.ts";

export interface RecordedRequest {
  url: string;
  /** "POST /sdk/v1/magic_links/authenticate" */
  route: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

export type Handler = (req: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** A 200 response in the provider's envelope: `{ data: { request_id, status_code, ...data } }`. */
export function okResponse(data: Record<string, unknown> = {}): Response {
  return jsonResponse(200, { data: { request_id: "request-id-test", status_code: 200, ...data } });
}

export function apiErrorResponse(status: number, error_type: string, error_message = error_type): Response {
  return jsonResponse(status, {
    status_code: status,
    request_id: "request-id-test",
    error_type,
    error_message,
    error_url: `https://identity.example/errors/${status}`,
  });
}

export function textResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: { "content-type": "text/plain" } });
}

/**
 * A fetch that answers from `routes` (keyed by "METHOD /path" below /sdk/v1, e.g. "POST /otps/authenticate",
 * or by the full route) or from `fallback`. A list of handlers answers in turn (the last one repeats).
 * `allCalls` records every request; `calls` leaves out the lazy bootstrap fetch, which the client makes
 * before its first PKCE- or captcha-aware call, so tests can index the calls they care about.
 */
export function scriptedFetch(routes: Record<string, Handler | Handler[]> = {}, fallback?: Handler) {
  const calls: RecordedRequest[] = [];
  const allCalls: RecordedRequest[] = [];
  const queues = new Map<string, Handler[]>();
  for (const [k, v] of Object.entries(routes)) queues.set(k, Array.isArray(v) ? [...v] : [v]);
  const fetch: FetchLike = async (url, init) => {
    const u = new URL(url);
    const method = (init.method ?? "GET").toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key.toLowerCase()] = value;
    });
    const body =
      typeof init.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const path = u.pathname.replace(/^\/sdk\/v1/, "");
    const req: RecordedRequest = { url, route: `${method} ${u.pathname}`, path, method, headers, body };
    allCalls.push(req);
    if (!path.startsWith("/projects/bootstrap/")) calls.push(req);
    const key = queues.has(`${method} ${path}`) ? `${method} ${path}` : `${method} ${u.pathname}`;
    const queue = queues.get(key);
    if (queue && queue.length > 0) {
      const handler = queue.length > 1 ? queue.shift()! : queue[0]!;
      return handler(req);
    }
    if (fallback) return fallback(req);
    if (method === "GET" && path.startsWith("/projects/bootstrap/")) return okResponse({});
    throw new Error(`scriptedFetch: no route for ${method} ${u.pathname}`);
  };
  return { fetch, calls, allCalls };
}

const TEST_PUBLIC_TOKEN = "public-token-test-0000";

export function fakeSession(overrides: Partial<Session> = {}): Session {
  return {
    session_id: "session-test-1",
    user_id: "user-test-1",
    started_at: "2030-01-01T00:00:00Z",
    last_accessed_at: "2030-01-01T00:00:00Z",
    expires_at: "2030-01-01T01:00:00Z",
    authentication_factors: [],
    ...overrides,
  };
}

export function fakeUser(overrides: Partial<User> = {}): User {
  return {
    user_id: "user-test-1",
    emails: [{ email_id: "email-1", email: "a@example.com", verified: true }],
    ...overrides,
  };
}

/** The data of a successful authenticate call. */
export function authData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_id: "user-test-1",
    session_token: "session-token-1",
    session_jwt: "session-jwt-1",
    session: fakeSession(),
    user: fakeUser(),
    ...overrides,
  };
}

export function recordingLogger(): Logger & { warnings: unknown[][]; errors: unknown[][] } {
  const warnings: unknown[][] = [];
  const errors: unknown[][] = [];
  return {
    warnings,
    errors,
    warn: (...args) => warnings.push(args),
    error: (...args) => errors.push(args),
  };
}

/** A client on in-memory storage and cookies at https://app.example.com, background refresh off. */
export function testClient(
  options: Partial<IdentityClientOptions> & { routes?: Record<string, Handler | Handler[]> } = {},
) {
  const { routes, ...rest } = options;
  const scripted = scriptedFetch(routes ?? {});
  const storage = memoryStorage();
  const cookies = memoryCookieJar();
  const logger = recordingLogger();
  const navigations: string[] = [];
  const client: IdentityClient = createIdentityClient({
    publicToken: TEST_PUBLIC_TOKEN,
    baseUrl: "https://id.example.com",
    fetch: scripted.fetch,
    storage,
    cookies,
    logger,
    location: { hostname: "app.example.com", host: "app.example.com", origin: "https://app.example.com" },
    navigate: (url) => navigations.push(url),
    autoRefresh: false,
    ...rest,
  });
  return {
    client,
    calls: scripted.calls,
    allCalls: scripted.allCalls,
    storage,
    cookies,
    logger,
    navigations,
  };
}
