import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import { type Logger, pino } from "pino";
import { loggerOptions } from "./options.ts";

/**
 * JSON logs with context: inside a request every line carries its `reqId`, inside a job its `jobId`
 * (and kind, project, tracking row). Code that logs calls `log()` and gets the logger of whatever it is
 * running for, without passing one around; outside any, the process's own.
 */
const current = new AsyncLocalStorage<Logger>();
let processLogger: Logger = pino(loggerOptions("info"));

/** The process's logger at LOG_LEVEL (server.ts, once at start). */
export function configureLogs(level: string): Logger {
  processLogger = pino(loggerOptions(level));
  return processLogger;
}

/** The logger of the current request or job, else the process's. */
export function log(): Logger {
  return current.getStore() ?? processLogger;
}

/** Runs `fn` with `logger` as what `log()` answers inside it (and in everything it awaits). */
export function withLogs<T>(logger: Logger, fn: () => T): T {
  return current.run(logger, fn);
}

// Letters, digits and a few separators, as proxies and tracing systems write them; anything else is
// replaced, so a client cannot write into the log through it.
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify's genReqId: a random UUID (unique over every process of a scale-out deployment); behind a
 * trusted proxy (TRUST_PROXY), the proxy's X-Request-Id when it sends a well-formed one.
 */
export function requestIds(trustProxy: boolean) {
  return (req: IncomingMessage): string => {
    const given = req.headers["x-request-id"];
    return trustProxy && typeof given === "string" && FORWARDED_ID.test(given) ? given : randomUUID();
  };
}

/** One route as registered: its method(s) and its path pattern (`/invite/:token`, `/media/*`). */
export interface RouteEntry {
  method: string;
  url: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered after `requestLogs` (a test checks the log redacts each one's secrets). */
    routeTable: RouteEntry[];
  }
}

/**
 * Every request runs with its own logger as `log()`, and answers its id in X-Request-Id. Every route
 * registered from here on is kept in `app.routeTable`.
 */
export function requestLogs(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate("routeTable", routes);
  app.addHook("onRoute", (route) => {
    routes.push({ method: String(route.method), url: route.url ?? route.path });
  });
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    withLogs(request.log as Logger, done);
  });
}
