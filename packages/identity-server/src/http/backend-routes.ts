// `/v1/*`: the backend API for applications, Basic `project_id:secret`, flat Stytch-style responses.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  activeSessions,
  deleteFactor,
  FACTOR_KINDS,
  searchUsers,
  type UserSearch,
  updateUser,
} from "../admin.ts";
import type { Call } from "../call.ts";
import type { Ctx } from "../context.ts";
import { ERRORS_PATH, errorsPage, IdentityError } from "../errors.ts";
import { publicKeys } from "../keys.ts";
import { authenticatedResponse, sessionDuration } from "../methods/common.ts";
import { magicLinkAuthenticate, magicLinkAuthenticateBody } from "../methods/magic-links.ts";
import { oauthAuthenticate, oauthAuthenticateBody, oauthCallback, oauthStart } from "../methods/oauth.ts";
import {
  authenticateSession,
  findSession,
  looksLikeJwt,
  revokeSession,
  sessionProblem,
} from "../sessions.ts";
import { deleteUser, loadUser } from "../users.ts";
import { backendCall, callerOf, errorPayload, parse, requestId, send } from "./plumbing.ts";

type Handler = (call: Call, req: FastifyRequest) => Promise<object> | object;

type BackendRegistrar = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, handler: Handler) => void;

export function backendRegistrar(app: FastifyInstance, ctx: Ctx): BackendRegistrar {
  return (method, path, handler) => {
    app.route({
      method,
      url: `/v1${path}`,
      handler: async (req, reply) => {
        const rid = requestId(ctx);
        try {
          const call = backendCall(ctx, req);
          return send(reply, "backend", rid, await handler(call, req));
        } catch (err) {
          if (!(err instanceof IdentityError) || err.status >= 500)
            req.log.error({ err }, "identity backend call failed");
          const { status, body } = errorPayload(ctx, err, rid);
          return reply.code(status).send(body);
        }
      },
    });
  };
}

