// "How many people speak?": the new-project form's `speakers` and transcribe again's, kept on the project
// and given to the offline diarization as its cluster count (a real two-voice dialogue, pocketsphinx).
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeVideo, tempFolder } from "./fixtures.ts";
import { PIPELINE_MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, upload, waitForStatus } from "./http.ts";
import { leftoverUploads } from "./storage-helpers.ts";

const tmp = tempFolder("speaker-count-");
let dialogue: string;
let plain: string;
beforeAll(() => {
  // four lines, two voices (awb, slt)
  dialogue = makeDialogue(tmp.path, DIALOGUE.slice(0, 4)).video;
  plain = makeVideo(tmp.path, "mp4", { seconds: 2 });
});

describe.each(PIPELINE_MODES)("speaker count (%s)", (mode) => {
  let ts: TestServer;
  let cookie: string;

  beforeAll(async () => {
    ts = await startTestServer(mode);
    cookie = (await ts.signIn()).cookie;
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("refuses a count that is not auto or 1–8, keeping nothing", async () => {
    for (const speakers of ["0", "9", "two", "1.5", "-1"]) {
      const res = await upload(ts.baseUrl, cookie, plain, "Count", { speakers });
      expect(res.status, speakers).toBe(400);
      expect(res.body.error.details).toEqual([
        { path: "speakers", message: expect.stringMatching(/1 to 8/) },
      ]);
    }
    expect((await api(ts.baseUrl, cookie, "GET", "/api/video")).body).toEqual([]);
    expect(await leftoverUploads(ts)).toEqual([]);
  });

  it("transcribes with the count given, then again with one speaker", async () => {
    const res = await upload(ts.baseUrl, cookie, dialogue, "Two people", { speakers: "2" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.speakerCount).toBe(2);
    const id = res.body._id;
    const two = await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"]);
    expect(two.status, two.statusMessage).toBe("ready");
    expect(two.speakers).toHaveLength(2);
    expect(new Set(two.transcript.map((s: { speaker: string }) => s.speaker)).size).toBe(2);

    const bad = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/language`, {
      language: "en",
      speakers: 9,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("speakers");
    const again = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/language`, {
      language: "en",
      speakers: 1,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(again.body.speakerCount).toBe(1);
    const one = await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"]);
    expect(one.status, one.statusMessage).toBe("ready");
    expect(one.speakers).toHaveLength(1);
    expect(one.transcript.length).toBeGreaterThan(1);

    // back to detecting: null
    const auto = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/language`, {
      language: "en",
      speakers: null,
    });
    expect(auto.body.speakerCount).toBeNull();
    await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"]);
  });
});
