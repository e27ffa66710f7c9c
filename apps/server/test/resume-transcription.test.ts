// A transcription killed mid-way resumes after the recognition's finished windows (#61): the server
// process is SIGKILLed once the recognition's checkpoint holds a window, started again on the same data
// folder, and the retried job decodes only the windows after it. (A dub killed once it has made clips
// synthesizing only the others when retried is crash-recovery.test's.) The recognition decodes 6 s at a time
// (ASR_WINDOW_S) so the 27-second dialogue has several windows. Embedded mode: the process's own
// database is the one killed and restarted (a scale-out retry on another worker starts over: the
// checkpoint is on the worker's disk, docs/ARCHITECTURE.md).
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterEach, beforeEach, expect, it } from "vitest";
import { transcriptionCheckpointDir } from "../src/storage/clip-cache.ts";
import { freePort } from "./harness.ts";
import { api, upload, waitForStatus } from "./http.ts";
import { cookieBeforeStart, serverProcess } from "./server-process.ts";

let dataDir: string;
let server: ReturnType<typeof serverProcess>;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "dub-resume-"));
  server = serverProcess(dataDir, { ASR_WINDOW_S: "6" });
});
afterEach(async () => {
  await server.kill();
  await rm(dataDir, { recursive: true, force: true });
});

it("resumes a killed transcription after the windows it had recognised", async () => {
  const cookie = await cookieBeforeStart(dataDir, "resume@example.com");

  const port = await freePort();
  let baseUrl = await server.start(port);
  const { video } = makeDialogue(dataDir, undefined, { name: "resume-dialogue" });
  const id = (await upload(baseUrl, cookie, video, "Resume")).body._id as string;

  // killed as soon as the checkpoint holds a recognised window
  const saved = path.join(transcriptionCheckpointDir(path.join(dataDir, "cache"), id), "asr.json");
  let kept = 0;
  for (let i = 0; i < 7500 && kept === 0; i++) {
    if (existsSync(saved))
      kept = (JSON.parse(readFileSync(saved, "utf8")) as { windows: number }).windows ?? 0;
    else await new Promise((r) => setTimeout(r, 20));
  }
  await server.kill();
  expect(kept).toBeGreaterThanOrEqual(1);

  baseUrl = await server.start(port);
  const ready = await waitForStatus(baseUrl, cookie, id, ["ready", "failed"], 180_000);
  expect(ready.status).toBe("ready");
  expect(ready.transcript.length).toBeGreaterThan(3);
  const jobs = (await api(baseUrl, cookie, "GET", `/api/video/${id}/jobs`)).body as {
    kind: string;
    status: string;
    message: string | null;
  }[];
  const transcribing = jobs.filter((j) => j.kind === "transcribe");
  expect(transcribing).toHaveLength(1);
  expect(transcribing[0]!.status).toBe("done");
  // the retried run decoded only the windows after those the killed run had kept (or more had been
  // kept between the look and the kill)
  const resumed = /recognition resumed after (\d+) of (\d+) windows/.exec(transcribing[0]!.message ?? "");
  expect(resumed, transcribing[0]!.message ?? "").not.toBeNull();
  expect(Number(resumed![1])).toBeGreaterThanOrEqual(kept);
  expect(Number(resumed![2])).toBeGreaterThan(Number(resumed![1]));
  // the checkpoint goes once the transcript is saved
  expect(existsSync(path.dirname(saved))).toBe(false);
}, 300_000);
