import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import type { PgBoss } from "pg-boss";
import type { Db } from "../db/client.ts";
import type { Metrics } from "./registry.ts";
import { metricsRoutes } from "./routes.ts";

/**
 * A worker-only process's small HTTP side, so that a container's health check and Prometheus reach it
 * too: GET /api/health (the database and the queue) and GET /metrics (with METRICS_TOKEN). Only when
 * PORT is set for the worker (the image sets it); nothing else is served.
 */
export async function workerEndpoint(opts: {
  db: Db;
  boss: PgBoss;
  metrics: Metrics;
  token: string | undefined;
  port: number;
  host: string;
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  metricsRoutes(app, { metrics: opts.metrics, token: opts.token, db: opts.db });
  app.get("/api/health", async (_request, reply) => {
    const ok = await Promise.all([opts.db.execute(sql`select 1`), opts.boss.getQueue("ingest")]).then(
      () => true,
      () => false,
    );
    return reply.code(ok ? 200 : 503).send({ status: ok ? "ok" : "degraded", role: "worker" });
  });
  await app.listen({ port: opts.port, host: opts.host });
  return app;
}
