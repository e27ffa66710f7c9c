// Fair scheduling: one user's backlog does not hold back another user's work.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../src/db/schema.ts";
import { makeVideo, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { upload } from "./http.ts";

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
    await Promise.all(Array.from({ length: 10 }, (_, i) => upload(ts.baseUrl, a.cookie, video, `A${i}`)));
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
