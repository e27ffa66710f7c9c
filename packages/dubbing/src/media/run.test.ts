import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestVideo, tempDir } from "../testing/fixtures.ts";
import { extractAudioArgs, posterArgs, previewArgs } from "./args.ts";
import { probe } from "./probe.ts";
import { ffmpegSamples, floatsFromChunks, parseProgressLine, runFfmpeg } from "./run.ts";

describe("parseProgressLine", () => {
  it("reads out_time_us, out_time_ms (both microseconds) and progress=end", () => {
    expect(parseProgressLine("out_time_us=1500000")).toBe(1500);
    expect(parseProgressLine("out_time_ms=250000")).toBe(250);
    expect(parseProgressLine("progress=end")).toBe("end");
    expect(parseProgressLine("progress=continue")).toBeNull();
    expect(parseProgressLine("out_time_us=N/A")).toBeNull();
    expect(parseProgressLine("frame=12")).toBeNull();
    expect(parseProgressLine("garbage")).toBeNull();
  });
});

describe("floatsFromChunks", () => {
  const values = [1.5, -0.25, Math.PI, 1e-3, -12_345.678];
  const bytes = (write: (b: Buffer, v: number, at: number) => void) => {
    const b = Buffer.alloc(values.length * 4 + 2); // two trailing bytes short of a float
    values.forEach((v, i) => {
      write(b, v, i * 4);
    });
    // uneven chunks: floats straddle them
    return [b.subarray(0, 3), b.subarray(3, 8), b.subarray(8, 9), b.subarray(9, 9), b.subarray(9)];
  };

  it("joins little-endian floats split across chunks, dropping a partial one", () => {
    const chunks = bytes((b, v, at) => b.writeFloatLE(v, at));
    expect(floatsFromChunks(chunks, false)).toEqual(Float32Array.from(values));
    // each chunk let go once copied
    expect(chunks.every((c) => c.length === 0)).toBe(true);
  });

  it("swaps each float's bytes on a big-endian machine", () => {
    // on this (little-endian) machine, big-endian bytes are what a big-endian one would have to swap
    expect(
      floatsFromChunks(
        bytes((b, v, at) => b.writeFloatBE(v, at)),
        true,
      ),
    ).toEqual(Float32Array.from(values));
  });

  it("answers no samples for no bytes", () => {
    expect(floatsFromChunks([])).toEqual(new Float32Array(0));
    expect(floatsFromChunks([Buffer.alloc(3)])).toEqual(new Float32Array(0));
  });
});

