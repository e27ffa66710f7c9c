import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { probe } from "@dubbing/dubbing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffprobe } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";
import { documentedAnswers } from "./openapi-check.ts";

const TRANSCRIPT =
  "The ocean covers most of our planet. Whales travel thousands of miles across the ocean every year.\n" +
  "Mountains rise high above the clouds in the north.";

async function fetchFile(url: string, file: string) {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
  return res;
}

describe.each(MODES)("storyboards API (%s)", (mode) => {
  // Every answer is checked against the API description the server publishes: an undocumented field or status fails.
  const answers = documentedAnswers();
  let ts: TestServer;
  let alice: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };
  let board: Awaited<ReturnType<typeof api>>["body"];

  beforeAll(async () => {
    ts = await startTestServer(mode);
    await answers.start(ts.baseUrl);
    alice = await ts.signIn();
    bob = await ts.signIn();
  });
  afterAll(async () => {
    answers.stop();
    await ts?.close();
  });

  it("needs a session", async () => {
    for (const [method, url] of [
      ["GET", "/api/storyboard"],
      ["POST", "/api/storyboard"],
      ["GET", "/api/storyboard/images/search?query=sea"],
    ] as const) {
      const res = await api(ts.baseUrl, null, method, url, method === "POST" ? {} : undefined);
      expect(res.status, url).toBe(401);
    }
  });

  it("requires a title and a transcript", async () => {
    for (const body of [
      {},
      { title: "x" },
      { transcript: "Hello." },
      { title: "  ", transcript: "Hello." },
    ]) {
      const res = await api(ts.baseUrl, alice.cookie, "POST", "/api/storyboard", body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
  });

  it("cuts the transcript into frames with keywords and real images", async () => {
    const res = await api(ts.baseUrl, alice.cookie, "POST", "/api/storyboard", {
      title: "Planet Earth",
      transcript: TRANSCRIPT,
    });
    expect(res.status).toBe(201);
    board = res.body;
    expect(board).toMatchObject({ title: "Planet Earth", videoUrl: null, status: "idle" });
    expect(board.frames).toHaveLength(2);
    expect(board.frames[0].transcriptSegment.text).toBe(
      "The ocean covers most of our planet. Whales travel thousands of miles across the ocean every year.",
    );
    expect(board.frames[0].keywords[0]).toBe("ocean");
    expect(board.frames[0].selectedAssetIndex).toBe(0);
    expect(board.frames[0].pexelImages).toHaveLength(4);
    const image = board.frames[1].pexelImages[0];
    expect(image.medium).toMatch(/^\/api\/storyboard\/images\/offline\/\d\.jpg\?q=/);
    // The offline library renders a real 1280×720 JPEG and serves it from storage.
    const file = path.join(ts.dataDir, "img.jpg");
    // Without a cookie the image route is refused like every /api path.
    expect((await fetch(`${ts.baseUrl}${image.medium}`)).status).toBe(401);
    const res2 = await fetch(`${ts.baseUrl}${image.medium}`, { headers: { cookie: alice.cookie } });
    expect(res2.status).toBe(200);
    expect(res2.headers.get("content-type")).toBe("image/jpeg");
    await writeFile(file, Buffer.from(await res2.arrayBuffer()));
    // a JPEG is not a container probe() reads (it refuses what has no video stream): ffprobe's own answer
    expect(ffprobe(file).streams[0]).toMatchObject({ codec_name: "mjpeg", width: 1280, height: 720 });
  });

  it("lists, reads and hides another user's storyboard", async () => {
    const list = await api(ts.baseUrl, alice.cookie, "GET", "/api/storyboard");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ _id: board._id, title: "Planet Earth", frameCount: 2 });
    expect(typeof list.body[0].createdAt).toBe("string");
    const one = await api(ts.baseUrl, alice.cookie, "GET", `/api/storyboard/${board._id}`);
    expect(one.body.frames).toHaveLength(2);
    for (const url of [`/api/storyboard/${board._id}`, "/api/storyboard/not-a-uuid"]) {
      const other = await api(ts.baseUrl, bob.cookie, "GET", url);
      expect(other.status).toBe(404);
      expect(other.body.error).toEqual({ code: "storyboard_not_found", message: "Storyboard not found" });
    }
    const put = await api(ts.baseUrl, bob.cookie, "PUT", `/api/storyboard/${board._id}`, board);
    expect(put.status).toBe(404);
    expect((await api(ts.baseUrl, bob.cookie, "GET", "/api/storyboard")).body).toEqual([]);
  });

  it("searches images: the query is trimmed and must not be empty", async () => {
    for (const q of ["", "%20%20", undefined]) {
      const res = await api(
        ts.baseUrl,
        alice.cookie,
        "GET",
        `/api/storyboard/images/search${q === undefined ? "" : `?query=${q}`}`,
      );
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("query_required");
    }
    const res = await api(
      ts.baseUrl,
      alice.cookie,
      "GET",
      "/api/storyboard/images/search?query=%20Sunset%20",
    );
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(3);
    expect(res.body[0].medium).toContain("q=sunset");
    // Text is drawn literally: %, quotes, colons and backslashes are not ffmpeg syntax here.
    const odd = await api(
      ts.baseUrl,
      alice.cookie,
      "GET",
      "/api/storyboard/images/search?query=50%25%20off%3A%20%7Bx%7D%20'%5C",
    );
    const image = await fetch(`${ts.baseUrl}${odd.body[0].medium}`, { headers: { cookie: alice.cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    await image.arrayBuffer();
  });

  it("saves the full storyboard, validating the selected image", async () => {
    const found = (await api(ts.baseUrl, alice.cookie, "GET", "/api/storyboard/images/search?query=whale"))
      .body;
    const edited = structuredClone(board);
    edited.frames[0].pexelImages.unshift(found[0]);
    edited.frames[0].selectedAssetIndex = 0;
    edited.frames[1].selectedAssetIndex = 2;
    const res = await api(ts.baseUrl, alice.cookie, "PUT", `/api/storyboard/${board._id}`, edited);
    expect(res.status).toBe(200);
    expect(res.body.frames[0].pexelImages).toHaveLength(5);
    expect(res.body.frames[0].pexelImages[0].medium).toBe(found[0].medium);
    expect(res.body.frames[1].selectedAssetIndex).toBe(2);
    board = res.body;

    const bad = structuredClone(board);
    bad.frames[1].selectedAssetIndex = 4;
    const refused = await api(ts.baseUrl, alice.cookie, "PUT", `/api/storyboard/${board._id}`, bad);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].path).toBe("frames.1.selectedAssetIndex");
    const script = structuredClone(board);
    script.frames[0].pexelImages[0].medium = "javascript:alert(1)";
    expect((await api(ts.baseUrl, alice.cookie, "PUT", `/api/storyboard/${board._id}`, script)).status).toBe(
      400,
    );
    expect(
      (await api(ts.baseUrl, alice.cookie, "PUT", `/api/storyboard/${board._id}`, { frames: [] })).status,
    ).toBe(400);
    // Nothing of the refused saves was kept.
    const after = await api(ts.baseUrl, alice.cookie, "GET", `/api/storyboard/${board._id}`);
    expect(after.body.frames[1].selectedAssetIndex).toBe(2);
  });

  it("generates a 1280×720 H.264 + AAC video as long as the narration", async () => {
    // Short frames keep the test quick; the frame texts can be edited like everything else.
    const short = structuredClone(board);
    short.frames[0].transcriptSegment.text = "Ocean waves roll in.";
    short.frames[1].transcriptSegment.text = "Calm, 100%: {x} \\ 'ok'.";
    const saved = await api(ts.baseUrl, alice.cookie, "PUT", `/api/storyboard/${board._id}`, short);
    expect(saved.status).toBe(200);
    const started = Date.now();
    const res = await api(ts.baseUrl, alice.cookie, "POST", `/api/storyboard/${board._id}/generate-video`);
    expect(res.status).toBe(202);
    expect(res.body.job).toMatchObject({ kind: "storyboard", status: "queued" });
    expect(res.body.storyboard.status).toBe("generating");
    // A second request while it runs gets the same job.
    const again = await api(ts.baseUrl, alice.cookie, "POST", `/api/storyboard/${board._id}/generate-video`);
    expect(again.body.job.id).toBe(res.body.job.id);
    const percents: number[] = [];
    let done: Awaited<ReturnType<typeof api>>["body"];
    for (;;) {
      const { body } = await api(ts.baseUrl, alice.cookie, "GET", `/api/storyboard/${board._id}`);
      if (body.job) percents.push(body.job.percent);
      if (body.status !== "generating") {
        done = body;
        break;
      }
      if (Date.now() - started > 170_000) throw new Error("the video took too long");
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(done.status, done.statusMessage).toBe("ready");
    expect(done.job.status).toBe("done");
    expect(done.job.percent).toBe(100);
    expect(percents.some((p) => p > 0 && p < 100)).toBe(true);
    expect(done.videoUrl).toMatch(/^\/media\//);
    const file = path.join(os.tmpdir(), `storyboard-${mode}-${Date.now()}.mp4`);
    await fetchFile(`${ts.baseUrl}${done.videoUrl}`, file);
    const probed = await probe(file);
    expect(probed.video).toMatchObject({ codec: "h264", width: 1280, height: 720 });
    expect(probed.audio?.codec).toBe("aac");
    const narration = done.frames.reduce((sum: number, f: { narrationMs: number }) => sum + f.narrationMs, 0);
    expect(done.frames.every((f: { narrationMs: number }) => f.narrationMs > 1000)).toBe(true);
    expect(Math.abs(probed.durationMs - narration)).toBeLessThanOrEqual(200 * done.frames.length);
    console.log(
      `[${mode}] storyboard video: ${done.frames.length} frames, ${(probed.durationMs / 1000).toFixed(2)} s ` +
        `(narration ${(narration / 1000).toFixed(2)} s), made in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 180_000);

  it("refuses to generate another user's storyboard, or with a bad voice or language", async () => {
    const res = await api(ts.baseUrl, bob.cookie, "POST", `/api/storyboard/${board._id}/generate-video`);
    expect(res.status).toBe(404);
    for (const body of [{ voice: "nobody" }, { language: "xx" }, { subtitles: "yes" }]) {
      const bad = await api(
        ts.baseUrl,
        alice.cookie,
        "POST",
        `/api/storyboard/${board._id}/generate-video`,
        body,
      );
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.code).toBe("validation_failed");
    }
    // Nothing was queued by the refused requests.
    const after = await api(ts.baseUrl, alice.cookie, "GET", `/api/storyboard/${board._id}`);
    expect(after.body.status).toBe("ready");
  });

  it("answered every request as the published API description says", () => {
    expect(answers.mismatches).toEqual([]);
  });
});
