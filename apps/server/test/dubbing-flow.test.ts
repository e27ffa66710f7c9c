import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { jobSchema, projectDetailSchema, projectSchema, translationSchema } from "@dubbing/contract";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { projectKeys } from "../src/storage/keys.ts";
import { waitForEvent } from "./events.ts";
import { ffprobe, subtitlesOf, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, startAndWait, upload, waitForStatus } from "./http.ts";
import { documentedAnswers } from "./openapi-check.ts";

const tmp = tempFolder("dub-flow-");
let video: string;
beforeAll(() => {
  video = makeDialogue(tmp.path, DIALOGUE.slice(0, 4)).video;
});

/** md5 of the video stream's packets: equal means the stream was copied bit for bit. */
function videoStreamMd5(file: string) {
  return execFileSync("ffmpeg", ["-v", "error", "-i", file, "-map", "0:v", "-c", "copy", "-f", "md5", "-"], {
    encoding: "utf8",
  }).trim();
}

async function download(url: string, name: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const file = path.join(tmp.path, name);
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
  return { file, res };
}

describe.each(MODES)("from upload to dubbed video (%s)", (mode) => {
  let ts: TestServer;
  let cookie: string;
  let id: string;
  // Every answer of this flow is checked against the API description the server publishes: an
  // undocumented field or status fails.
  const answers = documentedAnswers();

  beforeAll(async () => {
    ts = await startTestServer(mode);
    cookie = (await ts.signIn()).cookie;
    await answers.start(ts.baseUrl);
  });
  afterAll(async () => {
    answers.stop();
    await ts?.close();
  });

  it("transcribes the upload with speakers, reporting progress as events", async () => {
    const created = await upload(ts.baseUrl, cookie, video, "Interview");
    expect(created.status).toBe(201);
    id = created.body._id;
    const events = await waitForEvent(
      ts.baseUrl,
      cookie,
      id,
      (e) => e.kind === "transcribe" && e.status !== "queued" && e.status !== "running",
    );
    expect(events.some((e) => e.kind === "ingest")).toBe(true);
    expect(events.at(-1)).toMatchObject({ kind: "transcribe", status: "done" });
    const project = await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"]);
    expect(project.status).toBe("ready");
    expect(project.speakers.length).toBe(2);
    expect(project.speakers.map((s: { name: string }) => s.name)).toEqual(["Speaker 1", "Speaker 2"]);
    expect(new Set(project.speakers.map((s: { selectedVoice: string }) => s.selectedVoice)).size).toBe(2);
    expect(project.transcript.length).toBeGreaterThanOrEqual(3);
    expect(project.transcript.map((s: { text: string }) => s.text).join(" ")).toMatch(
      /welcome|weather|program/i,
    );

    const usage = await api(ts.baseUrl, cookie, "GET", "/api/usage");
    expect(usage.body.transcribedSeconds).toBeGreaterThan(5);
  });

  it("refuses a dub before any translation (409) and an unavailable language (422)", async () => {
    const early = await api(ts.baseUrl, cookie, "POST", `/api/video/${id}/dub`, { language: "es" });
    expect(early.status).toBe(409);
    const languages = await api(ts.baseUrl, cookie, "GET", "/api/languages?source=en");
    expect(languages.body).toHaveLength(21);
    const missing = languages.body.find((l: { translate: { available: boolean } }) => !l.translate.available);
    expect(missing, "some language has no offline translation engine").toBeDefined();
    const res = await api(ts.baseUrl, cookie, "POST", `/api/video/${id}/translate`, {
      language: missing.code,
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("language_unavailable");
    expect(res.body.error.message).toContain(missing.name);
    const unknown = await api(ts.baseUrl, cookie, "POST", `/api/video/${id}/translate`, { language: "xx" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Invalid language: "xx" is not one of the app\'s languages.');
    // A language with a NUL byte (PostgreSQL's text cannot hold one) is refused at the edge, in a body or a
    // path, and never reaches the database: the fuzzer found a 500 here.
    const nul = "es\u0000";
    const saved = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/translation`, {
      language: nul,
      transcript: [],
    });
    expect(saved.status).toBe(400);
    const path = `/api/video/${id}/translations/${encodeURIComponent(nul)}`;
    expect((await api(ts.baseUrl, cookie, "DELETE", path)).status).toBe(404);
    expect(
      (await api(ts.baseUrl, cookie, "PUT", `${path}/review`, { index: 0, reviewed: true })).status,
    ).toBe(404);
  });

  it("saves edits, translates to Spanish and Portuguese, dubs both and serves the files", async () => {
    // Every answer is checked against the shared contract the web app is typed by.
    const project = projectDetailSchema.parse(
      (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}`)).body,
    );
    const list = (await api(ts.baseUrl, cookie, "GET", "/api/video")).body;
    z.array(projectSchema).parse(list);
    project.transcript[0]!.text = "Good morning and welcome to our show.";
    project.speakers[1]!.selectedVoice = "en-US-EmmaMultilingualNeural";
    const saved = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}`, { video: project });
    expect(saved.status).toBe(200);
    projectDetailSchema.parse(saved.body);
    const badTimes = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/transcript`, {
      transcript: [{ speaker: project.speakers[0]!.id, text: "x", start: 500, end: 100 }],
    });
    expect(badTimes.status).toBe(400);
    expect(badTimes.body.error.details[0].path).toBe("transcript.0.end");

    // A double click: two requests, one translation.
    const [first, second] = await Promise.all([
      api(ts.baseUrl, cookie, "POST", `/api/video/${id}/translate`, { language: "es" }),
      api(ts.baseUrl, cookie, "POST", `/api/video/${id}/translate`, { language: "es" }),
    ]);
    expect([first.status, second.status]).toEqual([202, 202]);
    const es = await startAndWait(ts.baseUrl, cookie, id, "translate", "es", 120);
    expect(es.status).toBe(200);
    expect(es.body.status).toBe("translated");
    const pt = await startAndWait(ts.baseUrl, cookie, id, "translate", "pt", 120);
    expect(pt.body.status).toBe("translated");
    expect(pt.body.engine).toMatch(/es/);

    const all = z
      .record(z.string(), translationSchema)
      .parse((await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body);
    expect(Object.keys(all).sort()).toEqual(["es", "pt"]);
    expect(all.es).toMatchObject({ videoId: id, language: "es", finalVideoUrl: null });
    expect(all.es!.transcript).toHaveLength(project.transcript.length);
    expect(all.es!.transcript[0]!.text).not.toBe(project.transcript[0]!.text);
    expect(all.es!.transcript[0]!.start).toBe(project.transcript[0]!.start);

    const originalMd5 = videoStreamMd5(video);
    const sourceDuration = Number(ffprobe(video).format.duration);
    for (const language of ["es", "pt"]) {
      const dubbed = await startAndWait(ts.baseUrl, cookie, id, "dub", language, 300);
      expect(dubbed.status, JSON.stringify(dubbed.body)).toBe(200);
      expect(dubbed.body.dubVideoUrl).toMatch(/\/media\/.*dubbed\.mp4\?.*download=dubbed-video-/);
      const { file, res } = await download(
        `${ts.baseUrl}${dubbed.body.dubVideoUrl}`,
        `dub-${mode}-${language}.mp4`,
      );
      expect(res.headers.get("content-disposition")).toContain(`dubbed-video-${language}.mp4`);
      const probe = ffprobe(file);
      expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
      expect(Math.abs(Number(probe.format.duration) - sourceDuration)).toBeLessThan(0.1);
      expect(videoStreamMd5(file)).toBe(originalMd5);

      const translation = translationSchema.parse(dubbed.body.translation);
      jobSchema.parse(dubbed.body.job);
      const srt = await (await fetch(`${ts.baseUrl}${translation.srtUrl}`)).text();
      expect(srt).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d\d\d --> \d\d:\d\d:\d\d,\d\d\d\r?\n/);
      const vtt = await (await fetch(`${ts.baseUrl}${translation.vttUrl}`)).text();
      expect(vtt.startsWith("WEBVTT")).toBe(true);
      expect(translation.report?.totals.dubbed).toBe(project.transcript.length);
    }
    const original = await fetch(`${ts.baseUrl}/api/video/${id}/subtitles/original.vtt`, {
      headers: { cookie },
    });
    expect(await original.text()).toContain("Good morning and welcome to our show.");
  });

  it("re-dubs only the segment that was edited", async () => {
    const es = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
    es.transcript[1].text = "Gracias, es un placer estar aquí.";
    const saved = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/translation`, {
      language: "es",
      transcript: es.transcript,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.stale).toBe(true);
    const again = await startAndWait(ts.baseUrl, cookie, id, "dub", "es", 300);
    expect(again.status).toBe(200);
    expect(again.body.translation.report.totals.resynthesized).toBe(1);
    expect(again.body.translation.statusMessage).toBe(`1 of ${es.transcript.length} segments re-rendered`);
    expect(again.body.translation.stale).toBe(false);
  });

  it("hides all of it from another user", async () => {
    const other = (await ts.signIn()).cookie;
    for (const [method, url, body] of [
      ["GET", `/api/video/${id}/translations`, undefined],
      ["POST", `/api/video/${id}/translate`, { language: "fr" }],
      ["PUT", `/api/video/${id}/translation`, { language: "es", transcript: [] }],
      ["POST", `/api/video/${id}/dub`, { language: "es" }],
      ["GET", `/api/video/${id}/events`, undefined],
      ["GET", `/api/video/${id}/subtitles/es.srt`, undefined],
    ] as const) {
      const res = await api(ts.baseUrl, other, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
  });

  it("answered every request of the flow as the published API description says", () => {
    expect(answers.mismatches).toEqual([]);
    // The flow's answers reached these operations and statuses (a change of the flow shows here).
    expect(answers.checked()).toEqual(
      expect.arrayContaining([
        "POST /api/video/process 201",
        "GET /api/video/{id} 200",
        "GET /api/video 200",
        "PUT /api/video/{id} 200",
        "PUT /api/video/{id}/transcript 400",
        "GET /api/languages 200",
        "GET /api/usage 200",
        "POST /api/video/{id}/translate 200",
        "POST /api/video/{id}/translate 202",
        "POST /api/video/{id}/translate 400",
        "POST /api/video/{id}/translate 422",
        "POST /api/video/{id}/dub 200",
        "POST /api/video/{id}/dub 409",
        "GET /api/video/{id}/translations 200",
        "PUT /api/video/{id}/translation 200",
        "GET /api/video/{id}/events 404",
      ]),
    );
  });
});

describe("dubbing a WebM upload", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer("embedded");
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("dubs from the H.264 copy made at ingest, keeping it bit for bit", async () => {
    const { cookie } = await ts.signIn();
    const dialogue = makeDialogue(tmp.path, DIALOGUE.slice(0, 2), { name: "short" });
    const short = dialogue.video;
    const webm = path.join(tmp.path, "dialogue.webm");
    execFileSync("ffmpeg", [
      "-v",
      "error",
      "-y",
      "-i",
      short,
      "-c:v",
      "libvpx",
      "-deadline",
      "realtime",
      "-b:v",
      "300k",
      "-c:a",
      "libvorbis",
      webm,
    ]);
    // its lines as subtitles: the copy made at ingest is the subject; the recognition is this file's first half
    const subtitles = subtitlesOf(dialogue.truth);
    const id = (await upload(ts.baseUrl, cookie, webm, "WebM", { subtitles })).body._id;
    await waitForStatus(ts.baseUrl, cookie, id, ["ready"], 240_000);
    const es = await startAndWait(ts.baseUrl, cookie, id, "translate", "es", 120);
    expect(es.body.status).toBe("translated");
    const dubbed = await startAndWait(ts.baseUrl, cookie, id, "dub", "es", 300);
    expect(dubbed.status, JSON.stringify(dubbed.body)).toBe(200);
    const { file } = await download(`${ts.baseUrl}${dubbed.body.dubVideoUrl}`, "webm-dub.mp4");
    const source = await ts.server.storage.localCopy(projectKeys(id).dubSource, tmp.path);
    expect(ffprobe(file).streams.find((s) => s.codec_type === "video")?.codec_name).toBe("h264");
    expect(videoStreamMd5(file)).toBe(videoStreamMd5(source.path));
  }, 600_000);
});
