import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSession, findOrCreateUser, SESSION_COOKIE } from "../src/auth/sessions.ts";
import { openDatabase } from "../src/db/client.ts";
import { makeVideo } from "./fixtures.ts";
import { freePort } from "./harness.ts";
import { api, upload, waitForStatus } from "./http.ts";

const MAIN = path.resolve(import.meta.dirname, "../src/main.ts");
let dataDir: string;
let child: ChildProcess | undefined;

async function startProcess(port: number): Promise<string> {
  child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
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

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "dub-crash-"));
});
afterAll(async () => {
  child?.kill("SIGKILL");
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
  const file = makeVideo(dataDir, "mp4", { seconds: 40, size: "1280x720" });
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
