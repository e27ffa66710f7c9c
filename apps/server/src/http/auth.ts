import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SessionCache } from "../auth/session-cache.ts";
import { SESSION_COOKIE, type SessionUser } from "../auth/sessions.ts";
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

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Resolves the session cookie on every /api request and refuses those without one (401). */
export function sessionAuth(app: FastifyInstance, deps: { sessions: SessionCache }) {
  app.decorateRequest("user", null);
  // A request that may change state may have ended a session (its own sign-out, a revocation, a deleted
  // account): this process forgets what it checked before answering it, without waiting for the database's
  // notification (auth/session-cache.ts).
  app.addHook("onSend", async (request) => {
    if (!SAFE_METHODS.has(request.method)) deps.sessions.clear();
  });
  app.addHook("onRequest", async (request) => {
    const path = request.url.split("?")[0]!;
    if (!path.startsWith("/api/")) return;
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? await deps.sessions.find(token) : null;
    if (!request.user && !PUBLIC_API.some((re) => re.test(path))) {
      throw new AppError("unauthorized", "Please sign in to continue.");
    }
  });
}

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError("unauthorized", "Please sign in to continue.");
  return request.user;
}
