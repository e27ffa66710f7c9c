// Fair use: minutes are taken from the month when work is accepted, so nothing runs unpaid and
// parallel requests cannot overspend; failed work gives its minutes back.
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
});
