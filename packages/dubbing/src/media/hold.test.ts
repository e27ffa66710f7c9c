import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ffmpegSync, tempDir } from "../testing/fixtures.ts";
import {
  atempoChain,
  concatScript,
  holdFilter,
  holdPieces,
  holdVideo,
  parseKeyframes,
  parseStreamFormat,
  soundStretches,
  stretchSoundArgs,
} from "./hold.ts";

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
  it("shows every frame from each hold on that much later, to the millisecond", () => {
    expect(
      holdFilter(
        [
          { at: 1, seconds: 0.583 },
          { at: 2.5, seconds: 0.25 },
        ],
        4,
      ),
    ).toBe("[0:v]setpts=PTS-STARTPTS,setpts='PTS+(gte(T,1)*0.583+gte(T,2.5)*0.25)/TB'[v]");
    // at the end no frame follows: the last one is repeated
    expect(holdFilter([{ at: 4, seconds: 0.3 }], 4)).toBe(
      "[0:v]setpts=PTS-STARTPTS,setpts='PTS+(0)/TB',tpad=stop_mode=clone:stop_duration=0.3[v]",
    );
  });

  it("cuts copied pieces by decoding time and keeps their length for what follows", () => {
    const pieces = holdPieces(keys, [{ at: 3000, ms: 1000 }], 10);
    expect(concatScript("/v/it's.mp4", pieces, ["/w/held-0.mp4"])).toBe(
      "ffconcat version 1.0\nfile '/v/it'\\''s.mp4'\ninpoint 0\noutpoint 1.92\nduration 2\n" +
        "file '/w/held-0.mp4'\nduration 3\nfile '/v/it'\\''s.mp4'\ninpoint 4\n",
    );
  });

  it("reads the stream's codec, pixel format and time scale", () => {
    expect(parseStreamFormat("h264,yuv420p,1/12800\n")).toEqual({
      codec: "h264",
      pixFmt: "yuv420p",
      timescale: 12800,
    });
    expect(parseStreamFormat("vp9,,N/A")).toEqual({ codec: "vp9", pixFmt: "yuv420p", timescale: 12800 });
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
  // the frame on screen at `t`, as a player shows it: a held frame lasts until the next one (the held
  // video keeps each frame's own time), so the frames are taken at 25 fps before the seek
  const frameAt = (file: string, t: number) =>
    execFileSync("ffmpeg", [
      ...["-v", "error", "-i", file, "-vf", "fps=25,scale=64:36,format=gray"],
      ...["-ss", String(t), "-frames:v", "1", "-f", "rawvideo", "-"],
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
      ...{ durationMs: 10_000, workDir: tmp.dir, output },
      waits: [
        { at: 3000, ms: 1000 },
        { at: 7000, ms: 500 },
        { at: 10_000, ms: 400 },
      ],
    });
    // the frame before each hold lasts through it, to the ms (no frame added but the last one's 10
    // copies at the end, within a frame)
    expect(probe(output, "-count_frames -show_entries stream=nb_read_frames")).toBe("260");
    expect(Math.abs(Number(probe(output, "-show_entries stream=duration")) - 11.9)).toBeLessThanOrEqual(0.04);
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

describe("soundStretches", () => {
  it("slows a window of three times the hold (at least 2 s) around it, joining windows that meet", () => {
    expect(soundStretches([{ at: 5000, ms: 1000 }], 60)).toEqual([{ from: 3.5, to: 6.5, tempo: 0.75 }]);
    expect(soundStretches([{ at: 5000, ms: 200 }], 60)).toEqual([{ from: 4, to: 6, tempo: 2 / 2.2 }]);
    const joined = soundStretches(
      [
        { at: 5000, ms: 1000 },
        { at: 6000, ms: 1000 },
      ],
      60,
    );
    expect(joined).toEqual([{ from: 3.5, to: 7.5, tempo: 4 / 6 }]);
  });

  it("keeps the window inside the sound at its ends", () => {
    expect(soundStretches([{ at: 10_000, ms: 400 }], 10)).toEqual([{ from: 8, to: 10, tempo: 2 / 2.4 }]);
    expect(soundStretches([{ at: 1000, ms: 3000 }], 4)).toEqual([{ from: 0, to: 4, tempo: 4 / 7 }]);
  });

  it("chains atempo below one half", () => {
    expect(atempoChain(0.75)).toBe("atempo=0.750000");
    expect(atempoChain(0.36)).toBe("atempo=0.600000,atempo=0.600000");
  });
});

describe("stretchSoundArgs (real ffmpeg)", () => {
  const tmp = tempDir("dub-stretch-");
  afterAll(() => tmp.cleanup());

  it("lengthens the sound by the holds and keeps its pitch", () => {
    const rate = 16_000;
    const input = join(tmp.dir, "in.f32");
    const output = join(tmp.dir, "out.f32");
    // 6 s of a 440 Hz tone
    const tone = Float32Array.from(
      { length: 6 * rate },
      (_, n) => 0.5 * Math.sin((2 * Math.PI * 440 * n) / rate),
    );
    writeFileSync(input, new Uint8Array(tone.buffer));
    const stretches = soundStretches([{ at: 3000, ms: 1000 }], 6);
    ffmpegSync(stretchSoundArgs(input, output, stretches, { sampleRate: rate, channels: 1 }));
    const out = new Float32Array(new Uint8Array(readFileSync(output)).buffer);
    expect(Math.abs(out.length / rate - 7)).toBeLessThan(0.02);
    // inside the slowed window the tone is still 440 Hz: count zero crossings over one second
    const second = out.subarray(3 * rate, 4 * rate);
    let crossings = 0;
    for (let n = 1; n < second.length; n++)
      if ((second[n - 1] as number) < 0 !== (second[n] as number) < 0) crossings++;
    expect(Math.abs(crossings / 2 - 440)).toBeLessThan(5);
  });
});