const sessionsAuthenticateBody = z
  .object({
    session_token: z.string().optional(),
    session_jwt: z.string().optional(),
    session_duration_minutes: sessionDuration.optional(),
    session_custom_claims: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((b) => b.session_token || b.session_jwt, { message: "session_token or session_jwt is required" });

const sessionsRevokeBody = z
  .object({
    session_id: z.string().optional(),
    session_token: z.string().optional(),
    session_jwt: z.string().optional(),
  })
  .refine((b) => b.session_id || b.session_token || b.session_jwt, {
    message: "session_id, session_token or session_jwt is required",
  });

/** Resolves the optional `session_token`/`session_jwt` in a backend body into the call's session. */
async function withBodySession(
  call: Call,
  body: { session_token?: string; session_jwt?: string },
): Promise<Call> {
  if (!body.session_token && !body.session_jwt) return call;
  const row = await findSession(call.ctx, { token: body.session_token, jwt: body.session_jwt }).catch(
    () => null,
  );
  const valid = row && !sessionProblem(row, call.ctx.now(), call.ctx.settings.sessionIdleMinutes);
  if (!valid) throw new IdentityError("session_not_found");
  return { ...call, session: row };
}

export function registerCoreBackendRoutes(app: FastifyInstance, ctx: Ctx, route: BackendRegistrar): void {
  app.get(ERRORS_PATH, (_req, reply) => reply.type("text/html; charset=utf-8").send(errorsPage()));

  // Public: applications fetch the keys to verify session JWTs locally.
  app.get<{ Params: { projectId: string } }>("/v1/sessions/jwks/:projectId", async (req, reply) => {
    const rid = requestId(ctx);
    if (req.params.projectId !== ctx.project.projectId) {
      const { status, body } = errorPayload(ctx, new IdentityError("project_not_found"), rid);
      return reply.code(status).send(body);
    }
    reply.header("cache-control", "public, max-age=300");
    return send(reply, "backend", rid, { keys: await publicKeys(ctx) });
  });

  route("POST", "/sessions/authenticate", async (call, req) => {
    const body = parse(sessionsAuthenticateBody, req.body);
    const token = body.session_token;
    const jwt = body.session_jwt ?? (token && looksLikeJwt(token) ? token : undefined);
    const s = await authenticateSession(call.ctx, token && !jwt ? { token } : { jwt }, {
      durationMinutes: body.session_duration_minutes,
      customClaims: body.session_custom_claims,
    });
    return { ...authenticatedResponse(s), __user: undefined };
  });

  route("POST", "/sessions/revoke", async (call, req) => {
    const body = parse(sessionsRevokeBody, req.body);
    let sessionId = body.session_id;
    if (!sessionId) {
      const row = await findSession(call.ctx, { token: body.session_token, jwt: body.session_jwt });
      if (!row) throw new IdentityError("session_not_found");
      sessionId = row.id;
    }
    await revokeSession(call.ctx, sessionId);
    return {};
  });

  route("POST", "/magic_links/authenticate", async (call, req) => {
    const body = parse(magicLinkAuthenticateBody, req.body);
    const withSession = await withBodySession(call, body);
    const r = await magicLinkAuthenticate(withSession, body, body.session_duration_minutes !== undefined);
    return { ...r, __user: undefined };
  });

  route("GET", "/users/:userId", async (call, req) =>
    loadUser(call.ctx, (req.params as { userId: string }).userId),
  );

  // The operators' calls (admin.ts): search, correct, see and end sessions, delete one factor.
  route("POST", "/users/search", async (call, req) => searchUsers(call.ctx, searchQuery(req.body)));

  route("PUT", "/users/:userId", async (call, req) =>
    updateUser(call.ctx, (req.params as { userId: string }).userId, parse(userUpdateBody, req.body)),
  );

  route("GET", "/sessions", async (call, req) => {
    const { user_id } = parse(z.object({ user_id: z.string().min(1).max(200) }), req.query);
    return activeSessions(call.ctx, user_id);
  });

  for (const kind of FACTOR_KINDS) {
    route("DELETE", `/users/${kind}/:id`, async (call, req) =>
      deleteFactor(call.ctx, kind, (req.params as { id: string }).id),
    );
  }

  // Stytch's DELETE /v1/users/{user_id}: the user, its factors and its sessions, at once.
  route("DELETE", "/users/:userId", async (call, req) => {
    const userId = (req.params as { userId: string }).userId;
    await loadUser(call.ctx, userId); // user_not_found
    if (call.ctx.onUserDelete) {
      try {
        await call.ctx.onUserDelete(userId);
      } catch (err) {
        req.log.error({ err }, "the application could not close the user's account");
        throw new IdentityError("user_deletion_blocked");
      }
    }
    await deleteUser(call.ctx.db, userId); // the application's hook may have deleted it already
    return { user_id: userId };
  });

  route("POST", "/oauth/authenticate", async (call, req) => {
    const body = parse(oauthAuthenticateBody, req.body);
    const withSession = await withBodySession(call, body);
    const r = await oauthAuthenticate(withSession, body, body.session_duration_minutes !== undefined);
    return { ...r, __user: undefined };
  });

  // Browser redirects of the OAuth flow (no credentials: the public token is in the query).
  app.get<{ Params: { provider: string }; Querystring: Record<string, string> }>(
    "/v1/public/oauth/:provider/start",
    async (req, reply) => {
      try {
        return reply.redirect(await oauthStart(ctx, callerOf(req), req.params.provider, req.query), 302);
      } catch (err) {
        return browserError(reply, req.headers.accept, errorPayload(ctx, err, requestId(ctx)));
      }
    },
  );
  // The provider's answer: a redirect (GET) or Apple's form_post (POST, form-encoded, from Apple's page).
  const callback = async (
    req: FastifyRequest<{ Params: { provider: string } }>,
    reply: FastifyReply,
    params: Record<string, string>,
  ) => {
    try {
      const call: Call = { ctx, caller: callerOf(req), session: null, sessionInvalid: false };
      return reply.redirect(await oauthCallback(ctx, call, req.params.provider, params), 302);
    } catch (err) {
      if (!(err instanceof IdentityError)) req.log.error({ err }, "oauth callback failed");
      return browserError(reply, req.headers.accept, errorPayload(ctx, err, requestId(ctx)));
    }
  };
  app.get<{ Params: { provider: string }; Querystring: Record<string, string> }>(
    "/v1/public/oauth/:provider/callback",
    (req, reply) => callback(req, reply, req.query),
  );
  app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post<{ Params: { provider: string }; Body: Record<string, string> }>(
      "/v1/public/oauth/:provider/callback",
      (req, reply) => callback(req, reply, typeof req.body === "object" && req.body ? req.body : {}),
    );
  });
}

