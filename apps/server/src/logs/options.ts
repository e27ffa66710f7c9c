import type { FastifyServerOptions } from "fastify";

/** Query parameters that carry secrets: sign-in tokens, OAuth codes and states, media signatures. */
const SECRET_PARAMS = new Set(["token", "code", "state", "sig", "b", "session_token", "session_jwt"]);

/** The URL with every secret query value replaced by `[redacted]` (pure). */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (!SECRET_PARAMS.has(key.toLowerCase())) continue;
    params.set(key, "[redacted]");
    changed = true;
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
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
