import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import type { PgBoss } from "pg-boss";
import { authRoutes } from "./auth/routes.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { sharedSecret } from "./db/settings.ts";
import { sessionAuth } from "./http/auth.ts";
import { errorHandling } from "./http/errors.ts";
import { systemRoutes } from "./http/system.ts";
import { webApp } from "./http/web.ts";
import { type Identity, mountIdentity } from "./identity/mount.ts";
import { bossSender } from "./jobs/sender.ts";
import { mediaRoutes } from "./media/routes.ts";
import { signMediaPath } from "./media/signing.ts";
import type { Storage } from "./storage/index.ts";
import { VideoRepository } from "./videos/repository.ts";
import { videoRoutes } from "./videos/routes.ts";
import { VideoService } from "./videos/service.ts";

export interface AppDeps {
  config: Config;
  database: Database;
  storage: Storage;
  boss: PgBoss;
  identity: Identity;
}

/** The HTTP side (role "api"): every route, wired to its services. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, storage, boss, identity } = deps;
  const db = database.db;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Never log cookies or credentials.
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: true,
  });
  errorHandling(app);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  sessionAuth(app, { db });
  await mountIdentity(app, db, config, identity);
  authRoutes(app, { db, config, identity });

  const mediaSecret = await sharedSecret(db, "media_signing_secret");
  const sign = (key: string, ttlSeconds: number) => signMediaPath(mediaSecret, key, Date.now(), ttlSeconds);
  const videos = new VideoService({ repo: new VideoRepository(db), storage, jobs: bossSender(boss), sign });

  systemRoutes(app, {
    db,
    storage,
    boss,
    mode: database.kind === "pglite" ? "embedded" : "scale-out",
    publicUrl: config.publicUrl,
    maxUploadBytes: config.maxUploadBytes,
    identity: { publicToken: identity.project.publicToken, sdkBaseUrl: config.publicUrl },
  });
  mediaRoutes(app, { storage, secret: mediaSecret });
  videoRoutes(app, {
    videos,
    tmpDir: path.join(config.dataDir, "tmp"),
    maxUploadBytes: config.maxUploadBytes,
  });
  await webApp(app, config.webDist);
  return app;
}
