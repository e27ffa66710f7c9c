import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { type Database, openDatabase } from "../src/db/client.ts";
import { startBoss } from "../src/jobs/queue.ts";
import { QUEUE_NAMES } from "../src/workers/jobs.ts";
import { startS3Server } from "./s3-server.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
    s3Endpoint: string;
    /** A migrated embedded database (PGlite's dump), which each embedded test server starts from. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database, which each scale-out test server's database is created from. */
    postgresTemplate: string;
  }
}

/**
 * Starts the real services the integration suites run against: a PostgreSQL server and an S3 server. And
 * migrates one database of each kind, which every test server then starts from a copy of: PGlite's initdb
 * and the migrations took ~2.7 s of CPU per embedded server, a copy ~0.4 s. The server still runs its
 * migrations (finding nothing to do); upgrade.test.ts, which tests them, starts from an empty database.
 * The copies hold the job queue's schema and queues too, as a restarted server finds them: pg-boss's
 * install and the queues' creation took 0.25-1.0 CPU-s of each embedded server's start, 0.06 once there.
 */
export default async function setup(project: TestProject) {
  const pgDir = await mkdtemp(path.join(os.tmpdir(), "dub-pg-"));
  const pgPort = 20_000 + Math.floor(Math.random() * 20_000);
  const postgresUrl = execFileSync(
    path.join(ROOT, "scripts/test-postgres.sh"),
    ["start", pgDir, String(pgPort)],
    {
      encoding: "utf8",
    },
  ).trim();

  const s3Dir = await mkdtemp(path.join(os.tmpdir(), "dub-s3-"));
  const s3 = await startS3Server({ port: 0, directory: s3Dir });

  const templates = await mkdtemp(path.join(os.tmpdir(), "dub-templates-"));
  const pgliteTemplate = path.join(templates, "pglite.tar");
  const embedded = await openDatabase({ memory: true });
  if (embedded.kind !== "pglite") throw new Error("expected PGlite");
  await installQueues(embedded);
  await writeFile(
    pgliteTemplate,
    Buffer.from(await (await embedded.pglite.dumpDataDir("none")).arrayBuffer()),
  );
  await embedded.close();
  const postgresTemplate = "t_migrated_template";
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${postgresTemplate}`);
  await admin.end();
  const migrated = await openDatabase({ url: postgresUrl.replace(/\/postgres$/, `/${postgresTemplate}`) });
  await installQueues(migrated);
  await migrated.close();

  project.provide("postgresUrl", postgresUrl);
  project.provide("pgliteTemplate", pgliteTemplate);
  project.provide("postgresTemplate", postgresTemplate);
  project.provide("s3Endpoint", `http://127.0.0.1:${s3.port}`);

  return async () => {
    await s3.close();
    execFileSync(path.join(ROOT, "scripts/test-postgres.sh"), ["stop", pgDir]);
    await rm(s3Dir, { recursive: true, force: true });
    await rm(templates, { recursive: true, force: true });
  };
}

/** pg-boss's schema and every queue, as the server's first start leaves them. */
async function installQueues(database: Database) {
  const boss = await startBoss(database, { supervise: false, queues: QUEUE_NAMES });
  await boss.stop({ graceful: false });
}
