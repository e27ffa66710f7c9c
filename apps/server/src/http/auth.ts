import type { FastifyInstance, FastifyRequest } from "fastify";
import { findSessionUser, SESSION_COOKIE, type SessionUser } from "../auth/sessions.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** Paths under /api that answer without a session. */
const PUBLIC_API = [
  /^\/api\/health$/,
  /^\/api\/config$/,
  /^\/api\/stytch(\/.*)?$/,
  // Stripe calls the webhook (it proves itself with its signature); the blog and plan prices are public.
  /^\/api\/stripe\/webhook$/,
  /^\/api\/stripe\/config$/,
  /^\/api\/blog(\/[^/]+)?$/,
  // Voice samples play on the landing page; their key space is bounded by the catalogue.
  /^\/api\/voices\/sample\/[a-z]+\/[\w-]+\.mp3$/,
];

/** Resolves the session cookie on every /api request and refuses those without one (401). */
export function sessionAuth(app: FastifyInstance, deps: { db: Db }) {
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    const path = request.url.split("?")[0]!;
    if (!path.startsWith("/api/")) return;
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? await findSessionUser(deps.db, token) : null;
    if (!request.user && !PUBLIC_API.some((re) => re.test(path))) {
      throw new AppError("unauthorized", "Please sign in to continue.");
    }
  });
}

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError("unauthorized", "Please sign in to continue.");
  return request.user;
}
