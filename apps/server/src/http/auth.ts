import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SessionCache } from "../auth/session-cache.ts";
import { SESSION_COOKIE, type SessionUser } from "../auth/sessions.ts";
import { AppError } from "../errors.ts";

/** Who may call an /api route: anyone, or only a signed-in user (401 otherwise). */
export type Access = "public" | "signed-in";

/** An /api route as registered, with the access it declared (undefined: it declared none). */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module "fastify" {
  interface FastifyRequest {
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
/** Route options of an /api route that needs a session. */
export const SIGNED_IN = { config: { access: "signed-in" } } as const;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const isApi = (url: string | undefined) => url === "/api" || url?.startsWith("/api/") === true;

/**
 * Resolves the session cookie on every request that matched an /api route and refuses those without one
 * (401) unless the route declared itself public. The matched route decides, never the URL's text: the
 * router decodes `/%61pi/…` to the same route as `/api/…`. A route that declares nothing needs a session.
 */
export function sessionAuth(app: FastifyInstance, deps: { sessions: SessionCache }) {
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
    if (!SAFE_METHODS.has(request.method)) deps.sessions.clear();
  });
  app.addHook("onRequest", async (request) => {
    const route = request.routeOptions;
    if (!isApi(route.url)) return;
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? await deps.sessions.find(token) : null;
    if (!request.user && route.config.access !== "public") {
      throw new AppError("unauthorized", "Please sign in to continue.");
    }
  });
}

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError("unauthorized", "Please sign in to continue.");
  return request.user;
}
