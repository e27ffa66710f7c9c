import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Credentials } from "../auth/session-cache.ts";
import { SESSION_COOKIE, type SessionUser } from "../auth/sessions.ts";
import { AppError } from "../errors.ts";

/**
 * Who may call an /api route: anyone; a signed-in user or an API key of one (401 otherwise); or only a
 * signed-in user's session, never a key (key management, account deletion, signing out).
 */
export type Access = "public" | "signed-in" | "session-only";

/** An /api route as registered, with the access it declared (undefined: it declared none). */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The caller: a session's user, or an API key's (then `sessionId` is ""). */
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route registered so far (a test checks that each declares its access). */
    apiRoutes: ApiRoute[];
  }
}

/** Route options of an /api route that answers without a session. */
export const PUBLIC = { config: { access: "public" } } as const;
/** Route options of an /api route that needs a session or an API key. */
export const SIGNED_IN = { config: { access: "signed-in" } } as const;
/** Route options of an /api route that needs a session: an API key is refused (403). */
export const SESSION_ONLY = { config: { access: "session-only" } } as const;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const isApi = (url: string | undefined) => url === "/api" || url?.startsWith("/api/") === true;

const SIGN_IN = "Please sign in to continue.";
const BAD_KEY = "This API key is not valid: it is unknown, revoked or expired.";

/** The key of an `Authorization: Bearer <key>` header; null for any other form. */
export function bearerKey(header: string): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Resolves the credential of every request that matched an /api route and refuses those without one (401)
 * unless the route declared itself public. The matched route decides, never the URL's text: the router
 * decodes `/%61pi/…` to the same route as `/api/…`. A route that declares nothing needs a session.
 *
 * A request with an Authorization header is the key's and only the key's: its cookie is not read, so a
 * key and a session never mix. A browser cannot add that header to a cross-site request, which is why a
 * key is no CSRF risk; the session-only routes refuse keys, so a leaked key cannot mint more keys, close
 * the account or change how it signs in. A read key may only read. Limits are per user, whichever
 * credential (every limit is keyed on `currentUser(request).id`).
 */
export function sessionAuth(app: FastifyInstance, deps: { credentials: Credentials }) {
  app.decorateRequest("user", null);
  const routes: ApiRoute[] = [];
  app.decorate("apiRoutes", routes);
  app.addHook("onRoute", (route) => {
    if (isApi(route.url))
      routes.push({ method: String(route.method), url: route.url!, access: route.config?.access });
  });
  // A request that may change state may have ended a session (its own sign-out, a revocation, a deleted
  // account): this process forgets what it checked before answering it, without waiting for the database's
  // notification (auth/session-cache.ts).
  app.addHook("onSend", async (request) => {
    if (!SAFE_METHODS.has(request.method)) {
      deps.credentials.sessions.clear();
      deps.credentials.keys.clear();
    }
  });
  app.addHook("onRequest", async (request) => {
    const route = request.routeOptions;
    if (!isApi(route.url)) return;
    const access = route.config.access;
    const authorization = request.headers.authorization;
    if (authorization !== undefined && access !== "public") {
      const key = bearerKey(authorization);
      const found = key ? await deps.credentials.keys.find(key) : null;
      if (!found) throw new AppError("unauthorized", BAD_KEY);
      if (access === "session-only")
        throw new AppError("forbidden", "API keys cannot do this. Sign in on the website instead.");
      if (found.scope === "read" && !SAFE_METHODS.has(request.method))
        throw new AppError("forbidden", "This API key can only read. Use a key with read and write access.");
      request.user = { id: found.id, email: found.email, sessionId: "", identitySessionId: null };
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? await deps.credentials.sessions.find(token) : null;
    if (!request.user && access !== "public") throw new AppError("unauthorized", SIGN_IN);
  });
}

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError("unauthorized", SIGN_IN);
  return request.user;
}
