import { readFileSync } from "node:fs";
import { copyFile, mkdtemp, rm, stat } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectKeys } from "../src/storage/keys.ts";
import {
  ALL_FORMATS,
  makeCutOffFaststartMp4,
  makeEmptyFile,
  makePictureNamedMp4,
  makeTextFile,
  makeTruncatedMp4,
  makeVideo,
} from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, upload, waitForStatus } from "./http.ts";
import { documentedAnswers } from "./openapi-check.ts";
import { leftoverUploads, storedProjectIds } from "./storage-helpers.ts";

let fixtures: string;
beforeAll(async () => {
  fixtures = await mkdtemp(path.join(os.tmpdir(), "dub-fixtures-"));
});
afterAll(async () => {
  await rm(fixtures, { recursive: true, force: true });
});

describe.each(MODES)("videos API (%s)", (mode) => {
  // Every answer is checked against the API description the server publishes: an undocumented field or status fails.
  const answers = documentedAnswers();
  let ts: TestServer;
  let alice: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };

  beforeAll(async () => {
    ts = await startTestServer(mode);
    await answers.start(ts.baseUrl);
    alice = await ts.signIn("alice@example.com");
    bob = await ts.signIn("bob@example.com");
  });
  afterAll(async () => {
    answers.stop();
    await ts?.close();
  });

  it("reports health and the mode", async () => {
    const res = await api(ts.baseUrl, null, "GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", db: "ok", storage: "ok", queue: "ok" });
    expect(res.body.mode).toBe(mode === "embedded" ? "embedded" : "scale-out");
  });

  it("refuses every project call without a session (401)", async () => {
    for (const [method, url] of [
      ["GET", "/api/video"],
      ["GET", "/api/video/00000000-0000-0000-0000-000000000000"],
      ["POST", "/api/video/process"],
      ["PUT", "/api/video/00000000-0000-0000-0000-000000000000"],
    ] as const) {
      const res = await api(ts.baseUrl, null, method, url, method === "PUT" ? {} : undefined);
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.error.code).toBe("unauthorized");
    }
    const forged = await api(ts.baseUrl, "dub_session=forged-token", "GET", "/api/video");
    expect(forged.status).toBe(401);
  });

  it("accepts MP4, WebM, MOV, AVI, WMV and OGG and ingests each", async () => {
    const uploadFormat = async (format: (typeof ALL_FORMATS)[number]) => {
      const file = makeVideo(fixtures, format);
      const res = await upload(ts.baseUrl, alice.cookie, file, `Clip ${format}`);
      expect(res.status, `${format}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body).toMatchObject({ title: `Clip ${format}`, speakers: [], transcript: [] });
      expect(["uploaded", "processing"]).toContain(res.body.status);
      return res.body;
    };
    // three at a time: a user may send four uploads at once
    const created = [
      ...(await Promise.all(ALL_FORMATS.slice(0, 3).map(uploadFormat))),
      ...(await Promise.all(ALL_FORMATS.slice(3).map(uploadFormat))),
    ];
    for (const project of created) {
      const ready = await waitForStatus(ts.baseUrl, alice.cookie, project._id, ["ready", "failed"]);
      // VP8 (WebM), Theora (OGG) and WMV cannot be copied into an MP4: ingest made an H.264 copy to dub from.
      const needsCopy = /Clip (webm|ogg|wmv)$/.test(project.title);
      expect(Boolean(await ts.server.storage.stat(projectKeys(project._id).dubSource)), project.title).toBe(
        needsCopy,
      );
      expect(ready.status, ready.statusMessage).toBe("ready");
      expect(ready.progress).toBe(100);
      expect(ready.durationMs).toBeGreaterThan(1800);
      expect(ready.durationMs).toBeLessThan(2300);
      expect(ready.width).toBe(320);
      for (const url of [ready.posterUrl, ready.previewUrl, ready.originalVideoUrl]) {
        const media = await fetch(`${ts.baseUrl}${url}`);
        expect(media.status, url).toBe(200);
        expect(Number(media.headers.get("content-length"))).toBeGreaterThan(100);
        await media.arrayBuffer();
      }
    }
    const list = await api(ts.baseUrl, alice.cookie, "GET", "/api/video");
    expect(list.body.map((p: { title: string }) => p.title).sort()).toEqual(
      ALL_FORMATS.map((f) => `Clip ${f}`).sort(),
    );
  });

  it("accepts a video without an audio track and says there is nothing to transcribe", async () => {
    const res = await upload(
      ts.baseUrl,
      alice.cookie,
      makeVideo(fixtures, "mp4", { audio: false }),
      "Silent",
    );
    expect(res.status).toBe(201);
    const ready = await waitForStatus(ts.baseUrl, alice.cookie, res.body._id, ["ready", "failed"]);
    expect(ready.status).toBe("ready");
    expect(ready.statusMessage).toMatch(/no audio track/);
  });

  it.each([
    ["a 0-byte file", () => makeEmptyFile(fixtures), 400, "empty_file"],
    ["a text file named .mp4", () => makeTextFile(fixtures), 415, "unsupported_media_type"],
    ["a truncated MP4", () => makeTruncatedMp4(fixtures), 415, "unsupported_media_type"],
    ["a PNG picture named .mp4", () => makePictureNamedMp4(fixtures), 415, "unsupported_media_type"],
    [
      "the first 30 % of a faststart MP4",
      () => makeCutOffFaststartMp4(fixtures),
      415,
      "unsupported_media_type",
    ],
  ])("refuses %s and keeps nothing", async (_name, make, status, code) => {
    const before = await storedProjectIds(ts, ts.server.storage);
    const res = await upload(ts.baseUrl, alice.cookie, make(), "Bad file");
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toMatch(/\w/);
    expect(await storedProjectIds(ts, ts.server.storage)).toEqual(before);
    expect(await leftoverUploads(ts)).toEqual([]);
  });

  it("keeps the uploaded file's name as the user wrote it, quotes included", async () => {
    const named = path.join(fixtures, 'My "best" talk.mp4');
    await copyFile(makeVideo(fixtures, "mp4"), named);
    const res = await upload(ts.baseUrl, alice.cookie, named, "Quoted");
    expect(res.status).toBe(201);
    // the browser sent `My %22best%22 talk.mp4` (HTML's multipart escape)
    expect(res.body.originalName).toBe('My "best" talk.mp4');
  });

  it("refuses a missing title or a missing file (400)", async () => {
    const noTitle = await upload(ts.baseUrl, alice.cookie, makeVideo(fixtures, "mp4"), null);
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error.code).toBe("title_required");
    const blankTitle = await upload(ts.baseUrl, alice.cookie, makeVideo(fixtures, "mp4"), "   ");
    expect(blankTitle.body.error.code).toBe("title_required");
    const noFile = await upload(ts.baseUrl, alice.cookie, null, "No file");
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.code).toBe("file_required");
    expect(await leftoverUploads(ts)).toEqual([]);
  });

  it("refuses an upload with two video files or two subtitle files (400), keeping nothing", async () => {
    const file = new Blob([readFileSync(makeVideo(fixtures, "mp4"))]);
    const srt = new Blob(["1\n00:00:00,000 --> 00:00:01,000\nHello\n"]);
    const before = {
      projects: (await api(ts.baseUrl, alice.cookie, "GET", "/api/video")).body.length,
      stored: await storedProjectIds(ts, ts.server.storage),
      usage: (await api(ts.baseUrl, alice.cookie, "GET", "/api/usage")).body,
    };
    for (const [field, kind] of [
      ["video", "video"],
      ["subtitles", "subtitle"],
    ]) {
      const form = new FormData();
      form.set("title", `Two ${field}`);
      form.append("video", file, "a.mp4");
      if (field === "video") form.append("video", file, "b.mp4");
      else for (const name of ["a.srt", "b.srt"]) form.append("subtitles", srt, name);
      const res = await fetch(`${ts.baseUrl}/api/video/process`, {
        method: "POST",
        body: form,
        headers: { cookie: alice.cookie },
      });
      expect(res.status, field).toBe(400);
      expect((await res.json()).error, field).toEqual({
        code: "bad_request",
        message: `Send one ${kind} file: this upload has two \`${field}\` files.`,
      });
    }
    expect((await api(ts.baseUrl, alice.cookie, "GET", "/api/video")).body.length).toBe(before.projects);
    expect(await storedProjectIds(ts, ts.server.storage)).toEqual(before.stored);
    expect((await api(ts.baseUrl, alice.cookie, "GET", "/api/usage")).body).toEqual(before.usage);
    expect(await leftoverUploads(ts)).toEqual([]);
  });

  it("leaves nothing behind when an upload is cut off half-way", async () => {
    const file = makeVideo(fixtures, "mp4", { seconds: 20, size: "1280x720" });
    const bytes = readFileSync(file);
    const before = (await api(ts.baseUrl, alice.cookie, "GET", "/api/video")).body.length;
    const boundary = "----cutoff";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut off\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="cut.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const url = new URL(`${ts.baseUrl}/api/video/process`);
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          cookie: alice.cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": head.length + bytes.length + 100,
        },
      });
      req.on("error", () => resolve());
      req.on("response", () => resolve());
      req.write(head);
      req.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => {
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 200);
      });
    });
    // The server notices the closed connection asynchronously.
    for (let i = 0; i < 200 && (await leftoverUploads(ts)).length > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await leftoverUploads(ts)).toEqual([]);
    expect((await api(ts.baseUrl, alice.cookie, "GET", "/api/video")).body.length).toBe(before);
  });

  it("answers a too-long title and a too-long id in the API's own error shape", async () => {
    const long = await upload(ts.baseUrl, alice.cookie, makeVideo(fixtures, "mp4"), "t".repeat(201));
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe("validation_failed");
    expect(long.body.error.details[0].path).toBe("title");
    const id = await api(ts.baseUrl, alice.cookie, "GET", `/api/video/${"x".repeat(5000)}`);
    expect(id.status).toBe(404);
    expect(id.body.error.code).toBe("not_found");
    expect(id.body.error.message.length).toBeLessThan(200);
  });

  it("serves media with HTTP Range requests behind expiring signatures", async () => {
    const file = makeVideo(fixtures, "mp4", { seconds: 3 });
    const res = await upload(ts.baseUrl, alice.cookie, file, "Ranges");
    const url = `${ts.baseUrl}${res.body.originalVideoUrl}`;
    const size = (await stat(file)).size;
    const original = readFileSync(file);

    const part = await fetch(url, { headers: { range: "bytes=100-299" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("accept-ranges")).toBe("bytes");
    expect(part.headers.get("content-range")).toBe(`bytes 100-299/${size}`);
    expect(part.headers.get("content-type")).toBe("video/mp4");
    expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(100, 300))).toBe(true);

    const tail = await fetch(url, { headers: { range: "bytes=-50" } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(original.subarray(size - 50))).toBe(true);

    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(original)).toBe(true);

    const outside = await fetch(url, { headers: { range: `bytes=${size + 10}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe(`bytes */${size}`);

    const tampered = await fetch(url.replace(/sig=[^&]+/, "sig=AAAA"));
    expect(tampered.status).toBe(403);
    const expired = await fetch(url.replace(/exp=\d+/, "exp=1000"));
    expect(expired.status).toBe(403);
  });

  it("hides another user's project (404) and validates edits", async () => {
    const res = await upload(ts.baseUrl, alice.cookie, makeVideo(fixtures, "mp4"), "Mine");
    const id = res.body._id;
    for (const [method, url] of [
      ["GET", `/api/video/${id}`],
      ["GET", `/api/video/transcript/${id}`],
      ["PUT", `/api/video/${id}`],
    ] as const) {
      const other = await api(
        ts.baseUrl,
        bob.cookie,
        method,
        url,
        method === "PUT" ? { video: { title: "x" } } : undefined,
      );
      expect(other.status, `${method} ${url}`).toBe(404);
      expect(other.body.error.code).toBe("video_not_found");
    }
    expect((await api(ts.baseUrl, bob.cookie, "GET", "/api/video")).body).toEqual([]);
    expect((await api(ts.baseUrl, alice.cookie, "GET", "/api/video/not-a-uuid")).status).toBe(404);

    const speakers = [
      { id: "s1", name: "Speaker 1", selectedVoice: "en-US-AndrewMultilingualNeural" },
      { id: "s2", name: "Speaker 2", selectedVoice: "en-US-AvaMultilingualNeural" },
    ];
    const transcript = [
      { speaker: "s1", text: "Hello there.", start: 0, end: 900 },
      { speaker: "s2", text: "Hi!", start: 1000, end: 1500 },
    ];
    // Edits of speakers and transcript wait for the transcription (it would replace them).
    await waitForStatus(ts.baseUrl, alice.cookie, id, ["ready"]);
    const saved = await api(ts.baseUrl, alice.cookie, "PUT", `/api/video/${id}`, {
      video: { ...res.body, title: "  Renamed  ", speakers, transcript },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ _id: id, title: "Renamed", speakers, transcript });
    expect((await api(ts.baseUrl, alice.cookie, "GET", `/api/video/transcript/${id}`)).body).toEqual(
      transcript,
    );

    const badTimes = await api(ts.baseUrl, alice.cookie, "PUT", `/api/video/${id}`, {
      video: { transcript: [{ speaker: "s1", text: "x", start: 2000, end: 1000 }] },
    });
    expect(badTimes.status).toBe(400);
    expect(badTimes.body.error.code).toBe("validation_failed");
    expect(badTimes.body.error.details[0].path).toBe("transcript.0.end");

    const unknownSpeaker = await api(ts.baseUrl, alice.cookie, "PUT", `/api/video/${id}`, {
      video: { transcript: [{ speaker: "nobody", text: "x", start: 0, end: 10 }] },
    });
    expect(unknownSpeaker.status).toBe(400);
    expect(unknownSpeaker.body.error.details[0].path).toBe("transcript.0.speaker");

    const notJson = await api(ts.baseUrl, alice.cookie, "PUT", `/api/video/${id}`, "{not json");
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe("bad_request");

    // Nothing of the refused edits was written.
    expect((await api(ts.baseUrl, alice.cookie, "GET", `/api/video/${id}`)).body).toMatchObject({
      title: "Renamed",
      transcript,
    });
  });

  it("answered every request as the published API description says", () => {
    expect(answers.mismatches).toEqual([]);
  });
});

describe("upload size limit", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer("embedded", { MAX_UPLOAD_BYTES: "30000" });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("answers 413 past the limit and keeps nothing", async () => {
    const { cookie } = await ts.signIn();
    const file = makeVideo(fixtures, "mp4", { seconds: 10, size: "640x360" });
    const res = await upload(ts.baseUrl, cookie, file, "Too big");
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("file_too_large");
    expect(await leftoverUploads(ts)).toEqual([]);
    expect(await storedProjectIds(ts, ts.server.storage)).toEqual(new Set());
  });
});
