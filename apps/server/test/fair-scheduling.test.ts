// Fair scheduling: one user's backlog does not hold back another user's work.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../src/db/schema.ts";
import { makeVideo, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, upload, waitForStatus } from "./http.ts";

const tmp = tempFolder("dub-fair-sched-");

describe.each(MODES)("fair scheduling (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(mode, { WORKER_CONCURRENCY: "2" });
  });
  afterAll(async () => {
    await ts?.close();
  });

  const ingestJobs = (ownerId: string) =>
    ts.server.database.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.ownerId, ownerId), eq(jobs.kind, "ingest")));

  it("starts user B's job while user A still has a backlog queued", async () => {
    const a = await ts.signIn();
    const b = await ts.signIn();
    const video = makeVideo(tmp.path, "webm", { seconds: 20, size: "640x360" }); // re-encoded at ingest
    // four at a time, as many as a user may send at once
    for (let batch = 0; batch < 10; batch += 4) {
      const names = Array.from({ length: Math.min(4, 10 - batch) }, (_, i) => `A${batch + i}`);
      await Promise.all(names.map((name) => upload(ts.baseUrl, a.cookie, video, name)));
    }
    expect((await upload(ts.baseUrl, b.cookie, video, "B")).status).toBe(201);

    let aQueuedWhenBStarted = -1;
    const until = Date.now() + 120_000;
    while (aQueuedWhenBStarted < 0 && Date.now() < until) {
      const [bJob] = await ingestJobs(b.userId);
      if (bJob && bJob.status !== "queued") {
        aQueuedWhenBStarted = (await ingestJobs(a.userId)).filter((j) => j.status === "queued").length;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // B waited for at most the one job running in A's slot, not for A's backlog.
    expect(aQueuedWhenBStarted).toBeGreaterThanOrEqual(5);
    const running = await ts.server.database.db
      .select({ ownerId: jobs.ownerId })
      .from(jobs)
      .where(and(eq(jobs.kind, "ingest"), inArray(jobs.status, ["running"])));
    expect(running.filter((j) => j.ownerId === a.userId).length).toBeLessThanOrEqual(1);
  });
});

describe.each(MODES)("job budgets (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    // 0.05 s of work per second of video, nothing more: re-encoding a 20-s WebM takes longer.
    ts = await startTestServer(mode, {
      WORKER_CONCURRENCY: "1",
      JOB_BUDGET_BASE_SECONDS: "0",
      JOB_BUDGET_FACTOR: "0.05",
    });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("fails a job that passes its budget, gives its minutes back and frees its slot", async () => {
    const { cookie } = await ts.signIn();
    const slow = makeVideo(tmp.path, "webm", { seconds: 20, size: "640x360" });
    const first = (await upload(ts.baseUrl, cookie, slow, "Slow")).body._id;
    const second = (await upload(ts.baseUrl, cookie, slow, "Next")).body._id;
    for (const id of [first, second]) {
      const settled = await waitForStatus(
        ts.baseUrl,
        cookie,
        id,
        ["failed", "ready", "transcribing"],
        60_000,
      );
      expect(settled.status).toBe("failed");
      expect(settled.statusMessage).toBe("Processing failed: it took longer than the 1 second it may take");
    }
    expect((await api(ts.baseUrl, cookie, "GET", "/api/usage")).body.usedSeconds).toBe(0);
  });
});
