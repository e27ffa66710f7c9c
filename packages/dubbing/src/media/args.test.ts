import { describe, expect, it } from "vitest";
import {
  atempoArgs,
  decodeAudioArgs,
  extractAudioArgs,
  mp4CanCopyVideo,
  muxArgs,
  normalizeVideoArgs,
  posterArgs,
  previewArgs,
  seconds,
} from "./args.ts";

function after(args: string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
}

describe("seconds", () => {
  it("keeps millisecond precision and clamps bad values to 0", () => {
    expect(seconds(1.23456)).toBe("1.235");
    expect(seconds(0)).toBe("0");
    expect(seconds(-3)).toBe("0");
    expect(seconds(Number.NaN)).toBe("0");
    expect(seconds(90)).toBe("90");
  });
});

describe("posterArgs", () => {
  it("seeks before the input, writes one frame, caps the width at 1280", () => {
    const a = posterArgs("in.mp4", "out.jpg", 2.5);
    expect(a.indexOf("-ss")).toBeLessThan(a.indexOf("-i"));
    expect(after(a, "-ss")).toBe("2.5");
    expect(after(a, "-i")).toBe("in.mp4");
    expect(after(a, "-frames:v")).toBe("1");
    expect(after(a, "-vf")).toBe("scale='min(1280,iw)':-2");
    expect(a.at(-1)).toBe("out.jpg");
  });
});

describe("previewArgs", () => {
  it("is muted H.264, 480 wide, at most 8 s, faststart, fast preset", () => {
    const a = previewArgs("in.mov", "p.mp4");
    expect(after(a, "-i")).toBe("in.mov");
    expect(a).toContain("-an");
    expect(after(a, "-c:v")).toBe("libx264");
    expect(after(a, "-vf")).toBe("scale=480:-2");
    expect(after(a, "-t")).toBe("8");
    expect(after(a, "-movflags")).toBe("+faststart");
    expect(after(a, "-preset")).toBe("fast");
    expect(after(a, "-pix_fmt")).toBe("yuv420p");
    // -t after -i: an output limit, not an input one
    expect(a.indexOf("-t")).toBeGreaterThan(a.indexOf("-i"));
    expect(a.at(-1)).toBe("p.mp4");
  });
});

describe("extractAudioArgs", () => {
  it("writes 16 kHz mono s16 WAV of the first audio stream", () => {
    const a = extractAudioArgs("in.mp4", "a.wav");
    expect(after(a, "-map")).toBe("0:a:0");
    expect(after(a, "-ar")).toBe("16000");
    expect(after(a, "-ac")).toBe("1");
    expect(after(a, "-c:a")).toBe("pcm_s16le");
    expect(after(a, "-f")).toBe("wav");
    expect(a.at(-1)).toBe("a.wav");
  });
});

describe("atempoArgs", () => {
  it("stretches with atempo, keeps WAV", () => {
    const a = atempoArgs("c.wav", "s.wav", 1.25);
    expect(after(a, "-af")).toBe("atempo=1.2500");
    expect(after(a, "-f")).toBe("wav");
    expect(() => atempoArgs("c.wav", "s.wav", 0.2)).toThrow(RangeError);
    expect(() => atempoArgs("c.wav", "s.wav", Number.NaN)).toThrow(RangeError);
  });
});

describe("decodeAudioArgs", () => {
  it("decodes the first audio stream to raw float", () => {
    const a = decodeAudioArgs("v.mp4", "bg.f32", 48000, 2);
    expect(after(a, "-map")).toBe("0:a:0");
    expect(after(a, "-ar")).toBe("48000");
    expect(after(a, "-ac")).toBe("2");
    expect(after(a, "-f")).toBe("f32le");
  });
});

describe("muxArgs", () => {
  it("copies the video stream and encodes the new audio to AAC", () => {
    const a = muxArgs({ file: "mix.f32", sampleRate: 48000, channels: 2 }, "in.mov", "out.mp4");
    expect(a.slice(0, 8)).toEqual(["-f", "f32le", "-ar", "48000", "-ac", "2", "-i", "mix.f32"]);
    expect(a.filter((_x, i) => a[i - 1] === "-map")).toEqual(["1:v:0", "0:a:0"]);
    expect(after(a, "-c:v")).toBe("copy");
    expect(after(a, "-c:a")).toBe("aac");
    expect(after(a, "-b:a")).toBe("192k");
    expect(after(a, "-aac_coder")).toBe("twoloop");
    expect(after(a, "-movflags")).toBe("+faststart");
    expect(a.at(-1)).toBe("out.mp4");
    expect(after(muxArgs({ file: "m", sampleRate: 48000, channels: 1 }, "v", "o"), "-b:a")).toBe("128k");
    expect(
      after(
        muxArgs({ file: "m", sampleRate: 48000, channels: 1 }, "v", "o", { coder: "fast" }),
        "-aac_coder",
      ),
    ).toBe("fast");
  });
});

describe("mp4CanCopyVideo / normalizeVideoArgs", () => {
  it("knows which codecs MP4 takes as they are", () => {
    expect(mp4CanCopyVideo("h264")).toBe(true);
    expect(mp4CanCopyVideo("vp9")).toBe(true);
    expect(mp4CanCopyVideo("vp8")).toBe(false);
    expect(mp4CanCopyVideo("theora")).toBe(false);
    expect(mp4CanCopyVideo("wmv2")).toBe(false);
  });
  it("converts to H.264 + AAC MP4, keeping audio when present", () => {
    const a = normalizeVideoArgs("in.webm", "out.mp4");
    expect(a.filter((_x, i) => a[i - 1] === "-map")).toEqual(["0:v:0", "0:a:0?"]);
    expect(after(a, "-c:v")).toBe("libx264");
    expect(after(a, "-c:a")).toBe("aac");
    expect(after(a, "-movflags")).toBe("+faststart");
  });
});
