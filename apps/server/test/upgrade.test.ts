// Upgrading from the first release that had migrations (c1bc237): its database, made by its own code
// (test/upgrade/make-release-1.sh), is loaded as it was, today's server starts on it, runs every later
// migration and serves the old data: the project, its transcript and files, the account and its session.
import { cp, mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tempFolder } from "./fixtures.ts";
import {
  freshBucket,
  freshPostgresDatabase,
  MODES,
  type Mode,
  S3_CREDENTIALS,
  startServerOn,
  type TestServer,
} from "./harness.ts";
import { api } from "./http.ts";
import { signInByLink } from "./identity.ts";

const FIXTURE = path.join(import.meta.dirname, "upgrade/release-1");
const JOURNAL = path.join(import.meta.dirname, "../drizzle/meta/_journal.json");
const tmp = tempFolder("dub-upgrade-");

interface Release {
  email: string;
  cookie: string;
  projectId: string;
}

/** Every file of the release's storage, as store keys. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(FIXTURE, "storage");
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** The release's database and files where a server of `mode` finds them; answers its environment. */
async function loadRelease(mode: Mode, dataDir: string): Promise<Record<string, string>> {
  const dump = await readFile(path.join(FIXTURE, "dump.sql"), "utf8");
  if (mode === "embedded") {
    await mkdir(path.join(dataDir, "db"), { recursive: true });
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, "db") });
    await pglite.exec(dump);
    await pglite.close();
    await cp(path.join(FIXTURE, "storage"), path.join(dataDir, "storage"), { recursive: true });
    return {};
  }
  const databaseUrl = await freshPostgresDatabase();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(dump);
  await client.end();
  const bucket = await freshBucket();
  const s3 = new S3Client({
    endpoint: inject("s3Endpoint"),
    region: "us-east-1",
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
  });
  for (const key of await storedFiles()) {
    const body = await readFile(path.join(FIXTURE, "storage", key));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key.split(path.sep).join("/"), Body: body }));
  }
  s3.destroy();
  return {
    DATABASE_URL: databaseUrl,
    S3_ENDPOINT: inject("s3Endpoint"),
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
  };
}

describe.each(MODES)("upgrade from the first release's database (%s)", (mode) => {
  let release: Release;
  let server: TestServer;
  let baseUrl: string;

  beforeAll(async () => {
    release = JSON.parse(await readFile(path.join(FIXTURE, "release.json"), "utf8"));
    const dataDir = path.join(tmp.path, mode);
    const env = await loadRelease(mode, dataDir);
    server = await startServerOn(dataDir, env);
    baseUrl = server.baseUrl;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("runs every later migration", async () => {
    const journal = JSON.parse(await readFile(JOURNAL, "utf8")) as { entries: unknown[] };
    const applied = await api(baseUrl, null, "GET", "/api/health");
    expect(applied.body).toMatchObject({ status: "ok", db: "ok" });
    const { rows } = (await server.server.database.db.execute(
      "select count(*)::int as n from drizzle.__drizzle_migrations" as never,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(journal.entries.length);
  });

  it("serves the old project, its transcript and its files to the old session", async () => {
    const project = await api(baseUrl, release.cookie, "GET", `/api/video/${release.projectId}`);
    expect(project.status).toBe(200);
    expect(project.body).toMatchObject({ _id: release.projectId, title: "My first video", status: "ready" });
    expect(project.body.transcript.map((s: { text: string }) => s.text)).toEqual([
      "Hello from the first release.",
      "Still here after the upgrade.",
    ]);
    for (const [url, file] of [
      [project.body.originalVideoUrl, "original.mp4"],
      [project.body.posterUrl, "poster.jpg"],
    ]) {
      const res = await fetch(`${baseUrl}${url}`);
      expect(res.status).toBe(200);
      const stored = await readFile(path.join(FIXTURE, "storage/projects", release.projectId, file));
      expect(Buffer.from(await res.arrayBuffer())).toEqual(stored);
    }
  });

  it("the old account signs in by magic link and finds its project", async () => {
    const cookie = await signInByLink(server, release.email);
    expect(cookie).toBeTruthy();
    const list = await api(baseUrl, cookie, "GET", "/api/video");
    expect(JSON.stringify(list.body)).toContain(release.projectId);
    // the migration gave the old account its personal workspace, which holds the old project
    const { workspaces } = (await api(baseUrl, cookie, "GET", "/api/workspaces")).body;
    expect(workspaces).toMatchObject([{ personal: true, role: "owner" }]);
    const inIt = await api(baseUrl, cookie, "GET", `/api/video?workspaceId=${workspaces[0].id}`);
    expect(inIt.body.map((p: { _id: string }) => p._id)).toEqual([release.projectId]);
  });
});
