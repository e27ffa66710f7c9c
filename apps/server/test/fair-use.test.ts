// Fair use: minutes are taken from the month when work is accepted, so nothing runs unpaid and
// parallel requests cannot overspend; failed work gives its minutes back.
import { execFileSync } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, projects, quotaCounters, translations } from "../src/db/schema.ts";
import { UsageRepository } from "../src/usage/repository.ts";
import { makeVideo, subtitlesOf, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, startAndWait, upload, waitForStatus } from "./http.ts";

const tmp = tempFolder("dub-fair-");

describe.each(MODES)("metering (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(async () => {
    await ts?.close();
  });

  const usedSeconds = async (cookie: string) =>
    (await api(ts.baseUrl, cookie, "GET", "/api/usage")).body.usedSeconds as number;

  it("charges a video without sound its duration when the upload is accepted", async () => {
    const { cookie } = await ts.signIn();
    const silent = makeVideo(tmp.path, "mp4", { seconds: 60, audio: false, size: "64x48" });
    expect((await upload(ts.baseUrl, cookie, silent, "Silent")).status).toBe(201);
    expect(await usedSeconds(cookie)).toBeCloseTo(60, 0);
  });

  it("stops four parallel uploads on a Free account at its 30 minutes", async () => {
    const { cookie } = await ts.signIn();
    const eightMinutes = makeVideo(tmp.path, "mp4", { seconds: 480, audio: false, size: "64x48" });
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => upload(ts.baseUrl, cookie, eightMinutes, `Part ${n}`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 201, 201, 402]);
    expect(await usedSeconds(cookie)).toBeCloseTo(1440, 0);
    const list = (await api(ts.baseUrl, cookie, "GET", "/api/video")).body as unknown[];
    expect(list).toHaveLength(3);
  });

  it("accepts parallel dubs only while the month has minutes for them", async () => {
    const { cookie, userId } = await ts.signIn();
    const video = makeVideo(tmp.path, "mp4", { seconds: 120, size: "64x48" });
    const id = (await upload(ts.baseUrl, cookie, video, "Dubs")).body._id;
    await waitForStatus(ts.baseUrl, cookie, id, ["ready"]);
    // 120 s for the upload; leave room for two dubs of 120 s and a bit.
    await new UsageRepository(ts.server.database.db).add(userId, "dubbed", 1800 - 120 - 2 * 120 - 60);
    const speakers = [{ id: "S1", name: "Ana", selectedVoice: "es-ES-ElviraNeural" }];
    await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}`, { video: { speakers } });
    const languages = ["es", "fr", "pt", "it"] as const;
    await ts.server.database.db.insert(translations).values(
      languages.map((language) => ({
        projectId: id,
        language,
        status: "translated" as const,
        transcript: [{ speaker: "S1", text: "Hola.", start: 0, end: 1500 }],
      })),
    );
    const answers = await Promise.all(
      languages.map((language) => api(ts.baseUrl, cookie, "POST", `/api/video/${id}/dub`, { language })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 402, 402]);
    const dubJobs = await ts.server.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.projectId, id), eq(jobs.kind, "dub")));
    expect(dubJobs).toHaveLength(2);
  });

  it("takes at most four uploads of one user at once", async () => {
    const { cookie } = await ts.signIn();
    const held = await Promise.all([1, 2, 3, 4].map(() => holdUpload(ts.baseUrl, cookie)));
    const fifth = await upload(ts.baseUrl, cookie, makeVideo(tmp.path, "mp4"), "Fifth");
    expect(fifth.status).toBe(429);
    expect(fifth.body.error.message).toBe("You are already uploading 4 videos. Wait until one has finished.");
    for (const req of held) req.destroy();
    const other = await ts.signIn();
    expect((await upload(ts.baseUrl, other.cookie, makeVideo(tmp.path, "mp4"), "Other")).status).toBe(201);
  });

  it("refuses an 8K or a 120-fps video before storing anything", async () => {
    const { cookie } = await ts.signIn();
    const eightK = rawVideo("8k.mp4", "color=size=7680x4320:rate=1:duration=1");
    const fast = rawVideo("120fps.mp4", "testsrc=size=64x48:rate=120:duration=1");
    for (const [file, message] of [
      [eightK, "This video is 7680×4320. The service takes videos up to 4K (3840×2160)."],
      [fast, "This video has 120 frames per second. The service takes up to 60."],
    ] as const) {
      const refused = await upload(ts.baseUrl, cookie, file, "Too much");
      expect(refused.status).toBe(415);
      expect(refused.body.error.message).toBe(message);
    }
    expect((await api(ts.baseUrl, cookie, "GET", "/api/video")).body).toEqual([]);
    expect(await usedSeconds(cookie)).toBe(0);
  });
});

function rawVideo(name: string, source: string): string {
  const file = path.join(tmp.path, name);
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    source,
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    file,
  ]);
  return file;
}

describe.each(MODES)("what a dub may synthesize (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("refuses overlapping, out-of-range or oversized translated text, naming the segment", async () => {
    const { cookie } = await ts.signIn();
    const id = (await upload(ts.baseUrl, cookie, makeVideo(tmp.path, "mp4", { seconds: 10 }), "Ten")).body
      ._id;
    await waitForStatus(ts.baseUrl, cookie, id, ["ready"]);
    const speaker = "S1";
    const speakers = [{ id: speaker, name: "Ana", selectedVoice: "es-ES-ElviraNeural" }];
    expect((await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}`, { video: { speakers } })).status).toBe(
      200,
    );
    await ts.server.database.db.insert(translations).values({
      projectId: id,
      language: "es",
      status: "translated",
      transcript: [{ speaker, text: "Hola.", start: 0, end: 1500 }],
    });
    const save = (transcript: unknown[]) =>
      api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/translation`, { language: "es", transcript });
    const overlapping = await save([
      { speaker, text: "Uno.", start: 0, end: 5000 },
      { speaker, text: "Dos.", start: 1000, end: 2000 },
    ]);
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.error.details[0]).toEqual({
      path: "transcript.1.start",
      message: "Segment 2 overlaps segment 1.",
    });
    const late = await save([{ speaker, text: "Tarde.", start: 9000, end: 60_000 }]);
    expect(late.body.error.details[0].path).toBe("transcript.0.end");
    const huge = await save([{ speaker, text: "x".repeat(5000), start: 0, end: 9000 }]);
    expect(huge.body.error.message).toMatch(/longer than the video can hold/);

    // A stored translation that breaks the rule is not dubbed either.
    await ts.server.database.db
      .update(translations)
      .set({
        transcript: Array.from({ length: 50 }, () => ({ speaker, text: "Hola.", start: 0, end: 9000 })),
      })
      .where(eq(translations.projectId, id));
    const dub = await api(ts.baseUrl, cookie, "POST", `/api/video/${id}/dub`, { language: "es" });
    expect(dub.status).toBe(400);
    expect(dub.body.error.details[0].path).toBe("transcript.1.start");
  });
});

describe.each(MODES)("counted work (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("stops translations at the plan's monthly count and shows every quota's use", async () => {
    const { cookie, userId } = await ts.signIn();
    // its lines as subtitles: the count is the subject, not the recognition
    const { video, truth } = makeDialogue(tmp.path, DIALOGUE.slice(0, 2), { name: "quota" });
    const subtitles = subtitlesOf(truth);
    const id = (await upload(ts.baseUrl, cookie, video, "Quota", { subtitles })).body._id;
    await waitForStatus(ts.baseUrl, cookie, id, ["ready"]);
    // 19 of the Free plan's 20 translations used earlier this month.
    await ts.server.database.db
      .insert(quotaCounters)
      .values({ userId, kind: "translations", window: new Date().toISOString().slice(0, 7), count: 19 });
    const last = await startAndWait(ts.baseUrl, cookie, id, "translate", "es", 60);
    expect(last.body.status).toBe("translated");
    const refused = await api(ts.baseUrl, cookie, "POST", `/api/video/${id}/translate`, { language: "es" });
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toBe(
      "Your Free plan includes 20 translations a month, and they are used up. Upgrade your plan at /subscription to continue.",
    );
    const usage = (await api(ts.baseUrl, cookie, "GET", "/api/usage")).body;
    expect(usage.quotas).toEqual({
      translations: { used: 20, limit: 20 },
      storyboardVideos: { used: 0, limit: 5 },
      imageSearches: { used: 0, limit: 60 },
    });
    expect(usage.storage.usedBytes).toBeGreaterThan(0);
    expect(usage.storage.limitBytes).toBe(5 * 1024 ** 3);
  });

  it("stops image searches at the hour's count and uploads at the plan's storage", async () => {
    const { cookie, userId } = await ts.signIn();
    await ts.server.database.db
      .insert(quotaCounters)
      .values({ userId, kind: "imageSearches", window: new Date().toISOString().slice(0, 13), count: 60 });
    const search = await api(ts.baseUrl, cookie, "GET", "/api/storyboard/images/search?query=sea");
    expect(search.status).toBe(429);
    expect(search.body.error.message).toBe(
      "Your Free plan includes 60 image searches an hour, and they are used up. Try again in the next hour.",
    );

    const first = (await upload(ts.baseUrl, cookie, makeVideo(tmp.path, "mp4"), "Kept")).body._id;
    // The account keeps almost its 5 GiB already.
    await ts.server.database.db
      .update(projects)
      .set({ sizeBytes: 5 * 1024 ** 3 - 1000 })
      .where(eq(projects.id, first));
    const refused = await upload(ts.baseUrl, cookie, makeVideo(tmp.path, "mp4"), "One too many");
    expect(refused.status).toBe(413);
    expect(refused.body.error.message).toMatch(
      /^Your Free plan keeps up to 5\.0 GiB of videos and you keep 5\.0 GiB\./,
    );
    expect((await api(ts.baseUrl, cookie, "GET", "/api/video")).body).toHaveLength(1);
  });
});

/** Starts an upload that sends its first bytes and then waits, as a slow connection does. */
async function holdUpload(baseUrl: string, cookie: string): Promise<http.ClientRequest> {
  const boundary = "----held";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHeld\r\n--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="held.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
  const url = new URL(`${baseUrl}/api/video/process`);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: "POST",
    headers: {
      cookie,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": 10_000_000,
    },
  });
  req.on("error", () => {});
  await new Promise<void>((resolve) => req.write(head, () => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return req;
}
