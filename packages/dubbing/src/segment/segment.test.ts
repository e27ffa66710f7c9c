import { describe, expect, it } from "vitest";
import type { Word } from "../engines/types.ts";
import { segmentWords, sentenceText, snapToSpeech } from "./segment.ts";

const w = (text: string, start: number, end: number): Word => ({ text, start, end });

describe("segmentWords", () => {
  it("splits at pauses of at least pauseMs", () => {
    const u = segmentWords([w("a", 0, 300), w("b", 350, 600), w("c", 1100, 1400), w("d", 1450, 1700)], {
      pauseMs: 400,
    });
    expect(u.map((x) => [x.start, x.end, x.words.length])).toEqual([
      [0, 600, 2],
      [1100, 1700, 2],
    ]);
  });
  it("splits at given breaks (speaker changes) even without a pause", () => {
    const u = segmentWords([w("a", 0, 300), w("b", 320, 600), w("c", 620, 900)], { breaks: [610] });
    expect(u.map((x) => x.words.map((y) => y.text).join(""))).toEqual(["ab", "c"]);
  });
  it("keeps segments under maxMs by cutting at the longest inner gap", () => {
    const words: Word[] = [];
    for (let i = 0; i < 40; i++) words.push(w(`w${i}`, i * 1000, i * 1000 + (i === 19 ? 600 : 900)));
    const u = segmentWords(words, { maxMs: 15_000, pauseMs: 1000 });
    for (const x of u) expect(x.end - x.start).toBeLessThanOrEqual(15_000);
    expect(u.flatMap((x) => x.words)).toHaveLength(40);
    // the widest gap (after w19) is a cut
    expect(u.some((x) => x.words.at(-1)!.text === "w19")).toBe(true);
  });
  it("sorts words and handles an empty list", () => {
    expect(segmentWords([])).toEqual([]);
    const u = segmentWords([w("b", 500, 700), w("a", 0, 300)]);
    expect(u[0]!.words.map((x) => x.text)).toEqual(["a", "b"]);
  });
});

describe("sentenceText of formatted words (cloud engines)", () => {
  it("keeps their capitals and punctuation, and adds a full stop only when missing", () => {
    expect(sentenceText([w("Hello,", 0, 1), w("Mr.", 1, 2), w("Smith!", 2, 3)])).toBe("Hello, Mr. Smith!");
    expect(sentenceText([w("We", 0, 1), w("went", 1, 2), w("to", 2, 3), w("Paris", 3, 4)])).toBe(
      "We went to Paris.",
    );
  });
  it("joins Chinese and Japanese characters without spaces", () => {
    expect(sentenceText([w("我", 0, 1), w("们", 1, 2), w("走", 2, 3), w("吧。", 3, 4)])).toBe("我们走吧。");
    expect(sentenceText([w("東京", 0, 1), w("へ", 1, 2), w("行く", 2, 3)])).toBe("東京へ行く。");
  });
});

describe("segmentWords at sentence ends", () => {
  it("ends a segment after a punctuated sentence end followed by a short pause, not inside 'Mr. Smith'", () => {
    const words = [
      w("Hello", 0, 300),
      w("Mr.", 320, 500),
      w("Smith.", 510, 900),
      w("How", 1100, 1300),
      w("are", 1310, 1500),
      w("you?", 1510, 1800),
    ];
    const u = segmentWords(words);
    expect(u.map((x) => x.words.map((y) => y.text).join(" "))).toEqual(["Hello Mr. Smith.", "How are you?"]);
  });
  it("leaves unpunctuated words (pocketsphinx) to pauses alone", () => {
    const words = [w("hello", 0, 300), w("there", 500, 800), w("how", 1000, 1300)];
    expect(segmentWords(words)).toHaveLength(1);
  });
});

describe("sentenceText", () => {
  it("capitalises, fixes the pronoun I and ends with a full stop", () => {
    expect(sentenceText([w("i", 0, 1), w("think", 1, 2), w("i'm", 2, 3), w("new_york", 3, 4)])).toBe(
      "I think I'm new york.",
    );
    expect(sentenceText([])).toBe("");
  });
});

describe("snapToSpeech", () => {
  const u = (start: number, end: number) => ({ start, end, words: [] });
  it("moves edges to nearby speech edges", () => {
    expect(snapToSpeech([u(750, 2870)], [{ start: 600, end: 2880 }])).toEqual([u(600, 2880)]);
  });
  it("ignores speech edges that are too far or belong to a neighbour", () => {
    expect(snapToSpeech([u(1000, 2000)], [{ start: 500, end: 2600 }])).toEqual([u(1000, 2000)]);
    // one VAD region spanning two utterances: inner edges stay
    const r = snapToSpeech([u(100, 1000), u(1100, 2000)], [{ start: 90, end: 2010 }]);
    expect(r).toEqual([u(90, 1000), u(1100, 2010)]);
  });
});
