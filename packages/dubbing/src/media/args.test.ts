import { describe, expect, it } from "vitest";
import {
  aacEncodeArgs,
  atempoArgs,
  atempoManyArgs,
  audioOnlyArgs,
  burnSubtitlesArgs,
  decodeAudioArgs,
  extractAudioArgs,
  filterPath,
  mp4CanCopyVideo,
  muxArgs,
  normalizeVideoArgs,
  posterArgs,
  previewArgs,
} from "./args.ts";
import { seconds } from "./input.ts";

/** The value after the `nth` (0-based) occurrence of `flag`. */
function after(args: string[], flag: string, nth = 0): string | undefined {
  let i = -1;
  for (let k = 0; k <= nth; k++) {
    i = args.indexOf(flag, i + 1);
    if (i < 0) return undefined;
  }
  return args[i + 1];
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
  it("is muted H.264, at most 480 wide, at most 8 s, faststart, veryfast preset", () => {
    const a = previewArgs("in.mov", "p.mp4");
    expect(after(a, "-i")).toBe("in.mov");
    expect(a).toContain("-an");
    expect(after(a, "-c:v")).toBe("libx264");
    expect(after(a, "-vf")).toBe("scale='min(480,trunc(iw/2)*2)':-2");
    expect(after(a, "-t")).toBe("8");
    expect(after(a, "-movflags")).toBe("+faststart");
    expect(after(a, "-preset")).toBe("veryfast");
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

describe("atempoManyArgs", () => {
  it("gives each input its own atempo and output", () => {
    expect(
      atempoManyArgs([
        { input: "a.wav", output: "a2.wav", tempo: 1.25 },
        { input: "b.wav", output: "b2.wav", tempo: 1.3 },
      ]),
    ).toEqual([
      ...["-i", "a.wav", "-i", "b.wav", "-filter_complex", "[0:a]atempo=1.2500[s0];[1:a]atempo=1.3000[s1]"],
      ...["-map", "[s0]", "-c:a", "pcm_s16le", "-f", "wav", "a2.wav"],
      ...["-map", "[s1]", "-c:a", "pcm_s16le", "-f", "wav", "b2.wav"],
    ]);
    expect(() => atempoManyArgs([{ input: "a", output: "b", tempo: 0.1 }])).toThrow(RangeError);
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

describe("aacEncodeArgs", () => {
  it("reads float PCM from stdin and writes ADTS with the fast coder, 96 kb/s per channel", () => {
    const a = aacEncodeArgs(44100, 2, "a.aac");
    expect(a.slice(0, 8)).toEqual(["-f", "f32le", "-ar", "44100", "-ac", "2", "-i", "pipe:0"]);
    expect(after(a, "-c:a")).toBe("aac");
    expect(after(a, "-aac_coder")).toBe("fast");
    expect(after(a, "-aac_ms")).toBe("0");
    expect(after(a, "-b:a")).toBe("192k");
    expect(after(a, "-f", 1)).toBe("adts");
    expect(a.at(-1)).toBe("a.aac");
    const mono = aacEncodeArgs(44100, 1, "m.aac");
    expect(after(mono, "-b:a")).toBe("96k");
    expect(mono).not.toContain("-aac_ms");
  });
});

describe("muxArgs", () => {
  it("copies the video and the AAC stream, shifting the audio back by the encoder's priming", () => {
    const a = muxArgs({ file: "a.aac", sampleRate: 44100, delaySamples: 1024 }, "in.mov", "out.mp4");
    expect(a.slice(0, 6)).toEqual(["-itsoffset", "-0.023220", "-f", "aac", "-i", "a.aac"]);
    expect(a.filter((_x, i) => a[i - 1] === "-map")).toEqual(["1:v:0", "0:a:0"]);
    expect(after(a, "-c")).toBe("copy");
    expect(a).not.toContain("-c:a");
    expect(after(a, "-map_metadata")).toBe("1");
    expect(after(a, "-movflags")).toBe("+faststart");
    expect(a.at(-1)).toBe("out.mp4");
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

describe("subtitles burned in", () => {
  it("escapes the subtitle path for the filter graph", () => {
    expect(filterPath("/tmp/a b/subs.srt")).toBe("/tmp/a b/subs.srt");
    expect(filterPath("/tmp/it's:x,y.srt")).toBe("/tmp/it\\\\\\'s\\\\:x\\,y.srt");
  });

  it("draws the subtitles with libass and copies the audio", () => {
    const args = burnSubtitlesArgs("in.mp4", "/w/subs.srt", "out.mp4");
    expect(args).toContain(
      "subtitles=filename=/w/subs.srt:force_style='FontName=Sans,Outline=2,Shadow=0,MarginV=24'",
    );
    expect(args.slice(args.indexOf("-c:a"), args.indexOf("-c:a") + 2)).toEqual(["-c:a", "copy"]);
    expect(audioOnlyArgs("d.mp4", "d.m4a")).toEqual([
      "-i",
      "d.mp4",
      "-map",
      "0:a:0",
      "-vn",
      "-c:a",
      "copy",
      "-movflags",
      "+faststart",
      "d.m4a",
    ]);
  });
});