/** A person's browser gets a readable page; API clients (no `text/html` in Accept) get the JSON error. */
function browserError(
  reply: FastifyReply,
  accept: string | undefined,
  { status, body }: { status: number; body: Record<string, unknown> },
) {
  if (!accept?.includes("text/html")) return reply.code(status).send(body);
  const esc = (v: unknown) =>
    String(v).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in did not complete</title></head><body style="font-family:Arial,sans-serif;margin:3rem;color:#222"><h1>Sign-in did not complete</h1><p>${esc(body.error_message)}</p><p>Go back and try again.</p><p style="color:#888;font-size:12px">Error: <code>${esc(body.error_type)}</code> · request ${esc(body.request_id)}</p></body></html>`,
    );
}

const userUpdateBody = z.object({
  name: z
    .object({
      first_name: z.string().max(200).optional(),
      middle_name: z.string().max(200).optional(),
      last_name: z.string().max(200).optional(),
    })
    .optional(),
  trusted_metadata: z.record(z.string(), z.unknown()).optional(),
  untrusted_metadata: z.record(z.string(), z.unknown()).optional(),
});

const operand = z.discriminatedUnion("filter_name", [
  z.object({ filter_name: z.literal("user_ids"), filter_value: z.array(z.string()).min(1).max(100) }),
  z.object({ filter_name: z.literal("email_address"), filter_value: z.array(z.string()).min(1).max(100) }),
  z.object({ filter_name: z.literal("phone_number"), filter_value: z.array(z.string()).min(1).max(100) }),
  z.object({ filter_name: z.literal("status"), filter_value: z.enum(["active", "pending"]) }),
  z.object({
    filter_name: z.literal("created_at_between"),
    filter_value: z.object({ greater_than: z.iso.datetime(), less_than: z.iso.datetime() }),
  }),
  z.object({ filter_name: z.literal("created_at_greater_than"), filter_value: z.iso.datetime() }),
  z.object({ filter_name: z.literal("created_at_less_than"), filter_value: z.iso.datetime() }),
]);

const searchBody = z.object({
  limit: z.number().int().min(1).max(1000).default(100),
  cursor: z.string().max(500).nullish(),
  query: z
    .object({ operator: z.literal("AND").default("AND"), operands: z.array(operand).max(10) })
    .optional(),
});

/** Stytch's search body as a UserSearch (only "AND": every condition holds). */
function searchQuery(body: unknown): UserSearch {
  const b = parse(searchBody, body ?? {});
  const q: UserSearch = { limit: b.limit, cursor: b.cursor ?? undefined };
  for (const o of b.query?.operands ?? []) {
    if (o.filter_name === "user_ids") q.userIds = o.filter_value;
    if (o.filter_name === "email_address") q.emails = o.filter_value;
    if (o.filter_name === "phone_number") q.phones = o.filter_value;
    if (o.filter_name === "status") q.status = o.filter_value;
    if (o.filter_name === "created_at_between") {
      q.createdAfter = new Date(o.filter_value.greater_than);
      q.createdBefore = new Date(o.filter_value.less_than);
    }
    if (o.filter_name === "created_at_greater_than") q.createdAfter = new Date(o.filter_value);
    if (o.filter_name === "created_at_less_than") q.createdBefore = new Date(o.filter_value);
  }
  return q;
}
