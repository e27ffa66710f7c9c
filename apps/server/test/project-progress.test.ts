// A new project's processing is one bar from upload to transcript: it never goes back when ingest hands
// over to transcription, and it names the stage it is in.

import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRANSCRIBE_STAGES } from "../src/workers/transcribe.ts";
import { waitForEvent } from "./events.ts";
import { tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, upload } from "./http.ts";

const tmp = tempFolder("dub-progress-");
let video: string;
beforeAll(() => {
  video = makeDialogue(tmp.path, DIALOGUE.slice(0, 2)).video;
});

describe.each(MODES)("a new project's progress (%s)", (mode) => {
  let ts: TestServer;
  let cookie: string;
  beforeAll(async () => {
    ts = await startTestServer(mode);
    cookie = (await ts.signIn()).cookie;
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("only goes forward from upload to transcript, with the stage named", async () => {
    const created = await upload(ts.baseUrl, cookie, video, "Progress", { language: "en" });
    expect(created.status).toBe(201);
    const id = created.body._id as string;
    // What the editor shows: the project as polled, and the events it follows.
    const polled: { status: string; percent: number; message: string | null }[] = [];
    const events = waitForEvent(
      ts.baseUrl,
      cookie,
      id,
      (e) => e.kind === "transcribe" && ["done", "failed"].includes(e.status),
    );
    for (;;) {
      const project = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}`)).body;
      if (project.status === "ready" || project.status === "failed") break;
      polled.push({ status: project.status, percent: project.progress, message: project.statusMessage });
      await new Promise((r) => setTimeout(r, 40));
    }
    const seen = await events;
    const percents = polled.map((p) => p.percent);
    expect(percents.length).toBeGreaterThan(3);
    expect(percents, JSON.stringify(polled)).toEqual([...percents].sort((a, b) => a - b));
    const running = seen.filter((e) => e.status === "running");
    const eventPercents = running.map((e) => e.percent);
    expect(eventPercents, JSON.stringify(running)).toEqual([...eventPercents].sort((a, b) => a - b));
    // once a worker has it, every moment names its stage
    for (const p of polled.filter((p) => p.status !== "uploaded")) expect(p.message).toBeTruthy();
    // the events are read from the database every 400 ms, so a short stage may fall between two reads:
    // what is asked is that the transcription's stages are named, not that each one was caught
    const transcribing = running.filter((e) => e.kind === "transcribe").map((e) => e.message);
    expect(transcribing.length, JSON.stringify(running)).toBeGreaterThan(0);
    for (const message of transcribing) expect(TRANSCRIBE_STAGES).toContain(message);
  });
});
