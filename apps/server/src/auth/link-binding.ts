// Sign-in links bound to the browser that asked for them. The login page's send call gets a random
// binding, kept in an HttpOnly cookie of that browser and written into the link's callback URL (`?b=`).
// The callback exchanges the token at once only when both match; any other browser (a victim sent the
// attacker's link, a mail scanner) gets a confirm page first, and a GET never spends the token.
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";

export const BINDING_COOKIE = "dub_link";
export const BINDING_PARAM = "b";
const BINDING_DAYS = 7; // the longest a magic link can live

/** The requests that start a sign-in, and where their redirect URLs to the app's callbacks are. */
interface StartRequest {
  method: "GET" | "POST";
  path: RegExp;
  in: "body" | "query";
  fields: readonly string[];
  callbackPath: string;
}

export function startRequests(magicLinkCallback: string, oauthCallback: string): StartRequest[] {
  return [
    {
      method: "POST",
      path: /^\/sdk\/v1\/magic_links\/email\/(login_or_create|send\/primary)$/,
      in: "body",
      fields: ["login_magic_link_url", "signup_magic_link_url"],
      callbackPath: magicLinkCallback,
    },
    {
      method: "GET",
      path: /^\/v1\/public\/oauth\/[\w-]+\/start$/,
      in: "query",
      fields: ["login_redirect_url", "signup_redirect_url"],
      callbackPath: oauthCallback,
    },
    {
      method: "POST",
      path: /^\/sdk\/v1\/oauth\/google\/onetap\/start$/,
      in: "body",
      fields: ["login_redirect_url", "signup_redirect_url"],
      callbackPath: oauthCallback,
    },
  ];
}

/**
 * The request's parameters with every redirect to the app's callback (or none given: the callback is
 * the default) carrying the binding; null when it asks for redirects elsewhere only (pure).
 */
export function bindLinkUrls(
  body: Record<string, unknown>,
  fields: readonly string[],
  callbackUrl: string,
  binding: string,
): Record<string, unknown> | null {
  const callback = new URL(callbackUrl);
  const bound = { ...body };
  let changed = false;
  for (const field of fields) {
    const asked = body[field];
    if (asked !== undefined && asked !== "" && !sameEndpoint(asked, callback)) continue;
    const url = new URL(callback);
    url.searchParams.set(BINDING_PARAM, binding);
    bound[field] = url.toString();
    changed = true;
  }
  return changed ? bound : null;
}

function sameEndpoint(asked: unknown, callback: URL): boolean {
  if (typeof asked !== "string") return false;
  try {
    const url = new URL(asked);
    return url.origin === callback.origin && url.pathname === callback.pathname;
  } catch {
    return false;
  }
}

/** True when the browser's cookie holds `value` (the link's binding, the confirm page's nonce). */
export function matchesCookie(cookie: string | undefined, value: unknown): boolean {
  if (!cookie || typeof value !== "string" || cookie.length !== value.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(value));
}

/** Gives each browser that starts a sign-in a binding (its existing one, if any). */
export function bindSignInLinks(
  app: FastifyInstance,
  opts: { publicUrl: string; magicLinkCallback: string; oauthCallback: string; secure: boolean },
) {
  const starts = startRequests(opts.magicLinkCallback, opts.oauthCallback);
  app.addHook("preHandler", async (request, reply) => {
    const path = request.url.split("?")[0]!;
    const start = starts.find((s) => s.method === request.method && s.path.test(path));
    const params = start && (start.in === "body" ? request.body : request.query);
    if (!start || typeof params !== "object" || params === null || Array.isArray(params)) return;
    const binding = request.cookies[BINDING_COOKIE] ?? randomBytes(16).toString("base64url");
    const callbackUrl = `${opts.publicUrl}${start.callbackPath}`;
    const bound = bindLinkUrls(params as Record<string, unknown>, start.fields, callbackUrl, binding);
    if (!bound) return;
    if (start.in === "body") request.body = bound;
    else request.query = bound;
    reply.setCookie(BINDING_COOKIE, binding, {
      httpOnly: true,
      secure: opts.secure,
      sameSite: "lax",
      path: opts.magicLinkCallback, // also covers the OAuth callback below it
      maxAge: BINDING_DAYS * 86_400,
    });
  });
}
