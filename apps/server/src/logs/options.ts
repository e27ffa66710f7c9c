import type { FastifyServerOptions } from "fastify";

/** Query parameters that carry secrets: sign-in tokens, OAuth codes and states, media signatures. */
const SECRET_PARAMS = new Set(["token", "code", "state", "sig", "b", "session_token", "session_jwt"]);

/**
 * Paths whose segment after the prefix is a secret: an invitation's token (the web app's page and the
 * API that reads it), and the identity provider's bootstrap token. A route with a `:token` parameter must
 * be listed here (apps/server/test/log-redaction.test.ts walks the route table).
 */
export const SECRET_PATH_PREFIXES = ["/invite/", "/api/invites/", "/sdk/v1/projects/bootstrap/"] as const;

/** The path with every secret segment replaced by `[redacted]` (pure). */
function redactPath(path: string): string {
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (!path.toLowerCase().startsWith(prefix)) continue;
    const end = path.indexOf("/", prefix.length);
    const rest = end < 0 ? "" : path.slice(end);
    // the one route under /api/invites/ that is not a token
    if (path.slice(prefix.length) === "accept") return path;
    return `${prefix}[redacted]${rest}`;
  }
  return path;
}

/** The URL with every secret path segment and query value replaced by `[redacted]` (pure). */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return redactPath(url);
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (!SECRET_PARAMS.has(key.toLowerCase())) continue;
    params.set(key, "[redacted]");
    changed = true;
  }
  const path = redactPath(url.slice(0, q));
  return changed ? `${path}?${params.toString()}` : `${path}${url.slice(q)}`;
}

/**
 * The request log: method, redacted URL and client address; never cookies, authorization headers or
 * any secret in a query string.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions["logger"], boolean | undefined> {
  return {
    level,
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
}
