import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import { inject } from "vitest";
import { createSession, findOrCreateUser, SESSION_COOKIE } from "../src/auth/sessions.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { type RunningServer, startServer } from "../src/server.ts";

export type Mode = "embedded" | "scale-out";
/**
 * Embedded: PGlite + local disk. Scale-out: PostgreSQL + S3. Integration suites run on both (but see
 * PIPELINE_MODES); `TEST_MODES=embedded` (make test-fast) runs the embedded half alone.
 */
export const MODES: Mode[] = process.env.TEST_MODES === "embedded" ? ["embedded"] : ["embedded", "scale-out"];
/**
 * Suites whose subject is what the pipeline hears, measures or decides (recognition, the languages heard,
 * neural translation, speakers, voices by pitch, typed lines placed on the speech, the report card) run on
 * the embedded server alone: the store and the database under them are the paths every other suite runs in
 * both modes, and their media work, the same in both, was an eighth of the scale-out half's time.
 */
export const PIPELINE_MODES: Mode[] = ["embedded"];

export const S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface TestServer {
  mode: Mode;
  server: RunningServer;
  baseUrl: string;
  dataDir: string;
  /** A new user with a session; returns the Cookie header value. */
  signIn(email?: string): Promise<{ cookie: string; userId: string }>;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A new, empty PostgreSQL database (`migrated`: a copy of the migrated template, global-setup.ts). */
export async function freshPostgresDatabase(opts: { migrated?: boolean } = {}): Promise<string> {
  const admin = inject("postgresUrl");
  const name = `t_${randomUUID().replaceAll("-", "")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(
    `CREATE DATABASE ${name}${opts.migrated ? ` TEMPLATE ${inject("postgresTemplate")}` : ""}`,
  );
  await client.end();
  return admin.replace(/\/postgres$/, `/${name}`);
}

let pgliteTemplate: Promise<Buffer> | undefined;
/** A copy of the migrated embedded database (global-setup.ts), for a new in-memory PGlite. */
export async function migratedPglite(): Promise<Blob> {
  pgliteTemplate ??= readFile(inject("pgliteTemplate"));
  return new Blob([new Uint8Array(await pgliteTemplate)]);
}

/** A new migrated database of `mode`, opened by the server's client: in memory, or a fresh PostgreSQL one. */
export async function openTestDatabase(mode: Mode): Promise<Database> {
  return openDatabase(
    mode === "embedded"
      ? { memory: true, loadDataDir: await migratedPglite() }
      : { url: await freshPostgresDatabase({ migrated: true }) },
  );
}

export async function freshBucket(): Promise<string> {
  const bucket = `b-${randomUUID().slice(0, 18)}`;
  const client = new S3Client({
    endpoint: inject("s3Endpoint"),
    region: "us-east-1",
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return bucket;
}

export async function startTestServer(
  mode: Mode,
  env: Record<string, string> = {},
  /** Changes what no variable can say (e.g. a stand-in provider's endpoints). */
  adjust?: (config: Config) => void,
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "dub-test-"));
  const scaleOut =
    mode === "scale-out"
      ? {
          DATABASE_URL: await freshPostgresDatabase({ migrated: true }),
          S3_ENDPOINT: inject("s3Endpoint"),
          S3_BUCKET: await freshBucket(),
          S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
          S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
        }
      : {};
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "silent",
    ...scaleOut,
    ...env,
  });
  adjust?.(config);
  const server = await startServer(
    config,
    mode === "embedded" ? { memoryDb: true, loadDataDir: await migratedPglite() } : {},
  );
  return {
    mode,
    server,
    baseUrl,
    dataDir,
    async signIn(email = `${randomUUID()}@example.com`) {
      const user = await findOrCreateUser(server.database.db, email);
      const token = await createSession(server.database.db, user.id);
      return { cookie: `${SESSION_COOKIE}=${token}`, userId: user.id };
    },
    async close() {
      await server.stop();
      // a job the stop cut short may still be writing a file as the folder goes: retried, not a failure
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

/**
 * A server on the database in `dataDir` on disk (embedded; the suites' usual embedded mode keeps it in
 * memory), or on what `env` names (DATABASE_URL, S3_*). Closing stops it and leaves `dataDir` as it is.
 */
export async function startServerOn(dataDir: string, env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "silent",
    ...env,
  });
  const server = await startServer(config);
  return {
    mode: env.DATABASE_URL ? "scale-out" : "embedded",
    server,
    baseUrl,
    dataDir,
    async signIn(email = `${randomUUID()}@example.com`) {
      const user = await findOrCreateUser(server.database.db, email);
      return {
        cookie: `${SESSION_COOKIE}=${await createSession(server.database.db, user.id)}`,
        userId: user.id,
      };
    },
    close: () => server.stop(),
  };
}
