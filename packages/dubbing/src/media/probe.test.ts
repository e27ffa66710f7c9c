import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpegSync, makeTestVideo, tempDir } from "../testing/fixtures.ts";
import { MediaError } from "./errors.ts";
import { assertHasVideo, parseProbeOutput, parseRate, probe } from "./probe.ts";

describe("parseRate", () => {
  it("reads ffprobe rationals", () => {
    expect(parseRate("25/1")).toBe(25);
    expect(parseRate("30000/1001")).toBe(29.97);
    expect(parseRate("0/0")).toBe(0);
    expect(parseRate(undefined)).toBe(0);
    expect(parseRate("abc")).toBe(0);
  });
});

describe("parseProbeOutput", () => {
  it("ignores cover art and falls back to r_frame_rate and stream durations", () => {
    const json = JSON.stringify({
      streams: [
        { codec_type: "video", codec_name: "mjpeg", disposition: { attached_pic: 1 } },
        { codec_type: "audio", codec_name: "aac", sample_rate: "44100", channels: 2, duration: "3.5" },
      ],
      format: { format_name: "mov,mp4,m4a,3gp,3g2,mj2" },
    });
    const r = parseProbeOutput(json, 100);
    expect(r.video).toBeNull();
    expect(r.demuxer).toBe("mov");
    expect(r.audio).toEqual({ codec: "aac", sampleRate: 44100, channels: 2 });
    expect(r.durationMs).toBe(3500);
    const v = parseProbeOutput(
      JSON.stringify({
        streams: [{ codec_type: "video", codec_name: "h264", avg_frame_rate: "0/0", r_frame_rate: "24/1" }],
        format: { format_name: "mov,mp4", duration: "1.0" },
      }),
      1,
    );
    expect(v.video?.fps).toBe(24);
  });
  it("rejects a format outside the allow-list even if ffprobe read it", () => {
    const hls = JSON.stringify({ streams: [{ codec_type: "video" }], format: { format_name: "hls" } });
    expect(() => parseProbeOutput(hls, 1)).toThrow(/hls format is not taken/);
  });
  it("rejects output with no streams or bad JSON", () => {
    expect(() => parseProbeOutput(JSON.stringify({ streams: [], format: {} }), 1)).toThrow(MediaError);
    expect(() => parseProbeOutput("{", 1)).toThrow(/unreadable/);
  });
});

describe("probe (real ffprobe)", () => {
  const t = tempDir();
  let video = "";
  let audioOnly = "";
  beforeAll(() => {
    video = makeTestVideo(join(t.dir, "v.mp4"), 2);
    audioOnly = join(t.dir, "a.wav");
    ffmpegSync(["-f", "lavfi", "-i", "sine=duration=1", audioOnly]);
  });
  afterAll(t.cleanup);

  it("describes a video with audio", async () => {
    const r = await probe(video);
    expect(r.durationMs).toBeGreaterThanOrEqual(1950);
    expect(r.durationMs).toBeLessThanOrEqual(2100);
    expect(r.video).toEqual({ codec: "h264", width: 320, height: 240, fps: 25 });
    expect(r.audio).toMatchObject({ codec: "aac", sampleRate: 48000, channels: 1 });
    expect(r.formatName).toContain("mp4");
    expect(r.sizeBytes).toBeGreaterThan(1000);
  });

  it("describes an audio file with video null, and assertHasVideo rejects it", async () => {
    const r = await probe(audioOnly);
    expect(r.video).toBeNull();
    expect(r.audio?.sampleRate).toBe(44100);
    expect(() => assertHasVideo(r)).toThrow(expect.objectContaining({ code: "no_video_stream" }));
  });

  it("throws not_found for a missing file", async () => {
    await expect(probe(join(t.dir, "nope.mp4"))).rejects.toMatchObject({ code: "not_found" });
  });

  it("throws not_media for an empty file, a text file and a truncated video", async () => {
    const empty = join(t.dir, "empty.mp4");
    writeFileSync(empty, "");
    await expect(probe(empty)).rejects.toMatchObject({ code: "not_media" });
    const text = join(t.dir, "text.mp4");
    writeFileSync(text, "this is not a video at all\n".repeat(50));
    await expect(probe(text)).rejects.toMatchObject({ code: "not_media" });
    await expect(probe(t.dir)).rejects.toMatchObject({ code: "not_media" });
  });

  it("throws aborted when the signal is already aborted", async () => {
    await expect(probe(video, { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: "aborted" });
  });
});
