// Crafted files against the upload path: a playlist that reads another user's video, a
// container header that understates the length, and a corpus of files that name other files or are broken.
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ffmpegSync, makeSpeechMkv, setMatroskaDuration } from "@dubbing/dubbing/testing/fixtures.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectKeys } from "../src/storage/keys.ts";
import { canary, handCrafted, hlsPlaylist } from "./crafted.ts";
import { ffprobe, makeVideo, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, upload, waitForStatus } from "./http.ts";
import { leftoverUploads, storedProjectIds } from "./storage-helpers.ts";

const PLAYLIST_REFUSAL = {
  code: "unsupported_media_type",
  message: "This file is a playlist or a list of other files, not a video. Upload the video file itself.",
};

const tmp = tempFolder("dub-crafted-");
let speech: string;
let halfHourPlus: string;
beforeAll(() => {
  speech = makeSpeechMkv(path.join(tmp.path, "speech.mkv"));
  halfHourPlus = path.join(tmp.path, "31-minutes.mkv");
  ffmpegSync(
    ["-f", "lavfi", "-i", "color=c=black:s=32x32:r=1:d=1860", "-c:v", "libx264"].concat([
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      halfHourPlus,
    ]),
  );
});

describe.each(MODES)("crafted uploads (%s)", (mode) => {
  let ts: TestServer;

  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(async () => {
    await ts?.close();
  });

  const usage = async (cookie: string) =>
    (await api(ts.baseUrl, cookie, "GET", "/api/usage")).body.transcribedSeconds as number;

  it("refuses a playlist named holiday.mp4 that reads another user's video (415), right path or wrong", async () => {
    const bob = await ts.signIn();
    const mallory = await ts.signIn();
    // An AVI: the old upload check's tail read reached the end of an AVI, OGG, MKV or TS through a
    // playlist (of an MP4 it failed by chance, with a message that told a right path from a wrong one).
    const bobsFile = makeVideo(tmp.path, "avi", { seconds: 3 });
    const bobs = await upload(ts.baseUrl, bob.cookie, bobsFile, "Bob's holiday");
    await waitForStatus(ts.baseUrl, bob.cookie, bobs.body._id, ["ready"]);
    // Where Bob's video lies on this machine: in the data folder, or (scale-out) the file he sent.
    const target =
      mode === "embedded"
        ? path.join(ts.dataDir, "storage", projectKeys(bobs.body._id).original(".avi"))
        : bobsFile;
    expect(existsSync(target)).toBe(true);
    const before = await storedProjectIds(ts, ts.server.storage);
    for (const [name, pointsAt] of [
      ["holiday.mp4", target],
      ["wrong-guess.mp4", target.replace(bobs.body._id, randomUUID())],
    ] as const) {
      const file = path.join(tmp.path, `${mode}-${name}`);
      writeFileSync(file, hlsPlaylist(`file://${pointsAt}`, 3));
      const res = await upload(ts.baseUrl, mallory.cookie, file, "Holiday");
      // the same answer whether the path exists: no way to find the data folder by trying
      expect(res.status, name).toBe(415);
      expect(res.body.error).toEqual(PLAYLIST_REFUSAL);
    }
    expect((await api(ts.baseUrl, mallory.cookie, "GET", "/api/video")).body).toEqual([]);
    expect(await usage(mallory.cookie)).toBe(0);
    expect(await storedProjectIds(ts, ts.server.storage)).toEqual(before);
    expect(await leftoverUploads(ts)).toEqual([]);
  });

  it("takes crafted and broken files without a 5xx, refuses every indirection and reads nothing outside the upload", async () => {
    const { cookie } = await ts.signIn();
    const dir = path.join(tmp.path, `corpus-${mode}`);
    mkdirSync(dir, { recursive: true });
    const watched = canary(dir);
    try {
      const corpus = handCrafted(dir, watched.file, path.join(ts.dataDir, "tmp", "uploads"));
      const accepted: string[] = [];
      for (const c of corpus) {
        const res = await upload(ts.baseUrl, cookie, c.file, c.name);
        expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        if (c.expect === "refused") expect(res.status, c.name).toBeGreaterThanOrEqual(400);
        if (res.status === 201) accepted.push(res.body._id);
        else expect(res.body.error.message, c.name).toMatch(/\w/);
      }
      for (const c of corpus.filter((c) => /^(holiday|relative|bare|nested|keyed|ffconcat)/.test(c.name))) {
        const res = await upload(ts.baseUrl, cookie, c.file, c.name);
        expect(res.body.error, c.name).toEqual(PLAYLIST_REFUSAL);
      }
      // what was accepted is processed to an end: ready or failed, never stuck
      for (const id of accepted) {
        const done = await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"]);
        expect(done.status).toMatch(/ready|failed/);
      }
      expect(watched.opens()).toBe(0);
      expect(await leftoverUploads(ts)).toEqual([]);
    } finally {
      watched.stop();
    }
  });

  it("charges, limits and transcribes a Matroska file by where its packets end, not by a Duration that says 1 s", async () => {
    const { cookie } = await ts.signIn();
    const lying = setMatroskaDuration(speech, path.join(tmp.path, `${mode}-says-1s.mkv`), 1);
    expect(Number(ffprobe(lying).format.duration)).toBe(1);
    const res = await upload(ts.baseUrl, cookie, lying, "Says one second");
    expect(res.status).toBe(201);
    expect(res.body.durationMs).toBeGreaterThan(24_000);
    expect(res.body.durationMs).toBeLessThan(25_500);
    expect(await usage(cookie)).toBeCloseTo(res.body.durationMs / 1000, 1);
    const ready = await waitForStatus(ts.baseUrl, cookie, res.body._id, ["ready", "failed"]);
    expect(ready.status, ready.statusMessage).toBe("ready");
    // ingest keeps the measured length (the job budgets follow it) and extracts no further
    expect(ready.durationMs).toBe(res.body.durationMs);
    expect(ready.transcript.length).toBeGreaterThan(0);
    expect(ready.transcript.at(-1).end).toBeLessThanOrEqual(ready.durationMs);
    const audio = await ts.server.storage.localCopy(projectKeys(ready._id).audio, tmp.path);
    const audioMs = Number(ffprobe(audio.path).format.duration) * 1000;
    await audio.release();
    expect(audioMs).toBeGreaterThan(24_000);
    expect(audioMs).toBeLessThanOrEqual(ready.durationMs + 50);
  });

  it("applies the plan's longest video to the packets: 31 minutes whose header says 1 s are refused (413)", async () => {
    const { cookie } = await ts.signIn();
    const lying = setMatroskaDuration(halfHourPlus, path.join(tmp.path, `${mode}-31min-says-1s.mkv`), 1);
    const res = await upload(ts.baseUrl, cookie, lying, "Long");
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({
      code: "file_too_large",
      message: "This video is 31 min long. Your plan takes videos up to 30 min.",
    });
    expect(await usage(cookie)).toBe(0);
  });

  it("charges what the packets hold when the header claims 3 hours", async () => {
    const { cookie } = await ts.signIn();
    const lying = setMatroskaDuration(speech, path.join(tmp.path, `${mode}-says-3h.mkv`), 10_800);
    const res = await upload(ts.baseUrl, cookie, lying, "Says three hours");
    expect(res.status).toBe(201);
    expect(res.body.durationMs).toBeLessThan(25_500);
    expect(await usage(cookie)).toBeLessThan(25.5);
  });
});
