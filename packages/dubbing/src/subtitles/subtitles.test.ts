import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { burnSubtitlesArgs } from "../media/args.ts";
import { runFfmpeg } from "../media/run.ts";
import { ffmpegSync, tempDir } from "../testing/fixtures.ts";
import { assText, bilingualCues, parseSrt, timestamp, toAss, toSrt, toVtt, wrap } from "./subtitles.ts";

describe("timestamp", () => {
  it("formats hours, minutes, seconds and milliseconds", () => {
    expect(timestamp(0, ",")).toBe("00:00:00,000");
    expect(timestamp(3_723_004, ",")).toBe("01:02:03,004");
    expect(timestamp(59_999.6, ".")).toBe("00:01:00.000");
    expect(timestamp(-5, ".")).toBe("00:00:00.000");
  });
});

describe("wrap", () => {
  it("wraps at word boundaries", () => {
    expect(wrap("one two three four", 9)).toEqual(["one two", "three", "four"]);
    expect(wrap("  a   b  ", 10)).toEqual(["a b"]);
    expect(wrap("supercalifragilistic is long", 5)).toEqual(["supercalifragilistic", "is", "long"]);
    expect(wrap("")).toEqual([]);
  });
});

describe("toSrt", () => {
  it("numbers cues in start order and skips empty or zero-length ones", () => {
    const srt = toSrt([
      { start: 2500, end: 4000, text: "Second." },
      { start: 0, end: 1200, text: "First." },
      { start: 5000, end: 6000, text: "   " },
      { start: 7000, end: 7000, text: "zero" },
    ]);
    expect(srt).toBe(
      "1\n00:00:00,000 --> 00:00:01,200\nFirst.\n\n2\n00:00:02,500 --> 00:00:04,000\nSecond.\n",
    );
  });
});

describe("toVtt", () => {
  it("has the header, dot milliseconds and escapes", () => {
    const vtt = toVtt([{ start: 1000, end: 2000, text: "Fish & chips <b> --> now" }]);
    expect(vtt).toBe("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nFish &amp; chips &lt;b> → now\n");
  });
  it("is just the header when there are no cues", () => {
    expect(toVtt([])).toBe("WEBVTT\n\n");
  });
});

describe("parseSrt", () => {
  it("reads back what toSrt wrote, a cue's lines joined", () => {
    const cues = [
      { start: 0, end: 1500, text: "Hello there, this line is long enough to wrap onto two lines" },
      { start: 3_723_004, end: 3_724_000, text: "Second" },
    ];
    expect(parseSrt(toSrt(cues))).toEqual(cues);
    expect(parseSrt("1\r\n00:00:01,000 --> 00:00:02,000\r\nA\r\n\r\n")).toEqual([
      { start: 1000, end: 2000, text: "A" },
    ]);
  });
});

describe("toAss", () => {
  it("escapes styling codes and backslash sequences so typed text shows as typed", () => {
    expect(assText("{\\an8}Top")).toBe("\\{\\\u2060an8\\}Top");
    expect(assText("a\\Nb c\\hd")).toBe("a\\\u2060Nb c\\\u2060hd");
    expect(assText("plain, text")).toBe("plain, text");
  });

  it("writes one Dialogue line per cue in centiseconds, lines broken with \\N", () => {
    const ass = toAss(
      [
        { start: 3_723_004, end: 3_724_506, text: "one two three" },
        { start: 0, end: 1000, text: "  " },
      ],
      7,
    );
    expect(ass).toMatch(/^\[Script Info\]\n/);
    expect(ass.trim().split("\n").at(-1)).toBe(
      "Dialogue: 0,1:02:03.00,1:02:04.51,Default,,0,0,0,,one two\\Nthree",
    );
  });
});

describe("subtitles burned in by libass (real ffmpeg)", () => {
  const t = tempDir();
  afterAll(t.cleanup);

  /** Changed pixels (of 64×48 gray) in the top and bottom thirds of a black video with `ass` burned in. */
  async function burned(ass: string) {
    const video = join(t.dir, "black.mp4");
    ffmpegSync([
      "-f",
      "lavfi",
      "-i",
      "color=c=black:s=320x240:d=1",
      "-c:v",
      "libx264",
      "-pix_fmt",
      "yuv420p",
      video,
    ]);
    const file = join(t.dir, "subs.ass");
    writeFileSync(file, ass);
    const out = join(t.dir, "burned.mp4");
    await runFfmpeg(burnSubtitlesArgs(video, file, out));
    const gray = execFileSync(
      "ffmpeg",
      ["-v", "error", "-ss", "0.5", "-i", out, "-frames:v", "1"].concat([
        "-vf",
        "scale=64:48,format=gray",
        "-f",
        "rawvideo",
        "-",
      ]),
    );
    const lit = (from: number, to: number) => gray.subarray(from * 64, to * 64).filter((v) => v > 60).length;
    return { top: lit(0, 16), bottom: lit(32, 48) };
  }

  it("shows typed {\\an8}{\\fs60} as text at the bottom instead of obeying it", async () => {
    const cue = { start: 0, end: 1000, text: "{\\an8}{\\fs60}TOP" };
    const escaped = await burned(toAss([cue]));
    expect(escaped.top).toBe(0);
    expect(escaped.bottom).toBeGreaterThan(10);
    // the same line unescaped is obeyed: big text at the top (what the escaping prevents)
    const raw = await burned(toAss([{ ...cue, text: "X" }]).replace(/,X\n$/, `,${cue.text}\n`));
    expect(raw.top).toBeGreaterThan(10);
  });
});

describe("two-language subtitles", () => {
  const original = [
    { start: 0, end: 2000, text: "Good morning." },
    { start: 2000, end: 3000, text: "How are you?" },
    { start: 4000, end: 5000, text: "Fine." },
  ];

  it("puts the original segments a translated cue covers above it", () => {
    const cues = bilingualCues(original, [
      { start: 0, end: 3000, text: "Buenos días, ¿cómo estás?" },
      { start: 4100, end: 4600, text: "Bien." },
      { start: 7000, end: 8000, text: "(nada)" },
    ]);
    expect(cues).toEqual([
      { start: 0, end: 3000, text: "Buenos días, ¿cómo estás?", above: "Good morning. How are you?" },
      { start: 4100, end: 4600, text: "Bien.", above: "Fine." },
      { start: 7000, end: 8000, text: "(nada)" },
    ]);
    // originals in any order pair the same
    expect(bilingualCues([...original].reverse(), [{ start: 0, end: 3000, text: "x" }])[0]!.above).toBe(
      "Good morning. How are you?",
    );
    expect(toSrt(cues.slice(1, 2))).toBe("1\n00:00:04,100 --> 00:00:04,600\nFine.\nBien.\n");
    expect(toVtt(cues.slice(1, 2))).toBe("WEBVTT\n\n00:00:04.100 --> 00:00:04.600\nFine.\nBien.\n");
    // burned in: the original line above the translated one, broken with \N
    expect(toAss(cues.slice(1, 2)).trim().split("\n").at(-1)).toBe(
      "Dialogue: 0,0:00:04.10,0:00:04.60,Default,,0,0,0,,Fine.\\NBien.",
    );
  });
});
