// The HTTP edge: envelopes, errors, Basic auth, CORS. Handlers below this never see Fastify.
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ZodError, type z } from "zod";
import type { Call } from "../call.ts";
import type { Caller, Ctx } from "../context.ts";
import { safeEqual } from "../crypto.ts";
import { ERRORS, errorUrl, IdentityError } from "../errors.ts";
import { findSession, looksLikeJwt, sessionProblem } from "../sessions.ts";

export function requestId(ctx: Ctx): string {
  return `request-id-${ctx.env}-${randomUUID()}`;
}

export function callerOf(req: FastifyRequest): Caller {
  return { ip: req.ip, userAgent: String(req.headers["user-agent"] ?? "") };
}

export function parseBasic(header: string | undefined): { user: string; pass: string } | null {
  if (!header?.startsWith("Basic ")) return null;
  const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
  const i = decoded.indexOf(":");
  if (i < 0) return null;
  return { user: decoded.slice(0, i), pass: decoded.slice(i + 1) };
}

/** ajv-like entries so the Stytch SDK recognises a schema error (it looks for a `body` key). */
function schemaErrorBody(err: ZodError) {
  return err.issues.map((i) => ({
    keyword: i.code,
    dataPath: `.${i.path.join(".")}`,
    schemaPath: `#/properties/${i.path.join("/properties/")}`,
    message: `${i.path.join(".") || "body"} ${i.message}`,
  }));
}

/** A zod failure whose message names an error type (e.g. `invalid_email`) becomes that typed error. */
function typedFromZod(err: ZodError): IdentityError | null {
  for (const issue of err.issues) {
    if (issue.message in ERRORS) return new IdentityError(issue.message as keyof typeof ERRORS);
  }
  return null;
}

export function errorPayload(
  ctx: Ctx,
  err: unknown,
  rid: string,
): { status: number; body: Record<string, unknown> } {
  if (err instanceof ZodError) {
    const typed = typedFromZod(err);
    if (!typed) {
      return {
        status: 400,
        body: {
          status_code: 400,
          request_id: rid,
          error_type: "bad_request",
          error_message: schemaErrorBody(err)
            .map((e) => e.message)
            .join("; "),
          error_url: errorUrl(ctx.publicUrl, "bad_request"),
          body: schemaErrorBody(err),
        },
      };
    }
    err = typed;
  }
  const e = err instanceof IdentityError ? err : fromFastify(err);
  return {
    status: e.status,
    body: {
      status_code: e.status,
      request_id: rid,
      error_type: e.type,
      error_message: e.message,
      error_url: errorUrl(ctx.publicUrl, e.type),
      ...(e.details ?? {}),
    },
  };
}

/** Errors raised by Fastify itself (body parsing, size limits) in our error shape; anything else is a 500. */
function fromFastify(err: unknown): IdentityError {
  const s = (err as { statusCode?: number }).statusCode;
  if (s === 413) return new IdentityError("payload_too_large");
  if (s === 415) return new IdentityError("unsupported_media_type");
  if (typeof s === "number" && s >= 400 && s < 500)
    return new IdentityError("bad_request", (err as Error).message);
  return new IdentityError("internal_server_error");
}

function allowedOrigin(ctx: Ctx, origin: string | undefined): string | null {
  if (!origin) return null;
  if (ctx.project.allowedOrigins.includes(origin)) return origin;
  try {
    if (new URL(ctx.publicUrl).origin === origin) return origin;
  } catch {
    // publicUrl is validated at start
  }
  return null;
}

/** CORS with credentials for the configured origins, on every SDK route and its preflight. */
export function installCors(app: FastifyInstance, ctx: Ctx, prefix: string): void {
  app.addHook("onRequest", async (req, reply) => {
    if (!req.url.startsWith(prefix)) return;
    const origin = allowedOrigin(ctx, req.headers.origin);
    reply.header("vary", "Origin");
    if (!origin) return;
    reply.header("access-control-allow-origin", origin);
    reply.header("access-control-allow-credentials", "true");
    if (req.method === "OPTIONS") {
      reply.header("access-control-allow-methods", "GET, POST, PUT, DELETE, OPTIONS");
      reply.header(
        "access-control-allow-headers",
        req.headers["access-control-request-headers"] ??
          "authorization, content-type, x-sdk-client, x-sdk-parent-host",
      );
      reply.header("access-control-max-age", "600");
    }
  });
  app.options(`${prefix}/*`, async (_req, reply) => reply.code(204).send());
}

/** JSON parser that accepts an empty body (the SDK posts bodiless calls with a JSON content type). */
export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: 256 * 1024 },
    (_req, body, done) => {
      const text = String(body);
      if (text.trim() === "") return done(null, {});
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new IdentityError("bad_request", "The body is not valid JSON."), undefined);
      }
    },
  );
}

type Envelope = "sdk" | "backend";

/**
 * Sends `data` with 200 as `{data: {...data, request_id, status_code}, request_id, status_code}` (SDK) or
 * flat (backend). Errors go through errorPayload.
 */
export function send(reply: FastifyReply, kind: Envelope, rid: string, data: object) {
  const status = 200;
  const inner = { ...data, request_id: rid, status_code: status };
  return reply
    .code(status)
    .send(kind === "sdk" ? { data: inner, request_id: rid, status_code: status } : inner);
}

/** Resolves the SDK caller's session from Basic `public_token:session_token` (or `:session_jwt`). */
export async function sdkCall(ctx: Ctx, req: FastifyRequest): Promise<Call> {
  const auth = parseBasic(req.headers.authorization);
  if (!auth || !safeEqual(auth.user, ctx.project.publicToken))
    throw new IdentityError("invalid_public_token");
  const call: Call = { ctx, caller: callerOf(req), session: null, sessionInvalid: false };
  if (auth.pass && auth.pass !== auth.user) {
    const credential = looksLikeJwt(auth.pass) ? { jwt: auth.pass } : { token: auth.pass };
    const row = await findSession(ctx, credential).catch(() => null);
    if (row && !sessionProblem(row, ctx.now(), ctx.settings.sessionIdleMinutes)) call.session = row;
    else call.sessionInvalid = true;
  }
  return call;
}

/** Checks Basic `project_id:secret` for the backend API. */
export function backendCall(ctx: Ctx, req: FastifyRequest): Call {
  const auth = parseBasic(req.headers.authorization);
  const ok =
    !!auth && safeEqual(auth.user, ctx.project.projectId) && safeEqual(auth.pass, ctx.project.secret);
  if (!ok) throw new IdentityError("invalid_secret_authentication");
  return { ctx, caller: { ...callerOf(req), backend: true }, session: null, sessionInvalid: false };
}

export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  return schema.parse(value ?? {});
}
