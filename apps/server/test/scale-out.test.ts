// The scale-out mode as an operator runs it: its own PostgreSQL and S3 server, two API and two worker
// processes. An upload through one API is watched through the other; then the infrastructure fails under
// running dubs — PostgreSQL restarted, a worker SIGKILLed, S3 down for 20 s at a job's start — and every
// dub still finishes, once, with every process alive and no object left that no row owns.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { withoutEngineEnv } from "@dubbing/dubbing/engines/options.ts";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, findOrCreateUser, SESSION_COOKIE } from "../src/auth/sessions.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { jobs, projects, translations } from "../src/db/schema.ts";
import { VideoRepository } from "../src/projects/repository.ts";
import { TranslationRepository } from "../src/projects/translation-repository.ts";
import { S3Storage } from "../src/storage/s3.ts";
import { runRetention } from "../src/workers/retention.ts";
import { waitForEvent } from "./events.ts";
import { tempFolder } from "./fixtures.ts";
import { freePort, S3_CREDENTIALS } from "./harness.ts";
import { api, eventually, startAndWait, upload } from "./http.ts";
import { type S3Server, startS3Server, unfinishedUploads } from "./s3-server.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const MAIN = path.join(ROOT, "apps/server/src/main.ts");
const PG = path.join(ROOT, "scripts/test-postgres.sh");
const BUCKET = "scale-out";
const tmp = tempFolder("dub-scale-");

interface Proc {
  child: ChildProcess;
  url: string | null;
  dataDir: string;
}

describe("scale-out: 2 API and 2 worker processes through the infrastructure's faults", () => {
  let pgDir: string;
  let databaseUrl: string;
  let s3Dir: string;
  let s3Port: number;
  let s3: S3Server | null = null;
  /** While set, the S3 server holds every multipart part it is sent until this settles. */
  const holdParts: { until: Promise<void> | null } = { until: null };
  let database: Database;
  const procs = new Map<string, Proc>();
  let cookie: string;
  let id: string;

  const startS3 = async () => {
    s3 = await startS3Server({ port: s3Port, directory: s3Dir, holdParts });
  };

  /** Starts `node main.ts` with the given roles; resolves once it says it is ready. */
  const start = async (name: string, roles: "api" | "worker", reuse?: { port: number; dataDir: string }) => {
    const port = roles === "api" ? (reuse?.port ?? (await freePort())) : null;
    const dataDir = reuse?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), `dub-scale-${name}-`)));
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...withoutEngineEnv(process.env),
        ROLES: roles,
        DATA_DIR: dataDir,
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
    const proc = { child, url: port ? `http://127.0.0.1:${port}` : null, dataDir };
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
  }, 600_000);

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

  it("removes a worker's clip cache as soon as retention deletes its project on another machine", async () => {
    const [row] = await database.db.select().from(translations).where(eq(translations.projectId, id));
    const caches = ["worker-b", "worker-c"].map((name) =>
      path.join(procs.get(name)!.dataDir, "cache", "dubs", row!.id),
    );
    const present = async () =>
      (await Promise.all(caches.map((c) => stat(c).catch(() => null)))).filter(Boolean);
    expect((await present()).length).toBeGreaterThan(0); // the dubs left their clips on the workers
    // retention, run where neither worker is: the project is past the retention period
    await new VideoRepository(database.db).setState(id, {
      uploadedAt: new Date(Date.now() - 40 * 86_400_000),
    });
    const storage = new S3Storage({
      endpoint: `http://127.0.0.1:${s3Port}`,
      region: "us-east-1",
      bucket: BUCKET,
      forcePathStyle: true,
      ...S3_CREDENTIALS,
    });
    const deps = {
      repo: new VideoRepository(database.db),
      translations: new TranslationRepository(database.db),
      storage,
      cacheDir: path.join(tmp.path, "retention-cache"),
    };
    expect(await runRetention(deps, new Date())).toBe(1);
    storage.client.destroy();
    expect(await database.db.select().from(projects).where(eq(projects.id, id))).toEqual([]);
    await eventually(
      "the workers to remove their clip caches",
      async () => (await present()).length === 0,
      10_000,
    );
  }, 60_000);

  it("an API killed during an S3 multipart upload leaves neither its partial upload nor the bucket's", async () => {
    const api3 = await start("api-3", "api");
    const dataDir = api3.dataDir;
    const port = Number(new URL(api3.url!).port);
    // 3 s of lossless noise: several 8 MiB parts, so the API uploads it to the bucket in parts
    const video = path.join(tmp.path, "large.mp4");
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-f", "lavfi", "-i"],
      ...[
        "testsrc=size=640x360:rate=25:duration=3,noise=alls=30:allf=t",
        "-f",
        "lavfi",
        "-i",
        "sine=duration=3",
      ],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-c:a", "aac", "-shortest", video],
    ]);
    expect((await stat(video)).size).toBeGreaterThan(16 * 1024 * 1024);
    let release = () => {};
    holdParts.until = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent = upload(api3.url!, cookie, video, "Killed mid-upload").catch((error: Error) => error);
    const uploadsDir = path.join(dataDir, "tmp", "uploads");
    const files = async () => readdir(uploadsDir, { recursive: true }).catch(() => [] as string[]);
    try {
      // the multipart upload started, its parts held by the S3 server, and noted in the API's journal
      await until(
        "the API to start its multipart upload",
        async () =>
          (await unfinishedUploads(s3Dir, BUCKET)).length > 0 &&
          (await files()).some((name) => name.includes("/multipart/")),
        120_000,
      );
      expect((await files()).filter((name) => name.endsWith(".upload"))).toHaveLength(1);
      api3.child.kill("SIGKILL");
      await new Promise((resolve) => api3.child.once("exit", resolve));
      expect(await sent).toBeInstanceOf(Error);
      // restarted on the same DATA_DIR: what the killed process left is gone before it answers
      await start("api-3", "api", { port, dataDir });
      const left = await files();
      expect(left.filter((name) => name.endsWith(".upload"))).toEqual([]);
      expect(left.filter((name) => !name.includes("/"))).toHaveLength(1); // the new process's own folder
      expect(await unfinishedUploads(s3Dir, BUCKET)).toEqual([]);
    } finally {
      holdParts.until = null;
      release();
    }
    procs.get("api-3")!.child.kill("SIGKILL");
  }, 240_000);
});
