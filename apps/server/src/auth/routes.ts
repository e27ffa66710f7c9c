import { randomBytes } from "node:crypto";
import { SIGNED_IN_LANDING } from "@dubbing/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { renderMailbox } from "../identity/mailbox-page.ts";
import {
  APP_SESSION_MINUTES,
  GOOGLE_CALLBACK,
  type Identity,
  MAGIC_LINK_CALLBACK,
} from "../identity/mount.ts";
import { currentUser, isAdmin, PUBLIC, SESSION_ONLY, SIGN_OUT, SIGNED_IN, SUSPENDED } from "./access.ts";
import { renderConfirmSignIn } from "./confirm-page.ts";
import { BINDING_COOKIE, BINDING_PARAM, matchesCookie } from "./link-binding.ts";
import { authenticatedAnswer, provenEmail } from "./proven-email.ts";
import {
  accountFor,
  createSession,
  deleteSession,
  SESSION_ABSOLUTE_DAYS,
  SESSION_COOKIE,
  signOutEverywhere,
} from "./sessions.ts";

const CONFIRM_COOKIE = "dub_confirm";
const providerError = z.object({ error_message: z.string() });
const INCOMPLETE_LINK = "This sign-in link is incomplete. Please request a new one.";
const plausibleToken = (token: unknown): token is string =>
  typeof token === "string" && token.length > 0 && token.length <= 512;
const SIGN_UP_REFUSED = "New accounts on this server are by invitation. Ask its operator for one.";
const NO_PROVEN_EMAIL =
  "This sign-in did not prove an email address we can use. Sign in with a link sent to your email.";

/**
 * The sign-in callbacks, the current user and logout. A callback exchanges the provider's one-time token
 * through the provider's backend API (in-process), then starts an app session in an HttpOnly cookie.
 */
