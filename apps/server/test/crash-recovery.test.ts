import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { withoutEngineEnv } from "@dubbing/dubbing/engines/options.ts";
import { makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSession, findOrCreateUser, SESSION_COOKIE } from "../src/auth/sessions.ts";
import { openDatabase } from "../src/db/client.ts";
import { makeVideo, subtitlesOf } from "./fixtures.ts";
import { freePort } from "./harness.ts";
import { api, startAndWait, upload, waitForStatus } from "./http.ts";

const MAIN = path.resolve(import.meta.dirname, "../src/main.ts");
let dataDir: string;
let child: ChildProcess | undefined;

async function startProcess(port: number): Promise<string> {
  child = spawn(process.execPath, [MAIN], {
    env: {
      // the server reads engine variables: a developer's own keys never reach a test
      ...withoutEngineEnv(process.env),
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: "warn",
      WORKER_CONCURRENCY: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return baseUrl;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

// Each test has its own data directory, and no server process outlives its test: two processes must never
// open one embedded database.
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "dub-crash-"));
});
afterEach(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGKILL");
    await new Promise((resolve) => child!.once("exit", resolve));
  }
  await rm(dataDir, { recursive: true, force: true });
});

it("finishes an ingest after the process is killed in the middle of it", async () => {
  // Embedded mode: PGlite belongs to one process, so the session is made before the server starts.
  const database = await openDatabase({ dataDir });
  const user = await findOrCreateUser(database.db, "crash@example.com");
  const cookie = `${SESSION_COOKIE}=${await createSession(database.db, user.id)}`;
  await database.close();

  const port = await freePort();
  let baseUrl = await startProcess(port);
  const file = makeVideo(dataDir, "mp4", { seconds: 30, size: "1280x720" });
  const created = await upload(baseUrl, cookie, file, "Crash test");
  expect(created.status).toBe(201);
  const id = created.body._id;

  const processing = await waitForStatus(baseUrl, cookie, id, ["processing", "ready"]);
  expect(processing.status).toBe("processing");
  child!.kill("SIGKILL");
  await new Promise((resolve) => child!.once("exit", resolve));

  baseUrl = await startProcess(port);
  // Ingest done: transcription (the next job) has started or finished.
  const ready = await waitForStatus(baseUrl, cookie, id, ["transcribing", "ready", "failed"], 90_000);
  expect(["transcribing", "ready"]).toContain(ready.status);
  const preview = await fetch(`${baseUrl}${ready.previewUrl}`);
  expect(preview.status).toBe(200);
  expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  const list = await api(baseUrl, cookie, "GET", "/api/video");
  expect(list.body).toHaveLength(1);
});

it("finishes a dub after the process is killed in the middle of it, without duplicate files", async () => {
  const database = await openDatabase({ dataDir });
  const user = await findOrCreateUser(database.db, "crash-dub@example.com");
  const cookie = `${SESSION_COOKIE}=${await createSession(database.db, user.id)}`;
  await database.close();

  const port = await freePort();
  let baseUrl = await startProcess(port);
  // its lines as subtitles: the dub is what is killed; the ingest's crash is the test before
  const { video, truth } = makeDialogue(dataDir, undefined, { name: "crash-dialogue" });
  const subtitles = subtitlesOf(truth);
  const id = (await upload(baseUrl, cookie, video, "Crash dub", { subtitles })).body._id;
  await waitForStatus(baseUrl, cookie, id, ["ready"], 120_000);
  const es = await startAndWait(baseUrl, cookie, id, "translate", "es", 120);
  expect(es.body.status).toBe("translated");

  expect((await api(baseUrl, cookie, "POST", `/api/video/${id}/dub`, { language: "es" })).status).toBe(202);
  // Kill as soon as the dub is under way.
  for (;;) {
    const t = (await api(baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
    if (t.status === "dubbing" && t.progress > 0) break;
    expect(t.status).toBe("dubbing");
    await new Promise((r) => setTimeout(r, 30));
  }
  child!.kill("SIGKILL");
  await new Promise((resolve) => child!.once("exit", resolve));

  baseUrl = await startProcess(port);
  let translation: Record<string, any> = {};
  for (let i = 0; i < 600 && translation.status !== "dubbed"; i++) {
    translation = (await api(baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
    expect(translation.status).not.toBe("failed");
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(translation.status).toBe("dubbed");
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
