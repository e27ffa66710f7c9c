import { describe, expect, it } from "vitest";
import { bilingualCues, timestamp, toSrt, toVtt, wrap } from "./subtitles.ts";

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
  });
});
