// A transcription killed mid-way resumes after the recognition's finished windows (#61): the server
// process is SIGKILLed once the recognition's checkpoint holds a window, started again on the same data
// folder, and the retried job decodes only the windows after it. A dub killed once it has made clips
// synthesizes only the others when it is retried (the clip cache outlives the process). The recognition decodes 6 s at a time
// (ASR_WINDOW_S) so the 27-second dialogue has several windows. Embedded mode: the process's own
// database is the one killed and restarted (a scale-out retry on another worker starts over: the
// checkpoint is on the worker's disk, docs/ARCHITECTURE.md).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { withoutEngineEnv } from "@dubbing/dubbing/engines/options.ts";
import { makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSession, findOrCreateUser, SESSION_COOKIE } from "../src/auth/sessions.ts";
import { openDatabase } from "../src/db/client.ts";
import { transcriptionCheckpointDir } from "../src/storage/clip-cache.ts";
import { freePort } from "./harness.ts";
import { api, startAndWait, upload, waitForStatus } from "./http.ts";

const MAIN = path.resolve(import.meta.dirname, "../src/main.ts");
let dataDir: string;
let child: ChildProcess | undefined;

async function startProcess(port: number): Promise<string> {
  child = spawn(process.execPath, [MAIN], {
    env: {
      ...withoutEngineEnv(process.env),
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: "warn",
      WORKER_CONCURRENCY: "1",
      ASR_WINDOW_S: "6",
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

async function kill() {
  if (child && child.exitCode === null) {
    child.kill("SIGKILL");
    await new Promise((resolve) => child!.once("exit", resolve));
  }
}

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "dub-resume-"));
});
afterEach(async () => {
  await kill();
  await rm(dataDir, { recursive: true, force: true });
});

it("resumes a killed transcription after the windows it had recognised", async () => {
  const database = await openDatabase({ dataDir });
  const user = await findOrCreateUser(database.db, "resume@example.com");
  const cookie = `${SESSION_COOKIE}=${await createSession(database.db, user.id)}`;
  await database.close();

  const port = await freePort();
  let baseUrl = await startProcess(port);
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
  await kill();
  expect(kept).toBeGreaterThanOrEqual(1);

  baseUrl = await startProcess(port);
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

it("a dub killed after making clips synthesizes only the others when it is retried", async () => {
  const database = await openDatabase({ dataDir });
  const user = await findOrCreateUser(database.db, "resume-dub@example.com");
  const cookie = `${SESSION_COOKIE}=${await createSession(database.db, user.id)}`;
  await database.close();

  const port = await freePort();
  let baseUrl = await startProcess(port);
  const { video } = makeDialogue(dataDir, undefined, { name: "resume-dub" });
  const id = (await upload(baseUrl, cookie, video, "Resume dub")).body._id as string;
  await waitForStatus(baseUrl, cookie, id, ["ready"], 180_000);
  expect((await startAndWait(baseUrl, cookie, id, "translate", "es", 120)).body.status).toBe("translated");
  expect((await api(baseUrl, cookie, "POST", `/api/video/${id}/dub`, { language: "es" })).status).toBe(202);

  // killed once the synthesis is under way (the bar past its first batch: it fills 10-45 %)
  let at = { status: "", progress: 0 };
  for (let i = 0; i < 6000 && at.progress < 20; i++) {
    at = (await api(baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
    expect(at.status).toBe("dubbing");
    await new Promise((r) => setTimeout(r, 20));
  }
  await kill();
  expect(at.progress).toBeGreaterThanOrEqual(20);

  baseUrl = await startProcess(port);
  let es: { status?: string; statusMessage?: string | null } = {};
  for (let i = 0; i < 900 && es.status !== "dubbed"; i++) {
    es = (await api(baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
    expect(es.status).not.toBe("failed");
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(es.status).toBe("dubbed");
  // "N of M segments re-rendered": the clips made before the kill were not synthesized again
  const rendered = /(\d+) of (\d+) segments re-rendered/.exec(es.statusMessage ?? "");
  expect(rendered, es.statusMessage ?? "").not.toBeNull();
  expect(Number(rendered![1])).toBeLessThan(Number(rendered![2]));
}, 400_000);
