import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpegSync, makeTestVideo, tempDir } from "../testing/fixtures.ts";
import {
  allowedDemuxer,
  fileInputsOnly,
  inputArgs,
  measuredArgs,
  refusalKind,
  refusedDemuxer,
  seconds,
} from "./input.ts";
import { probe } from "./probe.ts";

describe("seconds", () => {
  it("formats seconds with millisecond precision, never negative", () => {
    expect(seconds(1.23456)).toBe("1.235");
    expect(seconds(0)).toBe("0");
    expect(seconds(-3)).toBe("0");
    expect(seconds(Number.NaN)).toBe("0");
  });
});

describe("input flags", () => {
  it("names the allowed demuxer of ffprobe's format name, or none", () => {
    expect(allowedDemuxer("mov,mp4,m4a,3gp,3g2,mj2")).toBe("mov");
    expect(allowedDemuxer("matroska,webm")).toBe("matroska");
    expect(allowedDemuxer("asf")).toBe("asf");
    for (const refused of ["hls", "concat", "image2", "png_pipe", "tty", "live_flv", "asf_o", ""])
      expect(allowedDemuxer(refused), refused).toBeNull();
  });

  it("forces a user's file's demuxer and its measured end; leaves our own files as they are", () => {
    const user = { path: "/w/original.mp4", demuxer: "mov", seconds: 42.0004 } as const;
    expect(inputArgs(user)).toEqual(["-f", "mov", "-i", "/w/original.mp4"]);
    expect(measuredArgs(user)).toEqual(["-t", "42"]);
    expect(inputArgs("/w/audio.wav")).toEqual(["-i", "/w/audio.wav"]);
    expect(measuredArgs("/w/audio.wav")).toEqual([]);
  });

  it("puts the protocol allow-list before every input", () => {
    expect(fileInputsOnly(["-f", "aac", "-i", "a.aac", "-i", "v.mp4", "-map", "1:v", "out.mp4"])).toEqual([
      ...["-f", "aac", "-protocol_whitelist", "file,pipe", "-i", "a.aac"],
      ...["-protocol_whitelist", "file,pipe", "-i", "v.mp4", "-map", "1:v", "out.mp4"],
    ]);
  });

  it("reads which demuxer ffmpeg refused, and what it is to the user", () => {
    const stderr =
      "[hls @ 0x55803035c6c0] Format not on whitelist 'mov,matroska'\nx.upload: Invalid argument";
    expect(refusedDemuxer(stderr)).toBe("hls");
    expect(refusedDemuxer("x.upload: Invalid data found when processing input")).toBeNull();
    expect(refusalKind("hls")).toBe("indirect");
    expect(refusalKind("concat")).toBe("indirect");
    expect(refusalKind("image2")).toBe("image");
    expect(refusalKind("png_pipe")).toBe("image");
    expect(refusalKind("tty")).toBe("not_media");
  });
});

describe("probe refuses files that name other files (real ffprobe)", () => {
  const t = tempDir();
  let victim = "";
  beforeAll(() => {
    victim = makeTestVideo(join(t.dir, "victim.mp4"), 2);
  });
  afterAll(t.cleanup);

  it("an HLS playlist, a concat script and an image sequence, whatever their name", async () => {
    const playlist = join(t.dir, "holiday.mp4");
    writeFileSync(
      playlist,
      `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10.0,\nfile://${victim}\n#EXT-X-ENDLIST\n`,
    );
    await expect(probe(playlist)).rejects.toMatchObject({ code: "indirect", message: /hls/ });
    const script = join(t.dir, "script.mp4");
    writeFileSync(script, "ffconcat version 1.0\nfile victim.mp4\n");
    await expect(probe(script)).rejects.toMatchObject({ code: "indirect", message: /concat/ });
    const frame = join(t.dir, "frame-001.jpg");
    ffmpegSync(["-f", "lavfi", "-i", "testsrc=size=64x64", "-frames:v", "1", frame]);
    await expect(probe(join(t.dir, "frame-%03d.jpg"))).rejects.toMatchObject({ code: "not_found" });
    await expect(probe(frame)).rejects.toMatchObject({ code: "image" });
  });
});
