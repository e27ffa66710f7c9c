import { describe, expect, it } from "vitest";
import {
  estimateNarrationSeconds,
  frameQuery,
  pickKeywords,
  splitIntoFrames,
  splitSentences,
  tokenize,
  wrapText,
} from "./frames.ts";

const seconds = (t: string) => estimateNarrationSeconds(t);

describe("estimateNarrationSeconds", () => {
  it("counts words at 2.5 words a second", () => {
    expect(estimateNarrationSeconds("one two three four five")).toBe(2);
    expect(estimateNarrationSeconds("  ")).toBe(0);
    expect(estimateNarrationSeconds("a b c d", 2)).toBe(2);
  });
});

describe("splitSentences", () => {
  it("splits at sentence ends and line breaks, keeping punctuation", () => {
    expect(splitSentences('Hello there. How are you?  "Fine!" she said\nNext line without stop')).toEqual([
      "Hello there.",
      "How are you?",
      '"Fine!" she said',
      "Next line without stop",
    ]);
  });
  it("does not split inside numbers", () => {
    expect(splitSentences("It costs 3.50 dollars. Cheap.")).toEqual(["It costs 3.50 dollars.", "Cheap."]);
  });
});

describe("splitIntoFrames", () => {
  it("merges short sentences up to the 3 s minimum", () => {
    const frames = splitIntoFrames(
      "Hi. Welcome to the show. Today we talk about oceans and the whales in them.",
    );
    for (const f of frames) expect(seconds(f)).toBeLessThanOrEqual(12);
    expect(frames[0]).toBe("Hi. Welcome to the show. Today we talk about oceans and the whales in them.");
  });

  it("keeps every frame within 3–12 s when the text allows", () => {
    const text = Array.from(
      { length: 12 },
      (_, i) => `Sentence number ${i} tells a short story about a traveller crossing the mountains.`,
    ).join(" ");
    const frames = splitIntoFrames(text);
    expect(frames.length).toBeGreaterThan(3);
    for (const f of frames) {
      expect(seconds(f)).toBeGreaterThanOrEqual(3);
      expect(seconds(f)).toBeLessThanOrEqual(12);
    }
    expect(frames.join(" ")).toBe(text);
  });

  it("splits an over-long sentence at commas, then evenly by words", () => {
    const clause = "the quick brown fox jumps over the lazy dog again and again";
    const long = `${clause}, ${clause}, ${clause}, ${clause}.`;
    const frames = splitIntoFrames(long);
    expect(frames.length).toBeGreaterThan(1);
    for (const f of frames) expect(seconds(f)).toBeLessThanOrEqual(12);
    const noCommas = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ");
    const even = splitIntoFrames(noCommas);
    expect(even.length).toBe(3);
    for (const f of even) expect(seconds(f)).toBeLessThanOrEqual(12);
    expect(even.join(" ")).toBe(noCommas);
  });

  it("joins a short tail to the frame before it", () => {
    const frames = splitIntoFrames(
      "This first sentence is long enough to stand on its own as a frame. The end.",
    );
    expect(frames).toEqual(["This first sentence is long enough to stand on its own as a frame. The end."]);
  });

  it("returns one frame for a lone short text and none for blank text", () => {
    expect(splitIntoFrames("Hello.")).toEqual(["Hello."]);
    expect(splitIntoFrames(" \n\n ")).toEqual([]);
  });
});

describe("pickKeywords", () => {
  it("drops stop words and ranks by frequency, then length", () => {
    expect(pickKeywords("The ocean is calm. The ocean is blue and the sky is bright.")).toEqual([
      "ocean",
      "bright",
      "calm",
    ]);
  });
  it("ignores numbers and short words", () => {
    expect(pickKeywords("In 2024 we go to Rome by car", 2)).toEqual(["rome", "car"]);
  });
  it("handles accents and apostrophes", () => {
    expect(tokenize("Café au lait, it’s déjà vu")).toEqual(["café", "au", "lait", "it's", "déjà", "vu"]);
  });
  it("builds a query, falling back to the title", () => {
    expect(frameQuery(["ocean", "whales", "calm"], "x")).toBe("ocean whales");
    expect(frameQuery([], "Mountain Trip")).toBe("mountain trip");
    expect(frameQuery([], "")).toBe("story");
  });
});

describe("wrapText", () => {
  it("wraps at word boundaries", () => {
    expect(wrapText("one two three four five", 9)).toEqual(["one two", "three", "four five"]);
    expect(wrapText("supercalifragilistic ok", 5)).toEqual(["supercalifragilistic", "ok"]);
  });
});
