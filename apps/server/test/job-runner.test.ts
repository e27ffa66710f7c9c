// The job runner's two promises, against the real database, queue and storage: starting a job never
// leaves a record claimed without a queued job, and a run that fails while setting up still settles
// the record and cleans its scratch folder.
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, translations } from "../src/db/schema.ts";
import { subtitlesOf, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, startAndWait, upload, waitForStatus } from "./http.ts";

const tmp = tempFolder("dub-runner-");
let video: string;
/** Its lines as subtitles: the runner's promises are the subject, not what is heard. */
let subtitles: File;
beforeAll(() => {
  const dialogue = makeDialogue(tmp.path, DIALOGUE.slice(0, 2));
  video = dialogue.video;
  subtitles = subtitlesOf(dialogue.truth);
});

describe.each(MODES)("the job runner (%s)", (mode) => {
  let ts: TestServer;
  let cookie: string;
  let id: string;

  beforeAll(async () => {
    ts = await startTestServer(mode);
    cookie = (await ts.signIn()).cookie;
    id = (await upload(ts.baseUrl, cookie, video, "Runner", { subtitles })).body._id;
    await waitForStatus(ts.baseUrl, cookie, id, ["ready"]);
    expect((await startAndWait(ts.baseUrl, cookie, id, "translate", "es", 120)).body.status).toBe(
      "translated",
    );
  });
  afterAll(async () => {
    await ts?.close();
  });

  const translation = async () =>
    (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es as {
      status: string;
      statusMessage: string | null;
    };
  const dubJobs = () =>
    ts.server.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.projectId, id), eq(jobs.kind, "dub")));

  it("leaves nothing claimed when the queue refuses the job", async () => {
    const db = ts.server.database.db;
    // The queue's own table refuses every new job, as a queue that is down would.
    await db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION pgboss.refuse_jobs() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'the queue is down'; END $$ LANGUAGE plpgsql`),
    );
    await db.execute(
      sql.raw(
        "CREATE TRIGGER refuse_jobs BEFORE INSERT ON pgboss.job FOR EACH ROW EXECUTE FUNCTION pgboss.refuse_jobs()",
      ),
    );
    try {
      const refused = await api(ts.baseUrl, cookie, "POST", `/api/video/${id}/dub`, { language: "es" });
      expect(refused.status).toBe(500);
      expect((await translation()).status).toBe("translated");
      expect(await dubJobs()).toEqual([]);
    } finally {
      await db.execute(sql.raw("DROP TRIGGER refuse_jobs ON pgboss.job"));
    }
  });

  it("settles the translation and removes its scratch folder when the dub fails while setting up", async () => {
    // The clip cache folder of this translation cannot be made: a file is in its way.
    const [row] = await ts.server.database.db
      .select()
      .from(translations)
      .where(and(eq(translations.projectId, id), eq(translations.language, "es")));
    await mkdir(path.join(ts.dataDir, "cache", "dubs"), { recursive: true });
    await writeFile(path.join(ts.dataDir, "cache", "dubs", row!.id), "not a folder");

    const started = await api(ts.baseUrl, cookie, "POST", `/api/video/${id}/dub`, { language: "es" });
    expect(started.status).toBe(202);
    const until = Date.now() + 60_000;
    while ((await translation()).status === "dubbing" && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const settled = await translation();
    expect(settled.status).toBe("failed");
    expect(settled.statusMessage).toMatch(/^Dubbing failed: /);
    const [job] = await dubJobs();
    expect(job?.status).toBe("failed");
    // The dub's minutes, taken when it was accepted, came back.
    expect((await api(ts.baseUrl, cookie, "GET", "/api/usage")).body.dubbedSeconds).toBe(0);
    const scratch = await readdir(path.join(ts.dataDir, "tmp"));
    expect(scratch.filter((name) => name.startsWith("dub-"))).toEqual([]);
  });
});
