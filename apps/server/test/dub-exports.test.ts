// What a dub can be downloaded as: the audio alone (M4A stored, WAV decoded while it streams), the video
// with its subtitles drawn in (right-to-left and CJK text included), and one line regenerated alone.
import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dubKeys } from "../src/storage/keys.ts";
import { ffprobe, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, startAndWait, uploadTranslated } from "./http.ts";

const tmp = tempFolder("dub-exports-");
let video: string;
beforeAll(() => {
  video = makeDialogue(tmp.path, DIALOGUE.slice(0, 3)).video;
});

/** One gray frame at `seconds`, as raw bytes (64×48). */
function frame(file: string, seconds: number): Buffer {
  return execFileSync(
    "ffmpeg",
    ["-v", "error", "-ss", String(seconds), "-i", file, "-frames:v", "1"].concat([
      "-vf",
      "scale=64:48,format=gray",
      "-f",
      "rawvideo",
      "-",
    ]),
  );
}

describe("fonts for subtitles drawn into videos", () => {
  it("has fonts for right-to-left, CJK, Devanagari and Thai text", () => {
    for (const lang of ["ar", "he", "zh", "ja", "ko", "hi", "th"]) {
      expect(
        execFileSync("fc-list", [`:lang=${lang}`, "family"], { encoding: "utf8" }).trim(),
        lang,
      ).not.toBe("");
    }
  });
});

