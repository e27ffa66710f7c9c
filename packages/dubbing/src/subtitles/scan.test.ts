import { describe, expect, it } from "vitest";
import { collapseSpaces, isVttHeader, stripSpans, timingLine, voiceName } from "./scan.ts";

// The regular expressions the scanners replace: on short strings they must agree with them exactly.
const TIME = String.raw`(?:(\d{1,3}):)?(\d{1,2}):(\d{2})[,.](\d{1,3})`;
const TIMING = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}(?:[ \t]+.*)?$`);
const regexTiming = (line: string) => {
  const m = TIMING.exec(line);
  if (!m) return null;
  const ms = (h: string | undefined, mm: string, ss: string, f: string) =>
    Number(mm) > 59 || Number(ss) > 59
      ? null
      : Number(h ?? 0) * 3_600_000 + Number(mm) * 60_000 + Number(ss) * 1000 + Number(f.padEnd(3, "0"));
  return { start: ms(m[1], m[2]!, m[3]!, m[4]!), end: ms(m[5], m[6]!, m[7]!, m[8]!) };
};
const regexVoice = (s: string) => /<v(?:\.[^\s>]*)?[ \t]+([^>]+)>/.exec(s)?.[1]?.trim();

/** Seeded generator of short strings over the characters the patterns care about. */
function strings(alphabet: string[], count: number, seed = 7): string[] {
  let x = seed;
  const next = () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return x;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: next() % 24 }, () => alphabet[next() % alphabet.length]).join(""),
  );
}

describe("scanners agree with the patterns they replace", () => {
  it("time lines", () => {
    const pieces = [
      "0",
      "1",
      "5",
      "9",
      "00",
      "12",
      "123",
      ":",
      ",",
      ".",
      " ",
      "\t",
      "-->",
      "-",
      ">",
      "x",
      "\u2028",
      "\u00a0",
    ];
    const samples = [
      ...strings(pieces, 20_000),
      ...strings(["00:00:01,000", "1:02:03.4", "00:61:00,000", " ", "-->", "\t", "x", "\u2028", "0"], 5000),
      "00:01.000 --> 00:02.000 align:start position:10%",
      "1:02:03,4 --> 01:02:04,050",
      "00:00:01,0000 --> 00:00:02,000",
      "1234:00:00,000 --> 1234:00:01,000",
    ];
    expect(samples.filter((l) => JSON.stringify(timingLine(l)) !== JSON.stringify(regexTiming(l)))).toEqual(
      [],
    );
  });

  it("tags and ASS overrides", () => {
    const samples = strings(["<", ">", "{", "\\", "}", "a", " ", "\n", "i", "/"], 20_000);
    expect(samples.filter((s) => stripSpans(s, "<", ">") !== s.replace(/<[^>]*>/g, ""))).toEqual([]);
    expect(samples.filter((s) => stripSpans(s, "{\\", "}") !== s.replace(/\{\\[^}]*\}/g, ""))).toEqual([]);
  });

  it("voice spans", () => {
    const samples = strings(["<v", "<", "v", ".", " ", "\t", "\n", ">", "a", "\u00a0", "<v.", "<v "], 20_000);
    expect(samples.filter((s) => voiceName(s) !== regexVoice(s))).toEqual([]);
  });

  it("runs of spaces", () => {
    const samples = strings([" ", "\t", "\n", "\u00a0", "\u2028", "\ufeff", "a", "bc", "\u200b"], 20_000);
    expect(samples.filter((s) => collapseSpaces(s) !== s.replace(/\s+/g, " ").trim())).toEqual([]);
    expect(collapseSpaces(" ab  cd  ef ", 4)).toBe("ab cd");
  });

  it("the WebVTT header", () => {
    const samples = strings(["WEBVTT", "WEB", " ", "\t", "x", "\u2028", "-"], 5000);
    expect(samples.filter((s) => isVttHeader(s) !== /^WEBVTT(?:[ \t].*)?$/.test(s))).toEqual([]);
  });
});

describe("scanners read 2 MiB of hostile text", () => {
  // No time asserted: the patterns above take hours on these (quadratic), the scanners milliseconds.
  const big = (unit: string) => unit.repeat(Math.floor((2 * 1024 * 1024) / unit.length));

  it("leaves unclosed tags as they are", () => {
    expect(stripSpans(big("<"), "<", ">")).toHaveLength(2 * 1024 * 1024);
    expect(stripSpans(big("{\\"), "{\\", "}")).toHaveLength(2 * 1024 * 1024);
    expect(stripSpans(`${big("<a")}>`, "<", ">")).toBe("");
  });

  it("finds no voice in runs of unclosed spans, and the one after them", () => {
    expect(voiceName(big("<v "))).toBeUndefined();
    expect(voiceName(big("<v."))).toBeUndefined();
    expect(voiceName(`${big("<v.x")} Ana>`)).toBe(
      "<v.x".repeat(524_287).slice(0, 0) || voiceName(`<v.x Ana>`),
    );
  });

  it("refuses a time line padded with spaces before a line separator", () => {
    expect(timingLine(`00:00:01,000 --> 00:00:02,000${big(" ")}\u2028`)).toBeNull();
    expect(timingLine(`${big(" ")}00:00:01,000 --> 00:00:02,000`)).toEqual({ start: 1000, end: 2000 });
  });
});
