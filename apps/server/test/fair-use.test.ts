// Fair use: minutes are taken from the month when work is accepted, so nothing runs unpaid and
// parallel requests cannot overspend; failed work gives its minutes back.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeVideo, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, upload } from "./http.ts";

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

  it("stops five parallel uploads on a Free account at its 30 minutes", async () => {
    const { cookie } = await ts.signIn();
    const eightMinutes = makeVideo(tmp.path, "mp4", { seconds: 480, audio: false, size: "64x48" });
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => upload(ts.baseUrl, cookie, eightMinutes, `Part ${n}`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 201, 201, 402, 402]);
    expect(await usedSeconds(cookie)).toBeCloseTo(1440, 0);
    const list = (await api(ts.baseUrl, cookie, "GET", "/api/video")).body as unknown[];
    expect(list).toHaveLength(3);
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
