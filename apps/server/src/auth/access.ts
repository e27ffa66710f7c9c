import { ACTION_ROLES, type Action, type Role } from "@dubbing/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import { noRoute } from "../http/errors.ts";
import { type Resource, requireRole, type WorkspaceAccess } from "../workspaces/access.ts";
import type { WorkspaceRoles } from "../workspaces/role-cache.ts";
import type { Credentials } from "./session-cache.ts";
import { SESSION_COOKIE, type SessionUser } from "./sessions.ts";

/**
 * Who may call an /api route: anyone; a signed-in user or an API key of one (401 otherwise); only a
 * signed-in user's session, never a key (key management, account deletion, signing out); or only the
 * session of an operator (ADMIN_EMAILS), to everyone else a route that does not exist (404).
 */
export type Access = "public" | "signed-in" | "session-only" | "admin";

/**
 * The least workspace role a signed-in route needs, and what names its workspace; "account": the route acts
 * on the caller's own account, in no workspace (signing in, billing, the caller's keys and workspaces).
 */
export type RoleNeed = { role: Role; resource: Resource } | "account";

/** An /api route as registered, with the access it declared (undefined: it declared none). */
interface ApiRoute {
  method: string;
  url: string;
  access: Access | undefined;
  need: RoleNeed | undefined;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The caller: a session's user, or an API key's (then `sessionId` is ""). */
    user: SessionUser | null;
    /** A workspace route's workspace and the caller's role in it, checked before the handler runs. */
    workspace: WorkspaceAccess | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    need?: RoleNeed;
    /** A suspended account may still call this route (signing out). */
    whileSuspended?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route registered so far (a test checks that each declares its access). */
    apiRoutes: ApiRoute[];
  }
}

/** Route options of an /api route that answers without a session. */
export const PUBLIC = { config: { access: "public" } } as const;
/** Route options of an /api route that needs a session or an API key, and acts on the caller's account. */
export const SIGNED_IN = { config: { access: "signed-in", need: "account" } } as const;
/** Route options of an account's /api route that needs a session: an API key is refused (403). */
export const SESSION_ONLY = { config: { access: "session-only", need: "account" } } as const;

/**
 * Route options of a workspace's /api route (a session or an API key): the caller's role in the workspace
 * of `resource` must be at least the one `action` needs in the contract's table (`ACTION_ROLES`, which the
 * screens follow too), checked before the handler runs (workspaces/access.ts).
 */
export function member(
  action: Action,
  resource: Resource,
  access: "signed-in" | "session-only" = "signed-in",
) {
  return { config: { access, need: { role: ACTION_ROLES[action], resource } } } as const;
}
/**
 * Route options of the operator's console API: a session whose account's address is in ADMIN_EMAILS. To
 * anyone else, an API key of an admin included, the answer of an address no route serves (404): the
 * console's routes are not advertised. Never a key: a key leaks more easily than a session (scripts, CI
 * logs) and a console action (suspend, delete) must be someone at a browser, whose session cookie is
 * SameSite=Lax so another site cannot make the browser send it on a POST, PUT or DELETE.
 */
export const ADMIN = { config: { access: "admin" } } as const;
/** Signing out: also for a suspended account. */
export const SIGN_OUT = {
  config: { access: "session-only", need: "account", whileSuspended: true },
} as const;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const isApi = (url: string | undefined) => url === "/api" || url?.startsWith("/api/") === true;

const SIGN_IN = "Please sign in to continue.";
export const SUSPENDED =
  "This account is suspended, so it cannot be used for now. Contact support if you think this is a mistake.";
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
export function sessionAuth(
  app: FastifyInstance,
  deps: { credentials: Credentials; adminEmails: ReadonlySet<string>; roles: WorkspaceRoles },
) {
  app.decorateRequest("user", null);
  app.decorateRequest("workspace", null);
  const routes: ApiRoute[] = [];
  app.decorate("apiRoutes", routes);
  app.addHook("onRoute", (route) => {
    if (isApi(route.url))
      routes.push({
        method: String(route.method),
        url: route.url!,
        access: route.config?.access,
        need: route.config?.need,
      });
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
  app.addHook("onRequest", async (request, reply) => {
    const route = request.routeOptions;
    if (!isApi(route.url)) return;
    const access = route.config.access;
    const authorization = request.headers.authorization;
    if (access === "admin") {
      // A key never opens the console, and nobody learns that it exists: the not-found of any address.
      const token = authorization === undefined ? request.cookies[SESSION_COOKIE] : undefined;
      const user = token ? await deps.credentials.sessions.find(token) : null;
      if (!user || user.suspended || !isAdmin(deps.adminEmails, user.email))
        return reply.code(404).send(noRoute(request.method, request.url));
      request.user = user;
      return;
    }
    if (authorization !== undefined && access !== "public") {
      const key = bearerKey(authorization);
      const found = key ? await deps.credentials.keys.find(key) : null;
      if (!found) throw new AppError("unauthorized", BAD_KEY);
      if (found.suspended) throw new AppError("account_suspended", SUSPENDED);
      if (access === "session-only")
        throw new AppError("forbidden", "API keys cannot do this. Sign in on the website instead.");
      if (found.scope === "read" && !SAFE_METHODS.has(request.method))
        throw new AppError("forbidden", "This API key can only read. Use a key with read and write access.");
      request.user = {
        id: found.id,
        email: found.email,
        sessionId: "",
        identitySessionId: null,
        suspended: false,
        keyWorkspaceId: found.workspaceId,
      };
      return checkRole(request);
    }
    const token = request.cookies[SESSION_COOKIE];
    const user = token ? await deps.credentials.sessions.find(token) : null;
    // A suspended account is nobody on a public route, and refused (with why) on every other.
    request.user = user?.suspended && access === "public" ? null : user;
    if (!request.user && access !== "public") throw new AppError("unauthorized", SIGN_IN);
    if (request.user?.suspended && !route.config.whileSuspended)
      throw new AppError("account_suspended", SUSPENDED);
    if (request.user) await checkRole(request);
  });

  /** A workspace route: the caller's role where it acts, or 404 to a stranger, 403 below the role. */
  async function checkRole(request: FastifyRequest) {
    const need = request.routeOptions.config.need;
    if (!need || need === "account") return;
    const user = currentUser(request);
    const confinedTo = user.keyWorkspaceId ?? null;
    const params = request.params as { id?: string };
    const query = request.query as { workspaceId?: unknown };
    const id =
      need.resource === "query"
        ? typeof query.workspaceId === "string"
          ? query.workspaceId
          : (confinedTo ?? user.id)
        : String(params.id ?? "");
    request.workspace = await requireRole(
      deps.roles,
      { id: user.id, confinedTo },
      { resource: need.resource, id },
      need.role,
    );
  }
}

/** Whether the account's address (the one its sign-in proved: auth/sessions.ts accountFor) is an operator's. */
export function isAdmin(adminEmails: ReadonlySet<string>, email: string): boolean {
  return adminEmails.has(email.trim().toLowerCase());
}

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError("unauthorized", SIGN_IN);
  return request.user;
}

/** The workspace a workspace route acts in (checked by `sessionAuth` before the handler ran). */
export function currentWorkspace(request: FastifyRequest): WorkspaceAccess {
  if (!request.workspace) throw new Error(`${request.routeOptions.url} declares no workspace role`);
  return request.workspace;
}
