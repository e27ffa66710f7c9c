import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterEach, beforeEach, expect, it } from "vitest";
import { makeVideo, subtitlesOf } from "./fixtures.ts";
import { freePort } from "./harness.ts";
import { api, startAndWait, upload, waitForStatus } from "./http.ts";
import { cookieBeforeStart, serverProcess } from "./server-process.ts";

let dataDir: string;
let server: ReturnType<typeof serverProcess>;

// Each test has its own data directory, and no server process outlives its test: two processes must never
// open one embedded database.
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "dub-crash-"));
  server = serverProcess(dataDir);
});
afterEach(async () => {
  await server.kill();
  await rm(dataDir, { recursive: true, force: true });
});

it("finishes an ingest after the process is killed in the middle of it", async () => {
  const cookie = await cookieBeforeStart(dataDir, "crash@example.com");

  const port = await freePort();
  let baseUrl = await server.start(port);
  const file = makeVideo(dataDir, "mp4", { seconds: 30, size: "1280x720" });
  const created = await upload(baseUrl, cookie, file, "Crash test");
  expect(created.status).toBe(201);
  const id = created.body._id;

  const processing = await waitForStatus(baseUrl, cookie, id, ["processing", "ready"]);
  expect(processing.status).toBe("processing");
  await server.kill();

  baseUrl = await server.start(port);
  // Ingest done: transcription (the next job) has started or finished.
  const ready = await waitForStatus(baseUrl, cookie, id, ["transcribing", "ready", "failed"], 90_000);
  expect(["transcribing", "ready"]).toContain(ready.status);
  const preview = await fetch(`${baseUrl}${ready.previewUrl}`);
  expect(preview.status).toBe(200);
  expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  const list = await api(baseUrl, cookie, "GET", "/api/video");
  expect(list.body).toHaveLength(1);
});

it("finishes a dub killed in the middle of its synthesis, without duplicate files or its clips made again", async () => {
  const cookie = await cookieBeforeStart(dataDir, "crash-dub@example.com");

  const port = await freePort();
  let baseUrl = await server.start(port);
  // its lines as subtitles: the dub is what is killed; the ingest's crash is the test before
  const { video, truth } = makeDialogue(dataDir, undefined, { name: "crash-dialogue" });
  const subtitles = subtitlesOf(truth);
  const id = (await upload(baseUrl, cookie, video, "Crash dub", { subtitles })).body._id;
  await waitForStatus(baseUrl, cookie, id, ["ready"], 120_000);
  const es = await startAndWait(baseUrl, cookie, id, "translate", "es", 120);
  expect(es.body.status).toBe("translated");

  expect((await api(baseUrl, cookie, "POST", `/api/video/${id}/dub`, { language: "es" })).status).toBe(202);
  // killed once the synthesis is under way (the bar past its first batch: it fills 10-45 %)
  let at = { status: "", progress: 0 };
  for (let i = 0; i < 6000 && at.progress < 20; i++) {
    at = (await api(baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
    expect(at.status).toBe("dubbing");
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(at.progress).toBeGreaterThanOrEqual(20);
  await server.kill();

  baseUrl = await server.start(port);
  let translation: Record<string, any> = {};
  for (let i = 0; i < 600 && translation.status !== "dubbed"; i++) {
    translation = (await api(baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
    expect(translation.status).not.toBe("failed");
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(translation.status).toBe("dubbed");
  // "N of M segments re-rendered": the clips made before the kill were not synthesized again (the clip
  // cache outlives the process)
  const rendered = /(\d+) of (\d+) segments re-rendered/.exec(translation.statusMessage ?? "");
  expect(rendered, translation.statusMessage ?? "").not.toBeNull();
  expect(Number(rendered![1])).toBeLessThan(Number(rendered![2]));
  // The killed run's work folder went with the restart.
  expect((await readdir(path.join(dataDir, "tmp"))).filter((name) => name !== "uploads")).toEqual([]);
  const files = await readdir(path.join(dataDir, "storage", "projects", id, "dubs", "es"));
  expect(files.sort()).toEqual(["dubbed.m4a", "dubbed.mp4", "dubbed.srt", "dubbed.vtt", "report.json"]);
  const dubJobs = (await api(baseUrl, cookie, "GET", `/api/video/${id}/jobs`)).body.filter(
    (j: { kind: string }) => j.kind === "dub",
  );
  expect(dubJobs).toHaveLength(1);
  expect(dubJobs[0].status).toBe("done");
  const mp4 = await fetch(`${baseUrl}${translation.finalVideoUrl}`);
  expect(mp4.status).toBe(200);
  expect((await mp4.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
});