describe("runFfmpeg (real ffmpeg)", () => {
  const t = tempDir();
  let video = "";
  beforeAll(() => {
    video = makeTestVideo(join(t.dir, "in.mp4"), 10);
  });
  afterAll(t.cleanup);

  it("extracts 16 kHz mono audio and reports increasing progress ending at 1", async () => {
    const out = join(t.dir, "a.wav");
    const seen: number[] = [];
    await runFfmpeg(extractAudioArgs(video, out), { durationMs: 10_000, onProgress: (f) => seen.push(f) });
    const p = await probe(out);
    expect(p.audio).toEqual({ codec: "pcm_s16le", sampleRate: 16000, channels: 1 });
    expect(Math.abs(p.durationMs - 10_000)).toBeLessThan(100);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
  });

  it("ffmpegSamples answers the float32 samples ffmpeg writes, as read one by one", async () => {
    const args = ["-i", video, "-vn", "-ac", "1", "-ar", "16000", "-f", "f32le"];
    const raw = execFileSync("ffmpeg", ["-v", "error", ...args, "-"], { maxBuffer: 1 << 26 });
    const want = new Float32Array(raw.length / 4).map((_, i) => raw.readFloatLE(i * 4));
    const got = await ffmpegSamples([...args, "pipe:3"]);
    expect(Math.abs(got.length - 160_000)).toBeLessThan(1600); // 10 s, give or take the codec's padding
    expect(got).toEqual(want);
  });

  it("makes a poster and a muted preview of at most 8 s, neither wider than the source", async () => {
    const poster = join(t.dir, "p.jpg");
    await runFfmpeg(posterArgs(video, poster, 1));
    // a JPEG is not a container probe() reads: ffprobe's own answer
    const size = execFileSync(
      "ffprobe",
      ["-v", "error", "-show_entries", "stream=codec_name,width,height"].concat(["-of", "csv=p=0", poster]),
      { encoding: "utf8" },
    );
    expect(size.trim()).toBe("mjpeg,320,240");
    const preview = join(t.dir, "preview.mp4");
    await runFfmpeg(previewArgs(video, preview), { durationMs: 8000 });
    const pv = await probe(preview);
    expect(pv.audio).toBeNull();
    expect(pv.video).toMatchObject({ codec: "h264", width: 320, height: 240 });
    expect(pv.durationMs).toBeLessThanOrEqual(8100);
    expect(pv.durationMs).toBeGreaterThan(7500);
  });

  it("makes a wider source's preview 480 px wide, and an odd-sized one's even", async () => {
    for (const [size, expected] of [
      ["1280x720", { width: 480, height: 270 }],
      ["321x241", { width: 320, height: 240 }],
    ] as const) {
      const source = join(t.dir, `${size}.mp4`);
      execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", `testsrc=size=${size}:duration=1`, source]);
      const preview = join(t.dir, `preview-${size}.mp4`);
      await runFfmpeg(previewArgs(source, preview));
      expect((await probe(preview)).video).toMatchObject({ codec: "h264", ...expected });
    }
  });

  it("reads a user's file with its demuxer forced and stops at its measured end", async () => {
    const out = join(t.dir, "measured.wav");
    await runFfmpeg(extractAudioArgs({ path: video, demuxer: "mov", seconds: 4 }, out));
    expect(Math.abs((await probe(out)).durationMs - 4000)).toBeLessThan(100);
    const forcedWrong = runFfmpeg(extractAudioArgs({ path: video, demuxer: "matroska", seconds: 4 }, out));
    await expect(forcedWrong).rejects.toMatchObject({ code: "ffmpeg_failed" });
  });

  it("follows no URL: every input is a local file or a pipe", async () => {
    const err = await runFfmpeg(["-i", "http://127.0.0.1:9/v.mp4", join(t.dir, "x.wav")]).catch((e) => e);
    expect(err).toMatchObject({ code: "ffmpeg_failed" });
    expect(String(err.message)).toMatch(/Protocol 'http' not on whitelist 'file,pipe'/);
  });

  it("throws ffmpeg_failed with ffmpeg's own message on bad input", async () => {
    const err = await runFfmpeg(["-i", join(t.dir, "missing.mp4"), join(t.dir, "x.wav")]).catch((e) => e);
    expect(err).toMatchObject({ code: "ffmpeg_failed" });
    expect(String(err.message)).toMatch(/No such file or directory/);
  });

  it("kills ffmpeg on abort and throws aborted", async () => {
    const out = join(t.dir, "slow.mp4");
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    const args = [
      "-re",
      "-f",
      "lavfi",
      "-i",
      "testsrc=duration=30",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      out,
    ];
    const started = Date.now();
    await expect(runFfmpeg(args, { signal: ac.signal })).rejects.toMatchObject({ code: "aborted" });
    // -re paces at 1x, so finishing before 30 s proves the process was killed (not a timing assertion)
    expect(Date.now() - started).toBeLessThan(29_000);
  });

  it("hands an output of pipe:3 to its reader and waits for it", async () => {
    // 2 s of 8 kHz mono float32 from the video's audio
    let bytes = 0;
    await runFfmpeg(["-i", video, "-t", "2", "-ac", "1", "-ar", "8000", "-f", "f32le", "pipe:3"], {
      output: async (pcm) => {
        for await (const chunk of pcm) bytes += (chunk as Buffer).length;
        await new Promise((r) => setTimeout(r, 50)); // still busy after the end: runFfmpeg waits
      },
    });
    expect(bytes).toBe(2 * 8000 * 4);
  });

  it("stops ffmpeg when the reader of pipe:3 fails, and throws the reader's error", async () => {
    // an endless source: without the stop, ffmpeg would block on the full pipe forever
    const args = ["-f", "lavfi", "-i", "sine=frequency=440", "-f", "f32le", "pipe:3"];
    const failing = runFfmpeg(args, {
      output: async (pcm) => {
        for await (const _ of pcm) throw new Error("reader failed");
      },
    });
    await expect(failing).rejects.toThrow("reader failed");
  });

  it("rejects at once when the signal is already aborted", async () => {
    await expect(runFfmpeg(["-version"], { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: "aborted",
    });
  });
});
