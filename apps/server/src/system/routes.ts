import type { AppConfig } from "@dubbing/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { PgBoss } from "pg-boss";
import { PUBLIC } from "../auth/access.ts";
import type { Db } from "../db/client.ts";
import type { Storage } from "../storage/index.ts";

/** GET /api/health: the state of the database, storage and queue. GET /api/config: what the browser needs. */
export function systemRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    storage: Storage;
    boss: PgBoss;
    mode: "embedded" | "scale-out";
    publicUrl: string;
    maxUploadBytes: number;
    identity: AppConfig["identity"];
    operator: { supportEmail: string | null; policiesUpdated: string | null };
    voiceCloning: boolean;
    /** The landing's counts (computed once: the engines do not change while the server runs). */
    offer: () => Promise<AppConfig["offer"]>;
  },
) {
  app.get("/api/health", PUBLIC, async (_request, reply) => {
    const check = async (fn: () => Promise<unknown>) => {
      try {
        await fn();
        return "ok" as const;
      } catch {
        return "down" as const;
      }
    };
    const [db, storage, queue] = await Promise.all([
      check(() => deps.db.execute(sql`select 1`)),
      check(() => deps.storage.check()),
      check(() => deps.boss.getQueue("ingest")),
    ]);
    const ok = db === "ok" && storage === "ok" && queue === "ok";
    return reply
      .code(ok ? 200 : 503)
      .send({ status: ok ? "ok" : "degraded", mode: deps.mode, db, storage, queue });
  });

  app.get(
    "/api/config",
    PUBLIC,
    async (): Promise<AppConfig> => ({
      offer: await deps.offer(),
      publicUrl: deps.publicUrl,
      maxUploadBytes: deps.maxUploadBytes,
      acceptedUploadTypes: ["video/*", ".mp4", ".webm", ".ogg", ".mov", ".avi", ".wmv"],
      identity: deps.identity,
      operator: deps.operator,
      voiceCloning: deps.voiceCloning,
    }),
  );
}