describe.each(MODES)("dub downloads (%s)", (mode) => {
  let ts: TestServer;
  let cookie: string;
  let id: string;

  beforeAll(async () => {
    ts = await startTestServer(mode);
    cookie = (await ts.signIn()).cookie;
    id = await uploadTranslated(ts.baseUrl, cookie, video, "Exports");
  });
  afterAll(async () => {
    await ts?.close();
  });

  const download = async (url: string, name: string) => {
    const res = await fetch(`${ts.baseUrl}${url}`, { headers: { cookie } });
    expect(res.status, url).toBe(200);
    const file = path.join(tmp.path, `${mode}-${name}`);
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    return { file, res };
  };

  it("offers the dubbed audio alone, as M4A and as WAV", async () => {
    const dubbed = await startAndWait(ts.baseUrl, cookie, id, "dub", "es", 120);
    const t = dubbed.body.translation;
    expect(t.status).toBe("dubbed");
    const mp4 = await download(t.finalVideoUrl, "plain.mp4");
    // the dubbed video's and the M4A's audio say they are Spanish
    const dubTrack = ffprobe(mp4.file).streams.find((s) => s.codec_type === "audio");
    expect(dubTrack?.tags?.language).toBe("spa");
    const m4a = await download(t.audioUrl, "audio.m4a");
    const audio = ffprobe(m4a.file);
    expect(audio.streams[0]?.tags?.language).toBe("spa");
    expect(audio.streams.map((s) => s.codec_type)).toEqual(["audio"]);
    expect(Number(audio.format.duration)).toBeCloseTo(Number(ffprobe(mp4.file).format.duration), 0);
    const wav = await download(t.wavUrl, "audio.wav");
    expect(wav.res.headers.get("content-type")).toBe("audio/wav");
    expect(ffprobe(wav.file).streams[0]!.codec_name).toBe("pcm_s16le");
    // another user cannot
    const other = (await ts.signIn()).cookie;
    expect((await fetch(`${ts.baseUrl}${t.wavUrl}`, { headers: { cookie: other } })).status).toBe(404);
  });

  it("6. serves a signed link only under the download name it was signed with", async () => {
    const t = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
    const named = await fetch(`${ts.baseUrl}${t.finalVideoUrl}`, { method: "HEAD" });
    expect(named.status).toBe(200);
    expect(named.headers.get("content-disposition")).toContain('filename="dubbed-video-es.mp4"');
    for (const url of [
      t.finalVideoUrl.replace("download=dubbed-video-es.mp4", "download=Invoice-2026.bat"),
      t.finalVideoUrl.replace("download=dubbed-video-es.mp4&", ""),
      `${t.finalVideoUrl}&download=Invoice-2026.bat`,
    ]) {
      const res = await api(ts.baseUrl, null, "GET", url);
      expect(res.status, url).toBe(403);
      expect(res.body.error).toEqual({
        code: "forbidden",
        message: "This media link is invalid or has expired.",
      });
      expect(res.headers.get("content-disposition")).toBeNull();
    }
  });

  it("offers one MP4 with the original audio and every dub as tagged, titled tracks, the video copied", async () => {
    const t = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
    expect(t.status).toBe("dubbed");
    const all = await download(`/api/video/${id}/dubs/all-languages.mp4`, "all.mp4");
    expect(all.res.headers.get("content-type")).toBe("video/mp4");
    const streams = ffprobe(all.file).streams;
    const dubbed = ffprobe((await download(t.finalVideoUrl, "plain-for-all.mp4")).file).streams;
    const video = streams.filter((s) => s.codec_type === "video");
    expect(video).toHaveLength(1);
    const dubbedVideo = dubbed.find((s) => s.codec_type === "video")!;
    expect(video[0]!.codec_name).toBe(dubbedVideo.codec_name);
    expect((video[0] as Record<string, unknown>).nb_frames).toBe(
      (dubbedVideo as Record<string, unknown>).nb_frames,
    );
    const audio = streams.filter((s) => s.codec_type === "audio");
    expect(audio.map((s) => [s.tags?.language, s.tags?.handler_name])).toEqual([
      ["eng", "English (original)"],
      ["spa", "Español (dub)"],
    ]);
    // another user cannot
    const other = (await ts.signIn()).cookie;
    const res = await fetch(`${ts.baseUrl}/api/video/${id}/dubs/all-languages.mp4`, {
      headers: { cookie: other },
    });
    expect(res.status).toBe(404);
  });

  it("draws the subtitles into the video as typed: Arabic and Chinese text, and {\\an8}{\\fs60} neither moves nor enlarges a line", async () => {
    const translation = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
    const texts = ["{\\an8}{\\fs60}TOP", "مرحبا بكم في البرنامج", "谢谢，很高兴来到这里"];
    const edited = translation.transcript.map((s: { text: string }, i: number) => ({
      ...s,
      text: texts[i] ?? s.text,
    }));
    const saved = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/translation`, {
      language: "es",
      transcript: edited,
    });
    expect(saved.status).toBe(200);
    const burned = await api(
      ts.baseUrl,
      cookie,
      "POST",
      `/api/video/${id}/dub`,
      { language: "es", burnSubtitles: true },
      { prefer: "wait=120" },
    );
    expect(burned.body.translation.subtitlesBurned).toBe(true);
    const withSubs = await download(burned.body.dubVideoUrl, "burned.mp4");
    expect(
      ffprobe(withSubs.file)
        .streams.map((s) => s.codec_type)
        .sort(),
    ).toEqual(["audio", "video"]);
    // Each line's moment in the upload's own picture and in the burned one: pixels that changed between
    // two rows (of 48; rows 0-15 are the top third, 32-47 the bottom one, where subtitles sit).
    const changedRows = (line: number, fromRow: number, toRow: number) => {
      const middle = (edited[line].start + edited[line].end) / 2000;
      const a = frame(video, middle);
      const b = frame(withSubs.file, middle);
      return a.subarray(fromRow * 64, toRow * 64).reduce((n, byte, i) => {
        return n + (Math.abs(byte - b[fromRow * 64 + i]!) > 40 ? 1 : 0);
      }, 0);
    };
    for (const line of [1, 2]) expect(changedRows(line, 32, 48), texts[line]).toBeGreaterThan(8);
    // the typed codes are text: the line stays at the bottom, its size unchanged
    expect(changedRows(0, 0, 16)).toBeLessThan(3);
    expect(changedRows(0, 32, 48)).toBeGreaterThan(8);
  });

  it("regenerates one line and renders only that clip", async () => {
    const res = await api(
      ts.baseUrl,
      cookie,
      "POST",
      `/api/video/${id}/dub`,
      { language: "es", regenerate: [1] },
      { prefer: "wait=120" },
    );
    expect(res.status).toBe(200);
    expect(res.body.translation.report.totals.resynthesized).toBe(1);
    expect(res.body.translation.statusMessage).toMatch(/^1 of \d+ segments re-rendered$/);
    const past = await api(ts.baseUrl, cookie, "POST", `/api/video/${id}/dub`, {
      language: "es",
      regenerate: [99],
    });
    expect(past.status).toBe(400);
  });

  it("lets the picture wait: the video, its audio and its subtitles grow by the holds", async () => {
    const translation = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
    // the first line three times as long as its slot: more than 1.15x even with the silence after it
    const long =
      "Esta línea es mucho más larga que el tiempo que tiene, y el vídeo tendrá que esperar a que termine.";
    const edited = translation.transcript.map((seg: { text: string }, i: number) =>
      i === 0 ? { ...seg, text: long } : seg,
    );
    const saved = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/translation`, {
      language: "es",
      transcript: edited,
    });
    expect(saved.status).toBe(200);
    const res = await api(
      ts.baseUrl,
      cookie,
      "POST",
      `/api/video/${id}/dub`,
      { language: "es", timing: "picture-waits", background: "duck" },
      { prefer: "wait=180" },
    );
    expect(res.status).toBe(200);
    const t = res.body.translation;
    const { timing, segments } = t.report;
    expect(timing.mode).toBe("picture-waits");
    expect(timing.addedMs).toBeGreaterThan(500);
    // planned at most 1.15x; espeak-ng's rate is not exact, so a clip may come out a little shorter
    // than asked (the package's timing test, with an engine whose rate is exact, checks the 1.15x itself)
    expect(Math.max(...segments.map((x: { plannedSpeed: number }) => x.plannedSpeed))).toBeLessThanOrEqual(
      1.15,
    );
    expect(Math.max(...segments.map((x: { speed: number }) => x.speed))).toBeLessThanOrEqual(1.3);
    const mp4 = await download(t.finalVideoUrl, "waits.mp4");
    const streams = ffprobe(mp4.file).streams;
    const length = (type: string) => Number(streams.find((x) => x.codec_type === type)?.duration);
    const original = Number(ffprobe(video).format.duration);
    expect(Math.abs(length("video") - (original + timing.addedMs / 1000))).toBeLessThan(0.15);
    expect(Math.abs(length("video") - length("audio"))).toBeLessThan(0.15);
    // the downloaded subtitles are on the dub's timeline: the second line starts after the first's hold
    const srt = await (
      await fetch(`${ts.baseUrl}/api/video/${id}/subtitles/es.srt`, { headers: { cookie } })
    ).text();
    const starts = [...srt.matchAll(/^(\d\d):(\d\d):(\d\d),(\d{3}) -->/gm)].map(
      ([, h, m, sec, ms]) => ((Number(h) * 60 + Number(m)) * 60 + Number(sec)) * 1000 + Number(ms),
    );
    expect(starts[1]).toBe(edited[1].start + timing.waits[0].ms);
    expect(Math.max(...starts)).toBeLessThan(length("video") * 1000);
  });

  it("puts every language on the waiting dub's timeline in the all-languages file: the picture held, the original sound stretched alike", async () => {
    const t = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
    const addedMs = t.report.timing.addedMs;
    expect(addedMs).toBeGreaterThan(500);
    const all = await download(`/api/video/${id}/dubs/all-languages.mp4`, "all-waits.mp4");
    expect(all.res.headers.get("x-dubs-left-out")).toBeNull();
    const streams = ffprobe(all.file).streams;
    const expected = Number(ffprobe(video).format.duration) + addedMs / 1000;
    const lengths = streams.map((s) => [s.codec_type, s.tags?.language, Number(s.duration)]);
    expect(lengths.map(([type]) => type)).toEqual(["video", "audio", "audio"]);
    expect(lengths.slice(1).map(([, language]) => language)).toEqual(["eng", "spa"]);
    for (const [type, language, seconds] of lengths)
      expect(Math.abs((seconds as number) - expected), `${type} ${language}`).toBeLessThan(0.15);
  });

  it("6. streams at most 2 WAV files per user at once (each is an ffmpeg process while it lasts)", async () => {
    // Five minutes of dubbed audio: 55 MB of WAV, more than the connections can buffer, so a client that
    // stops reading keeps its ffmpeg process running.
    const long = path.join(tmp.path, `${mode}-long.m4a`);
    execFileSync(
      "ffmpeg",
      ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=300"].concat([
        "-ac",
        "2",
        "-ar",
        "48000",
        "-c:a",
        "aac",
        "-b:a",
        "48k",
        long,
      ]),
    );
    await ts.server.storage.putFile(dubKeys(id, "es").m4a, long, "audio/mp4");
    const wavPath = `/api/video/${id}/dubs/es/audio.wav`;
    const open = async () => {
      const abort = new AbortController();
      const res = await fetch(`${ts.baseUrl}${wavPath}`, { headers: { cookie }, signal: abort.signal });
      // `res` stays referenced: fetch cancels the body of a response that is garbage-collected, which
      // would end the stream (and free its place) behind the test's back
      return { status: res.status, res, close: () => abort.abort() };
    };
    const idle = [await open(), await open()];
    expect(idle.map((s) => s.status)).toEqual([200, 200]);
    const third = await api(ts.baseUrl, cookie, "GET", wavPath);
    expect(third.status).toBe(429);
    expect(third.body.error).toEqual({
      code: "rate_limited",
      message: "You are already downloading 2 WAV files. Wait until one has finished.",
    });
    // A client that goes away gives its place back (once the server has seen the connection close).
    idle[0]!.close();
    let next = await open();
    for (let i = 0; i < 50 && next.status === 429; i++) {
      next.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      next = await open();
    }
    expect(next.status).toBe(200);
    next.close();
    idle[1]!.close();
  });

  it("6. gives a WAV stream's place back when the client leaves before the decoding starts", async () => {
    const wavPath = `/api/video/${id}/dubs/es/audio.wav`;
    const storage = ts.server.storage;
    const server = ts.server.app!.server;
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        server.getConnections((error, n) => (error ? reject(error) : resolve(n))),
      );
    // The server's look for the stored audio waits until the client has gone and the server has seen its
    // connection close: the close lands inside the handler's await, every time.
    const localCopy = storage.localCopy;
    let entered = (_: unknown) => {};
    let gone = Promise.resolve();
    storage.localCopy = async (...args) => {
      entered(null);
      await gone;
      return localCopy.apply(storage, args);
    };
    try {
      for (let i = 0; i < 3; i++) {
        const before = await connections();
        const inside = new Promise((resolve) => {
          entered = resolve;
        });
        let left = () => {};
        gone = new Promise<void>((resolve) => {
          left = resolve;
        });
        const request = http.get(`${ts.baseUrl}${wavPath}`, { headers: { cookie }, agent: false });
        request.on("error", () => {});
        await inside;
        request.destroy();
        while ((await connections()) >= before + 1) await new Promise((resolve) => setTimeout(resolve, 10));
        left();
      }
    } finally {
      storage.localCopy = localCopy;
      gone = Promise.resolve();
    }
    const res = await fetch(`${ts.baseUrl}${wavPath}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });
});
