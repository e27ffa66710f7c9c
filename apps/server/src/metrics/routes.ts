import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.ts";
import { errorBody } from "../errors.ts";
import { collectFromDatabase } from "./collect.ts";
import type { Metrics } from "./registry.ts";
import { signInMethod, signInResult } from "./sign-ins.ts";

const UPLOAD_ROUTE = "/api/video/process";

/**
 * Records every answered request (by its matched route pattern, never the raw URL: ids would make a
 * series per project) and serves GET /metrics in Prometheus' text format to `Authorization: Bearer
 * <METRICS_TOKEN>`; without a token configured the route does not exist (404).
 */
export function metricsRoutes(
  app: FastifyInstance,
  deps: { metrics: Metrics; token: string | undefined; db: Db },
) {
  const { metrics } = deps;
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (route === UPLOAD_ROUTE && request.method === "POST") {
      const accepted = reply.statusCode === 201;
      metrics.uploads.inc({ result: accepted ? "accepted" : String(reply.statusCode) });
      if (accepted) metrics.uploadedBytes.inc(Number(request.headers["content-length"] ?? 0) || 0);
    }
    const method = signInMethod(route);
    if (method) metrics.signIns.inc({ method, result: signInResult(reply.statusCode) });
  });

  // Without a token the route answers 404 itself: otherwise the web app's fallback would serve index.html.
  if (!deps.token) {
    app.get("/metrics", async (_request, reply) =>
      reply.code(404).send(errorBody("not_found", "There is nothing here.")),
    );
    return;
  }
  const expected = Buffer.from(`Bearer ${deps.token}`);
  app.get("/metrics", async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      return reply.code(401).send(errorBody("unauthorized", "A valid metrics token is required."));
    }
    await collectFromDatabase(deps.db, metrics);
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
