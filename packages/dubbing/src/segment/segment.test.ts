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
