import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ffmpegSync, tempDir } from "../testing/fixtures.ts";
import { concatScript, holdFilter, holdPieces, holdVideo, parseKeyframes } from "./hold.ts";

const keys = [0, 2, 4, 6, 8].map((t) => ({ pts: t, dts: t - 0.08 }));

describe("holdPieces", () => {
  it("encodes again only the stretch between the keyframes around each hold, joining stretches that meet", () => {
    const pieces = holdPieces(
      keys,
      [
        { at: 3000, ms: 1000 },
        { at: 3500, ms: 500 },
        { at: 7000, ms: 250 },
      ],
      10,
    );
    expect(pieces).toEqual([
      { kind: "copy", from: 0, to: 2, outpoint: 1.92 },
      {
        kind: "hold",
        from: 2,
        to: 4,
        holds: [
          { at: 1, seconds: 1 },
          { at: 1.5, seconds: 0.5 },
        ],
      },
      { kind: "copy", from: 4, to: 6, outpoint: 5.92 },
      { kind: "hold", from: 6, to: 8, holds: [{ at: 1, seconds: 0.25 }] },
      { kind: "copy", from: 8, to: 10, outpoint: null },
    ]);
  });

  it("holds at the end of the video after its last keyframe", () => {
    expect(holdPieces(keys, [{ at: 10_000, ms: 300 }], 10).at(-1)).toEqual({
      kind: "hold",
      from: 8,
      to: 10,
      holds: [{ at: 2, seconds: 0.3 }],
    });
  });
});

describe("holdFilter and concatScript", () => {
  it("freezes the last frame before each hold and joins the parts", () => {
    expect(holdFilter([{ at: 1, seconds: 0.5 }])).toBe(
      "[0:v]split=2[s0][s1];[s0]trim=end=1,setpts=PTS-STARTPTS,tpad=stop_mode=clone:stop_duration=0.5[p0];" +
        "[s1]trim=start=1,setpts=PTS-STARTPTS[p1];[p0][p1]concat=n=2:v=1:a=0[v]",
    );
  });

  it("cuts copied pieces by decoding time and keeps their length for what follows", () => {
    const pieces = holdPieces(keys, [{ at: 3000, ms: 1000 }], 10);
    expect(concatScript("/v/it's.mp4", pieces, ["/w/held-0.mp4"])).toBe(
      "ffconcat version 1.0\nfile '/v/it'\\''s.mp4'\ninpoint 0\noutpoint 1.92\nduration 2\n" +
        "file '/w/held-0.mp4'\nduration 3\nfile '/v/it'\\''s.mp4'\ninpoint 4\n",
    );
  });

  it("reads keyframes from ffprobe's packets", () => {
    expect(parseKeyframes("0.000000,-0.080000,K_\n0.040000,0.000000,__\n2.000000,1.920000,K_\n")).toEqual([
      { pts: 0, dts: -0.08 },
      { pts: 2, dts: 1.92 },
    ]);
  });
});

describe("holdVideo (real ffmpeg)", () => {
  const tmp = tempDir("dub-hold-");
  afterAll(() => tmp.cleanup());
  const probe = (file: string, entries: string) =>
    execFileSync("ffprobe", [
      "-v",
      "error",
      "-select_streams",
      "v:0",
      ...entries.split(" "),
      "-of",
      "csv=p=0",
      file,
    ])
      .toString()
      .trim();
  // one frame at a time on the file's timeline, small and grey: stretches encoded again are not bit-exact
  const frameAt = (file: string, t: number) =>
    execFileSync("ffmpeg", [
      ...["-v", "error", "-ss", String(t), "-i", file, "-frames:v", "1"],
      ...["-vf", "scale=64:36,format=gray", "-f", "rawvideo", "-"],
    ]);
  const difference = (a: Buffer, b: Buffer) =>
    a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] as number)), 0) / a.length;
  const looksLike = (a: Buffer, b: Buffer) => difference(a, b) < 2;

  it("lengthens the picture by the holds, freezes it there, and decodes cleanly", async () => {
    const video = join(tmp.dir, "in.mp4");
    ffmpegSync([
      ...["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-t", "10"],
      ...["-c:v", "libx264", "-g", "50", "-bf", "3", "-pix_fmt", "yuv420p", video],
    ]);
    const output = join(tmp.dir, "held.mp4");
    await holdVideo({
      video: { path: video, demuxer: "mov", seconds: 10 },
      ...{ codec: "h264", pixFmt: "yuv420p", timescale: 12800, durationMs: 10_000, workDir: tmp.dir, output },
      waits: [
        { at: 3000, ms: 1000 },
        { at: 7000, ms: 500 },
      ],
    });
    expect(probe(output, "-count_frames -show_entries stream=nb_read_frames")).toBe(String(250 + 25 + 13));
    // no decoding error anywhere
    expect(execFileSync("ffmpeg", ["-v", "error", "-i", output, "-f", "null", "-"]).toString()).toBe("");
    // during the first hold the picture is the original's last frame before 3 s; after it, the original
    // again (testsrc2 moves every frame, so another frame would differ)
    const before = frameAt(video, 2.96);
    expect(looksLike(frameAt(output, 3.5), before)).toBe(true);
    expect(looksLike(frameAt(output, 3.96), before)).toBe(true);
    expect(looksLike(frameAt(video, 3.5), before)).toBe(false);
    expect(looksLike(frameAt(output, 5.5), frameAt(video, 4.5))).toBe(true);
    expect(looksLike(frameAt(output, 10.5), frameAt(video, 9))).toBe(true);
  });
});
