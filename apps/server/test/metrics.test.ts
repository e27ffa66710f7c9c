import { randomUUID } from "node:crypto";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { startServer } from "../src/server.ts";
import { subtitlesOf, tempFolder } from "./fixtures.ts";
import { freePort, MODES, migratedPglite, startTestServer, type TestServer } from "./harness.ts";
import { api, upload, waitForStatus } from "./http.ts";
import { sdk, signInByLink } from "./identity.ts";

const TOKEN = "metrics-token-for-the-tests-0123456789";
const tmp = tempFolder("dub-metrics-");
let video: string;
let subtitles: File;
beforeAll(() => {
  const dialogue = makeDialogue(tmp.path, DIALOGUE.slice(0, 2));
  video = dialogue.video;
  subtitles = subtitlesOf(dialogue.truth);
});

async function scrape(baseUrl: string, token = TOKEN) {
  return fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
}

/** The value of one series in Prometheus' text format (labels in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe("GET /metrics without METRICS_TOKEN", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer("embedded");
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("does not exist", async () => {
    expect((await scrape(ts.baseUrl)).status).toBe(404);
  });
});

describe.each(MODES)("GET /metrics (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(mode, { METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("answers only the bearer token", async () => {
    expect((await fetch(`${ts.baseUrl}/metrics`)).status).toBe(401);
    const wrong = await scrape(ts.baseUrl, `${TOKEN.slice(0, -1)}x`);
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.code).toBe("unauthorized");
    const right = await scrape(ts.baseUrl);
    expect(right.status).toBe(200);
    expect(right.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it("counts requests by route pattern and status, uploads, jobs, engine calls, queue and sign-ins", async () => {
    // two unknown projects: one series for the pattern, never one per id
    const { cookie } = await ts.signIn();
    for (let i = 0; i < 2; i++) await api(ts.baseUrl, cookie, "GET", `/api/video/${randomUUID()}`);
    const id = (await upload(ts.baseUrl, cookie, video, "Measured")).body._id as string;
    await waitForStatus(ts.baseUrl, cookie, id, ["ready"]);
    expect(await signInByLink(ts, "measured@example.com")).toBeTruthy();
    await sdk(ts, "/magic_links/authenticate", { token: "not-a-real-token-at-all-000000000000" });

    const text = await (await scrape(ts.baseUrl)).text();
    const route = { method: "GET", route: "/api/video/:id", status: "404" };
    expect(sample(text, "dub_http_requests_total", route)).toBe(2);
    expect(sample(text, "dub_http_request_duration_seconds_count", route)).toBe(2);
    expect(text).not.toMatch(/route="\/api\/video\/[0-9a-f]{8}-/);
    expect(sample(text, "dub_uploads_total", { result: "accepted" })).toBe(1);
    expect(sample(text, "dub_uploaded_bytes_total")).toBeGreaterThan(10_000);
    for (const kind of ["ingest", "transcribe"]) {
      expect(sample(text, "dub_jobs_total", { kind, result: "done" })).toBe(1);
      expect(sample(text, "dub_job_duration_seconds_count", { kind, result: "done" })).toBe(1);
      expect(sample(text, "dub_queue_depth", { kind })).toBe(0);
    }
    expect(sample(text, "dub_queue_oldest_age_seconds", { kind: "dub" })).toBe(0);
    expect(
      sample(text, "dub_engine_calls_total", { kind: "asr", engine: "faster-whisper", result: "ok" }),
    ).toBe(1);
    expect(
      sample(text, "dub_engine_call_duration_seconds_count", { kind: "asr", engine: "faster-whisper" }),
    ).toBe(1);
    expect(sample(text, "dub_stored_video_bytes")).toBeGreaterThan(10_000);
    expect(sample(text, "dub_sign_ins_total", { method: "magic_link", result: "success" })).toBe(1);
    expect(sample(text, "dub_sign_ins_total", { method: "magic_link", result: "refused" })).toBe(1);
    expect(sample(text, "dub_process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("shows what waits in the queue and for how long", async () => {
    const { cookie } = await ts.signIn();
    // the queue is read from the database (the same on every process): a finished job put back as
    // waiting for 90 s, which no worker takes up again
    // its lines as subtitles: an ingest job is all this needs, no second recognition
    const id = (await upload(ts.baseUrl, cookie, video, "Waiting", { subtitles })).body._id as string;
    await waitForStatus(ts.baseUrl, cookie, id, ["ready"]);
    await ts.server.database.db.execute(
      `update jobs set status = 'queued', created_at = now() - interval '90 seconds' where project_id = '${id}' and kind = 'ingest'` as never,
    );
    const text = await (await scrape(ts.baseUrl)).text();
    expect(sample(text, "dub_queue_depth", { kind: "ingest" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "dub_queue_oldest_age_seconds", { kind: "ingest" })).toBeGreaterThanOrEqual(89);
  });
});

describe("a worker-only process", () => {
  it("serves /api/health and /metrics on PORT when PORT is set, and nothing else", async () => {
    const port = await freePort();
    const config = loadConfig({
      DATA_DIR: tmp.path,
      PORT: String(port),
      ROLES: "worker",
      LOG_LEVEL: "silent",
      METRICS_TOKEN: TOKEN,
    });
    const server = await startServer(config, { memoryDb: true, loadDataDir: await migratedPglite() });
    try {
      const base = `http://127.0.0.1:${port}`;
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: "ok", role: "worker" });
      const text = await (await scrape(base)).text();
      expect(sample(text, "dub_queue_depth", { kind: "ingest" })).toBe(0);
      expect((await fetch(`${base}/api/video`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
