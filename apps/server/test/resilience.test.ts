// Surviving the infrastructure: a PostgreSQL that drops every connection (a restart) does not kill the
// process, and a job row whose queue job is gone is settled so the user can start again.
import { randomUUID } from "node:crypto";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { jobs, translations } from "../src/db/schema.ts";
import { LOST_MESSAGE, sweepStuckJobs } from "../src/jobs/stuck.ts";
import { JobTracker } from "../src/jobs/tracker.ts";
import { releaseMinutes } from "../src/usage/reserve.ts";
import { subtitlesOf, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, startAndWait, upload, waitForStatus } from "./http.ts";

const tmp = tempFolder("dub-resilience-");

describe("a PostgreSQL restart (scale-out)", () => {
  let ts: TestServer;
  let cookie: string;
  beforeAll(async () => {
    ts = await startTestServer("scale-out");
    cookie = (await ts.signIn()).cookie;
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("keeps the process alive when the server ends every connection, and serves again", async () => {
    expect((await api(ts.baseUrl, cookie, "GET", "/api/video")).status).toBe(200);
    const database = ts.server.database;
    if (database.kind !== "postgres") throw new Error("scale-out expected");
    const name = new URL(database.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: inject("postgresUrl") });
    await admin.connect();
    // what a restart does to every idle connection: "terminating connection due to administrator command"
    const killed = await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [name],
    );
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Before, the pool's unhandled 'error' event ended the process (and this test run with it).
    const until = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < until) {
      status = (await api(ts.baseUrl, cookie, "GET", "/api/video")).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect((await api(ts.baseUrl, null, "GET", "/api/health")).body.db).toBe("ok");
  });
});

describe.each(MODES)("the stuck-job sweeper (%s)", (mode) => {
  let ts: TestServer;
  let cookie: string;
  let ownerId: string;
  let id: string;
  beforeAll(async () => {
    ts = await startTestServer(mode);
    ({ cookie, userId: ownerId } = await ts.signIn());
    // its lines as subtitles: the subject is what happens to the project, not what is heard in it
    const dialogue = makeDialogue(tmp.path, DIALOGUE.slice(0, 2), { name: `stuck-${mode}` });
    const subtitles = subtitlesOf(dialogue.truth);
    id = (await upload(ts.baseUrl, cookie, dialogue.video, "Stuck", { subtitles })).body._id;
    await waitForStatus(ts.baseUrl, cookie, id, ["ready"]);
    expect((await startAndWait(ts.baseUrl, cookie, id, "translate", "es", 120)).body.status).toBe(
      "translated",
    );
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("settles a dub whose queue job is gone, and the dub can be started again", async () => {
    const db = ts.server.database.db;
    // A dub the queue lost: the record says "dubbing", the job row "running", the queue has no such job.
    await db
      .update(translations)
      .set({ status: "dubbing", statusMessage: "Dubbing" })
      .where(and(eq(translations.projectId, id), eq(translations.language, "es")));
    const long = new Date(Date.now() - 10 * 60_000);
    const [row] = await db
      .insert(jobs)
      .values({
        projectId: id,
        language: "es",
        kind: "dub",
        status: "running",
        ownerId,
        queueJobId: randomUUID(),
        createdAt: long,
        updatedAt: long,
      })
      .returning();
    // Before the sweep, a new dub answers with the dead job.
    const before = await api(ts.baseUrl, cookie, "POST", `/api/video/${id}/dub`, { language: "es" });
    expect(before.body.job?.id).toBe(row!.id);

    expect(await sweepStuckJobs(db, new JobTracker(db, releaseMinutes), new Date())).toBe(1);
    const [settled] = await db.select().from(jobs).where(eq(jobs.id, row!.id));
    expect(settled!.status).toBe("failed");
    const translation = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
    expect(translation).toMatchObject({ status: "failed", statusMessage: LOST_MESSAGE });
    // A young job row is left alone (its queue job may not be visible yet).
    expect(await sweepStuckJobs(db, new JobTracker(db, releaseMinutes), new Date())).toBe(0);

    const again = await startAndWait(ts.baseUrl, cookie, id, "dub", "es", 120);
    expect(again.body.job.id).not.toBe(row!.id);
    expect(again.body.translation.status).toBe("dubbed");
  });
});
