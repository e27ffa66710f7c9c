// The scale-out mode as an operator runs it: its own PostgreSQL and S3 server, two API and two worker
// processes. An upload through one API is watched through the other; then the infrastructure fails under
// running dubs — PostgreSQL restarted, a worker SIGKILLed, S3 down for 20 s at a job's start — and every
// dub still finishes, once, with every process alive and no object left that no row owns.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { withoutEngineEnv } from "@dubbing/dubbing/engines/options.ts";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, findOrCreateUser, SESSION_COOKIE } from "../src/auth/sessions.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { jobs } from "../src/db/schema.ts";
import { waitForEvent } from "./events.ts";
import { tempFolder } from "./fixtures.ts";
import { freePort, S3_CREDENTIALS } from "./harness.ts";
import { api, eventually, startAndWait, upload } from "./http.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const MAIN = path.join(ROOT, "apps/server/src/main.ts");
const PG = path.join(ROOT, "scripts/test-postgres.sh");
const BUCKET = "scale-out";
const tmp = tempFolder("dub-scale-");

interface Proc {
  child: ChildProcess;
  url: string | null;
}

describe("scale-out: 2 API and 2 worker processes through the infrastructure's faults", () => {
  let pgDir: string;
  let databaseUrl: string;
  let s3Dir: string;
  let s3Port: number;
  let s3: { close(): Promise<void> } | null = null;
  let database: Database;
  const procs = new Map<string, Proc>();
  let cookie: string;
  let id: string;

  const startS3 = async () => {
    const { default: S3rver } = await import("s3rver");
    const server = new S3rver({ port: s3Port, address: "127.0.0.1", silent: true, directory: s3Dir });
    await server.run();
    s3 = server;
  };

  /** Starts `node main.ts` with the given roles; resolves once it says it is ready. */
  const start = async (name: string, roles: "api" | "worker") => {
    const port = roles === "api" ? await freePort() : null;
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...withoutEngineEnv(process.env),
        ROLES: roles,
        DATA_DIR: await mkdtemp(path.join(os.tmpdir(), `dub-scale-${name}-`)),
        DATABASE_URL: databaseUrl,
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
        ...(port && { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
        LOG_LEVEL: "warn",
        WORKER_CONCURRENCY: "1",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("ready")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`${name} exited with ${code}`)));
    });
    child.stdout!.resume();
    const proc = { child, url: port ? `http://127.0.0.1:${port}` : null };
    procs.set(name, proc);
    return proc;
  };

  const alive = () =>
    [...procs].filter(([, p]) => p.child.exitCode === null && p.child.signalCode === null).map(([n]) => n);
  const apiUrl = (name: string) => procs.get(name)!.url!;
  const translation = async () =>
    (await api(apiUrl("api-2"), cookie, "GET", `/api/video/${id}/translations`)).body.es;
  // a probe may meet the database restarting: it is asked again
  const until = <T>(what: string, probe: () => Promise<T | null | undefined | false>, ms: number) =>
    eventually(what, probe, ms, { tolerateErrors: true });
  /**
   * Starts a dub through API 1 that runs for several seconds: every line synthesized again and the
   * subtitles drawn into the 1280-pixel video (a full encode), so faults land in the middle of it.
   */
  const startDub = async () => {
    const lines = (await translation()).transcript.length;
    const res = await api(apiUrl("api-1"), cookie, "POST", `/api/video/${id}/dub`, {
      language: "es",
      regenerate: [...Array(lines).keys()],
      burnSubtitles: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return res.body.job.id as string;
  };
  const dubbed = (jobId: string, ms: number) =>
    until(
      "the dub",
      async () => {
        const [row] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
        return row?.status === "done" || row?.status === "failed" ? row : null;
      },
      ms,
    );

  beforeAll(async () => {
    pgDir = await mkdtemp(path.join(os.tmpdir(), "dub-scale-pg-"));
    databaseUrl = execFileSync(PG, ["start", pgDir, String(await freePort())], { encoding: "utf8" }).trim();
    s3Dir = await mkdtemp(path.join(os.tmpdir(), "dub-scale-s3-"));
    s3Port = await freePort();
    await startS3();
    const client = new S3Client({
      endpoint: `http://127.0.0.1:${s3Port}`,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: S3_CREDENTIALS,
    });
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    client.destroy();
    await Promise.all([start("api-1", "api"), start("api-2", "api"), start("worker-a", "worker")]);
    database = await openDatabase({ url: databaseUrl });
    const user = await findOrCreateUser(database.db, "operator@example.com");
    cookie = `${SESSION_COOKIE}=${await createSession(database.db, user.id)}`;
  }, 120_000);

  afterAll(async () => {
    for (const { child } of procs.values()) if (child.exitCode === null) child.kill("SIGKILL");
    await database?.close().catch(() => {});
    await s3?.close().catch(() => {});
    execFileSync(PG, ["stop", pgDir]);
    await rm(s3Dir, { recursive: true, force: true });
  });

  it("uploads through one API and shows the progress through the other", async () => {
    const video = makeDialogue(tmp.path, DIALOGUE, { width: 1280 }).video;
    const created = await upload(apiUrl("api-1"), cookie, video, "Scale-out");
    expect(created.status).toBe(201);
    id = created.body._id;
    const events = await waitForEvent(
      apiUrl("api-2"),
      cookie,
      id,
      (e) => e.kind === "transcribe" && e.status === "done",
      120_000,
    );
    expect(events.some((e) => e.kind === "ingest")).toBe(true);
    const translated = await startAndWait(apiUrl("api-2"), cookie, id, "translate", "es", 120);
    expect(translated.body.status).toBe("translated");
  }, 180_000);

  it("shows a sign-in email sent by one API in the other API's dev mailbox", async () => {
    const token = (await api(apiUrl("api-1"), null, "GET", "/api/config")).body.identity.publicToken;
    const sent = await api(
      apiUrl("api-1"),
      null,
      "POST",
      "/sdk/v1/magic_links/email/login_or_create",
      { email: "mailbox@example.com" },
      { authorization: `Basic ${Buffer.from(`${token}:${token}`).toString("base64")}` },
    );
    expect(sent.status).toBe(200);
    const page = await fetch(`${apiUrl("api-2")}/dev/mailbox`);
    expect(await page.text()).toContain("mailbox@example.com");
  });

  it("refuses a session signed out through one API at the other within a second", async () => {
    const user = await findOrCreateUser(database.db, "leaver@example.com");
    const leaver = `${SESSION_COOKIE}=${await createSession(database.db, user.id)}`;
    // API 2 checks the session now, and would take it on trust for a while if nothing said it ended
    expect((await api(apiUrl("api-2"), leaver, "GET", "/api/video")).status).toBe(200);
    expect((await api(apiUrl("api-1"), leaver, "PUT", "/api/auth/logout")).status).toBe(204);
    await eventually(
      "API 2 to refuse the signed-out session",
      async () => (await api(apiUrl("api-2"), leaver, "GET", "/api/video")).status === 401,
      1000,
    );
  });

  it("finishes a dub across a PostgreSQL restart, every process alive", async () => {
    const jobId = await startDub();
    await until("the dub to run", async () => (await translation()).progress > 0, 60_000);
    const [during] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(during?.status).toBe("running"); // the restart lands in the middle of the dub
    execFileSync(PG, ["restart", pgDir]);
    const row = await dubbed(jobId, 120_000);
    expect(row.status, row.message ?? "").toBe("done");
    expect(alive().sort()).toEqual(["api-1", "api-2", "worker-a"]);
    expect((await api(apiUrl("api-1"), cookie, "GET", "/api/health")).body.db).toBe("ok");
  }, 180_000);

  it("hands a SIGKILLed worker's dub to the other worker within 15 s, done once", async () => {
    await start("worker-b", "worker");
    procs.get("worker-b")!.child.kill("SIGSTOP"); // B waits, so that A takes the dub
    const jobId = await startDub();
    await until("the dub to run on worker A", async () => (await translation()).progress > 0, 60_000);
    procs.get("worker-a")!.child.kill("SIGKILL");
    const killedAt = Date.now();
    procs.get("worker-b")!.child.kill("SIGCONT");
    const [during] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(during?.status).toBe("running");
    // The queue's own record says when worker B started the job again (its second attempt).
    const queueJobId = during!.queueJobId!;
    const restarted = await until(
      "worker B to take the dub over",
      async () => {
        const result = (await database.db.execute(
          sql`SELECT started_on FROM pgboss.job WHERE id = ${queueJobId}::uuid AND retry_count >= 1 AND state IN ('active', 'completed')`,
        )) as unknown as { rows: { started_on: string | Date }[] };
        return result.rows[0] ? new Date(result.rows[0].started_on) : null;
      },
      60_000,
    );
    const takenOverMs = restarted.getTime() - killedAt;
    console.log(
      `a killed worker's dub was started again on the other worker after ${(takenOverMs / 1000).toFixed(1)} s`,
    );
    expect(takenOverMs).toBeLessThanOrEqual(15_000);
    const row = await dubbed(jobId, 120_000);
    expect(row.status).toBe("done");
    const dubJobs = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(dubJobs).toHaveLength(1);
  }, 180_000);

  it("waits out S3 down for 20 s at a job's start, then finishes", async () => {
    await s3!.close();
    s3 = null;
    const jobId = await startDub();
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    expect((await translation()).status).toBe("dubbing");
    await startS3();
    const row = await dubbed(jobId, 150_000);
    expect(row.status, row.message ?? "").toBe("done");
    expect((await translation()).status).toBe("dubbed");
  }, 240_000);

  it("waits out S3 down for 20 s during a dub's final upload (a refused connection is transient)", async () => {
    const jobId = await startDub();
    // 99 %: the subtitles are being drawn; the upload of the result comes next
    await until("the dub's last step", async () => (await translation()).progress >= 99, 120_000);
    await s3!.close();
    s3 = null;
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    const [during] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(during?.status).not.toBe("failed");
    await startS3();
    const row = await dubbed(jobId, 150_000);
    expect(row.status, row.message ?? "").toBe("done");
  }, 240_000);

  it("re-dubs a one-line edit on another worker at the cost of one line (the clip cache is shared)", async () => {
    await start("worker-c", "worker"); // an empty local cache
    procs.get("worker-b")!.child.kill("SIGSTOP");
    try {
      const t = await translation();
      const edited = t.transcript.map((s: { text: string }, i: number) =>
        i === 0 ? { ...s, text: "Hola a todos." } : s,
      );
      const saved = await api(apiUrl("api-1"), cookie, "PUT", `/api/video/${id}/translation`, {
        language: "es",
        transcript: edited,
      });
      expect(saved.status).toBe(200);
      const res = await api(apiUrl("api-2"), cookie, "POST", `/api/video/${id}/dub`, { language: "es" });
      const row = await dubbed(res.body.job.id, 120_000);
      expect(row.status, row.message ?? "").toBe("done");
      expect((await translation()).statusMessage).toMatch(/^1 of \d+ segments re-rendered$/);
    } finally {
      procs.get("worker-b")!.child.kill("SIGCONT");
    }
  }, 180_000);

  it("leaves every process alive and no object that no row owns", async () => {
    expect(alive().sort()).toEqual(["api-1", "api-2", "worker-b", "worker-c"]);
    const client = new S3Client({
      endpoint: `http://127.0.0.1:${s3Port}`,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: S3_CREDENTIALS,
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    client.destroy();
    const owners = new Set((listed.Contents ?? []).map((o) => o.Key!.split("/").slice(0, 2).join("/")));
    expect([...owners].filter((o) => o !== `projects/${id}`)).toEqual([]);
    const dubFiles = (listed.Contents ?? []).filter(
      (o) => o.Key!.startsWith(`projects/${id}/dubs/es/`) && !o.Key!.includes("/clips/"),
    );
    expect(dubFiles.map((o) => path.basename(o.Key!)).sort()).toEqual([
      "dubbed.m4a",
      "dubbed.mp4",
      "dubbed.srt",
      "dubbed.vtt",
      "report.json",
    ]);
  });
});
