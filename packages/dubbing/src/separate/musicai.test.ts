// The Music.AI engine against a local stand-in speaking its documented wire format: signed upload
// and download URLs, the job created on the uploaded file, polled until SUCCEEDED, its two outputs
// downloaded, the job deleted. The stand-in's "vocals" are 1/4 of the upload and its "accompaniment"
// 3/4, so the test sees which became which stem.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type FakeServer, sendJson, startFakeServer } from "../testing/fake-server.ts";
import { tempDir } from "../testing/fixtures.ts";
import { readF32, stereoTones } from "../testing/music.ts";
import { createMusicAiEngine, pickOutputs } from "./musicai.ts";

const tmp = tempDir("musicai-");
afterAll(tmp.cleanup);
const KEY = "test-musicai-key-123";

function standIn(opts: { fail?: boolean } = {}): Promise<FakeServer & { deleted: string[] }> {
  const files = new Map<string, Buffer>();
  const deleted: string[] = [];
  let polls = 0;
  let server: FakeServer;
  const json = (res: import("node:http").ServerResponse, code: number, body: unknown) =>
    sendJson(res, code, body);
  return startFakeServer((req, res) => {
    const api = req.path.startsWith("/v1/");
    if (api && req.headers.authorization !== KEY) {
      json(res, 401, { message: "Missing or invalid API key" });
      return;
    }
    if (req.method === "GET" && req.path === "/v1/upload") {
      json(res, 200, { uploadUrl: `${server.url}/put/in1`, downloadUrl: `${server.url}/get/in1` });
      return;
    }
    if (req.method === "PUT" && req.path === "/put/in1") {
      files.set("in1", req.body);
      res.writeHead(200).end();
      return;
    }
    if (req.method === "POST" && req.path === "/v1/job") {
      const body = JSON.parse(req.body.toString()) as { workflow: string; params: { inputUrl: string } };
      if (
        body.workflow !== "music-ai/stems-vocals-accompaniment" ||
        !body.params.inputUrl.endsWith("/get/in1")
      ) {
        json(res, 400, { message: "bad job" });
        return;
      }
      const input = join(tmp.dir, "uploaded.flac");
      writeFileSync(input, files.get("in1")!);
      for (const [name, gain] of [
        ["vocals", 0.25],
        ["accompaniment", 0.75],
      ] as const) {
        const out = join(tmp.dir, `${name}.wav`);
        execFileSync("ffmpeg", [
          "-v",
          "error",
          "-y",
          "-i",
          input,
          "-af",
          `volume=${gain}`,
          "-c:a",
          "pcm_s16le",
          out,
        ]);
        files.set(name, readFileSync(out));
      }
      json(res, 200, { id: "job-1" });
      return;
    }
    if (req.method === "GET" && req.path === "/v1/job/job-1") {
      polls++;
      if (polls === 1) {
        json(res, 200, { id: "job-1", status: "STARTED", result: {} });
        return;
      }
      if (opts.fail) {
        json(res, 200, { id: "job-1", status: "FAILED", error: { title: "unsupported file" } });
        return;
      }
      json(res, 200, {
        id: "job-1",
        status: "SUCCEEDED",
        result: { vocals: `${server.url}/get/vocals`, accompaniment: `${server.url}/get/accompaniment` },
      });
      return;
    }
    if (req.method === "DELETE" && req.path === "/v1/job/job-1") {
      deleted.push("job-1");
      json(res, 200, {});
      return;
    }
    if (req.method === "GET" && req.path.startsWith("/get/")) {
      const f = files.get(req.path.slice(5));
      if (f) res.writeHead(200, { "content-type": "audio/wav" }).end(f);
      else res.writeHead(404).end();
      return;
    }
    json(res, 404, { message: "not found" });
  }).then((s) => {
    server = s;
    return Object.assign(s, { deleted });
  });
}

describe("Music.AI engine", () => {
  it("says which variable to set without a key", async () => {
    expect(await createMusicAiEngine().available()).toEqual({
      ok: false,
      reason: "no Music.AI key (set MUSICAI_API_KEY)",
    });
  });

  it("uploads, runs the vocals/accompaniment workflow, downloads both stems and deletes the job", async () => {
    const s = await standIn();
    try {
      const { x, pcmFile, rate } = stereoTones(tmp.dir);
      const engine = createMusicAiEngine({ apiKey: KEY, baseUrl: s.url, pollMs: 0 });
      const r = await engine.separate({ pcmFile, sampleRate: rate, channels: 2, workDir: tmp.dir });
      expect(r.params).toEqual({ workflow: "music-ai/stems-vocals-accompaniment", job: "job-1" });
      const bg = readF32(r.background);
      const voice = readF32(r.voice);
      for (const i of [1000, 20_000]) {
        expect(bg[2 * i]).toBeCloseTo(0.75 * (x[2 * i] as number), 3);
        expect(bg[2 * i + 1]).toBeCloseTo(0.75 * (x[2 * i + 1] as number), 3);
        expect(voice[i]).toBeCloseTo((0.25 * ((x[2 * i] as number) + (x[2 * i + 1] as number))) / 2, 3);
      }
      expect(s.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
        "GET /v1/upload",
        "PUT /put/in1",
        "POST /v1/job",
        "GET /v1/job/job-1",
        "GET /v1/job/job-1",
        "GET /get/vocals",
        "GET /get/accompaniment",
        "DELETE /v1/job/job-1",
      ]);
      expect(s.requests[1]?.headers.authorization).toBeUndefined(); // the key never goes to the file store
      expect(s.deleted).toEqual(["job-1"]);
    } finally {
      await s.close();
    }
  });

  it("reports a failed job with the provider's reason and still deletes it", async () => {
    const s = await standIn({ fail: true });
    try {
      const { pcmFile, rate } = stereoTones(tmp.dir);
      const engine = createMusicAiEngine({ apiKey: KEY, baseUrl: s.url, pollMs: 0 });
      await expect(
        engine.separate({ pcmFile, sampleRate: rate, channels: 2, workDir: tmp.dir }),
      ).rejects.toThrow(/Music.AI failed the job: .*unsupported file/);
      expect(s.deleted).toEqual(["job-1"]);
    } finally {
      await s.close();
    }
  });

  it("refuses a wrong key with the provider's message", async () => {
    const s = await standIn();
    try {
      const { pcmFile, rate } = stereoTones(tmp.dir);
      const engine = createMusicAiEngine({ apiKey: "wrong-key-0000", baseUrl: s.url, pollMs: 0 });
      await expect(
        engine.separate({ pcmFile, sampleRate: rate, channels: 2, workDir: tmp.dir }),
      ).rejects.toThrow(/Music.AI.*invalid API key/);
    } finally {
      await s.close();
    }
  });

  it("picks the voice and the background among a job's outputs by name", () => {
    expect(pickOutputs({ vocals: "a", accompaniment: "b" })).toEqual({ vocals: "a", background: "b" });
    expect(pickOutputs({ "Vocals Output": "a", Instrumental: "b", meta: 3 })).toEqual({
      vocals: "a",
      background: "b",
    });
    expect(pickOutputs({ vocals: "a" })).toBeNull();
  });
});