export function authRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    identity: Identity;
    /** Whether a new account may be made for a proven address (auth/sign-up-rule.ts). */
    signUpAllowed: (email: string) => Promise<boolean>;
    onSignOut?: (userId: string) => void;
  },
) {
  const { db, config, identity } = deps;
  const secure = config.publicUrl.startsWith("https:");
  const basic = `Basic ${Buffer.from(`${identity.project.projectId}:${identity.project.secret}`).toString("base64")}`;

  async function exchange(reply: FastifyReply, browser: FastifyRequest, endpoint: string, token: unknown) {
    if (!plausibleToken(token)) return failed(reply, INCOMPLETE_LINK);
    // The provider's audit log and session records name the browser, not this in-process call.
    const res = await app.inject({
      method: "POST",
      url: endpoint,
      headers: {
        authorization: basic,
        "content-type": "application/json",
        "user-agent": browser.headers["user-agent"] ?? "",
      },
      payload: { token, session_duration_minutes: APP_SESSION_MINUTES },
      remoteAddress: browser.ip,
    });
    const body = res.json();
    const ok = res.statusCode === 200 ? authenticatedAnswer.safeParse(body) : null;
    if (!ok?.success) {
      const message = providerError.safeParse(body).data?.error_message;
      return failed(reply, message ?? "Sign-in failed. Please try again.");
    }
    const email = provenEmail(ok.data);
    const user = email ? await accountFor(db, ok.data.user_id, email, deps.signUpAllowed) : null;
    if (user === "refused") return failed(reply, SIGN_UP_REFUSED);
    if (!user) return failed(reply, NO_PROVEN_EMAIL);
    if (user.suspended) return failed(reply, SUSPENDED);
    const sessionToken = await createSession(db, user.id, { identitySessionId: ok.data.session.session_id });
    reply.setCookie(SESSION_COOKIE, sessionToken, {
      httpOnly: true,
      secure,
      sameSite: "lax",
      path: "/",
      maxAge: SESSION_ABSOLUTE_DAYS * 86_400,
    });
    return reply.redirect(SIGNED_IN_LANDING, 302);
  }

  function failed(reply: FastifyReply, message: string) {
    return reply.redirect(`/login?error=${encodeURIComponent(message)}`, 302);
  }

  for (const [path, endpoint] of [
    [MAGIC_LINK_CALLBACK, "/v1/magic_links/authenticate"],
    [GOOGLE_CALLBACK, "/v1/oauth/authenticate"],
  ] as const) {
    // The browser that asked for the link signs in at once; any other gets a confirm page (no token spent).
    app.get(path, PUBLIC, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      if (matchesCookie(request.cookies[BINDING_COOKIE], query[BINDING_PARAM]))
        return exchange(reply, request, endpoint, query.token);
      if (!plausibleToken(query.token)) return failed(reply, INCOMPLETE_LINK);
      const nonce = randomBytes(16).toString("base64url");
      reply.setCookie(CONFIRM_COOKIE, nonce, { httpOnly: true, secure, sameSite: "strict", path });
      reply.header("cache-control", "no-store");
      return reply
        .type("text/html; charset=utf-8")
        .send(renderConfirmSignIn({ action: path, token: query.token, nonce }));
    });
    // The confirm page's one click: its nonce cookie (SameSite=Strict) proves the click came from that page.
    app.register(async (scope) => {
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: 4096 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      scope.post(path, PUBLIC, async (request, reply) => {
        const form = (request.body ?? {}) as Record<string, unknown>;
        if (!matchesCookie(request.cookies[CONFIRM_COOKIE], form.confirm))
          return failed(reply, "This sign-in could not be confirmed. Please open the link again.");
        reply.clearCookie(CONFIRM_COOKIE, { path });
        return exchange(reply, request, endpoint, form.token);
      });
    });
  }

  // Public pages ask whether the visitor has a session without a 401 in every signed-out browser's console:
  // the user, or null (none, or a suspended account's: that is nobody on a public route).
  app.get("/api/auth/session", PUBLIC, async (request) => {
    const user = request.user;
    return { user: user ? { id: user.id, email: user.email } : null };
  });

  // `operator: true` (else absent): this session's account runs the server (ADMIN_EMAILS): the app links
  // its console
  app.get("/api/auth/me", SIGNED_IN, async (request) => {
    const user = currentUser(request);
    const operator = user.sessionId !== "" && isAdmin(deps.config.adminEmails, user.email);
    return { id: user.id, email: user.email, ...(operator && { operator }) };
  });

  app.put("/api/auth/logout", SIGN_OUT, async (request, reply) => {
    const user = currentUser(request);
    await deleteSession(db, user.sessionId);
    if (user.identitySessionId) {
      await app.inject({
        method: "POST",
        url: "/v1/sessions/revoke",
        headers: { authorization: basic, "content-type": "application/json" },
        payload: { session_id: user.identitySessionId },
      });
    }
    deps.onSignOut?.(user.id);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.code(204).send();
  });

  app.put("/api/auth/logout-everywhere", SESSION_ONLY, async (request, reply) => {
    await signOutEverywhere(db, currentUser(request).id);
    deps.onSignOut?.(currentUser(request).id);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.code(204).send();
  });

  // Development only: the emails the server would have sent, when no SMTP server is configured.
  if (identity.devMailbox) {
    const mailbox = identity.devMailbox;
    app.get("/dev/mailbox", async (request, reply) => {
      if (config.devMailbox === "loopback-only" && !directLoopback(request))
        return reply.code(404).send({ error: { code: "not_found", message: "Not found." } });
      return reply.type("text/html; charset=utf-8").send(renderMailbox(await mailbox.list()));
    });
  }
}

/** A request from this machine that no proxy relayed: a reverse proxy on the same host adds its headers. */
function directLoopback(request: FastifyRequest): boolean {
  const from = request.socket.remoteAddress ?? "";
  const loopback = from === "::1" || from.startsWith("127.") || from.startsWith("::ffff:127.");
  return loopback && !request.headers["x-forwarded-for"] && !request.headers.forwarded;
}
