import { describe, expect, it } from "vitest";
import { insertAfter, insertAt, mergeWithNext, removeAt, splitAtCaret, splitAtTime } from "./structure.ts";

const seg = (text: string, start: number, end: number, speaker = "s1") => ({ speaker, text, start, end });
const two = [seg("Hello there.", 0, 1000), seg("How are you?", 3000, 4000, "s2")];

describe("transcript structure", () => {
  it("puts a new line on the speech the audio has, not on a fixed two seconds", () => {
    const speech = [
      { start: 600, end: 2900 },
      { start: 3900, end: 6200 },
    ];
    // an empty transcript: the first line is the first speech
    expect(insertAt([], 0, { speaker: "s1", durationMs: 8000, speech }).segments[0]).toMatchObject({
      start: 600,
      end: 2900,
    });
    // after it, the next line is the next speech
    const one = [seg("Hola a todos.", 600, 2900)];
    expect(insertAfter(one, 0, { speaker: "s1", durationMs: 8000, speech }).segments[1]).toMatchObject({
      start: 3900,
      end: 6200,
    });
    // no speech in the room: two seconds, as before
    expect(
      insertAfter(one, 0, { speaker: "s1", durationMs: 8000, speech: [{ start: 600, end: 2900 }] })
        .segments[1],
    ).toMatchObject({
      start: 2900,
      end: 4900,
    });
  });

  it("adds a segment in the gap after one, at most two seconds long", () => {
    const { segments, index } = insertAfter(two, 0, { speaker: "s9", durationMs: 10_000 });
    expect(index).toBe(1);
    expect(segments[1]).toEqual({ speaker: "s1", text: "", start: 1000, end: 3000 });
    const last = insertAfter(two, 1, { speaker: "s9", durationMs: 10_000 }).segments[2];
    expect(last).toEqual({ speaker: "s2", text: "", start: 4000, end: 6000 });
    expect(insertAfter([], -1, { speaker: "s9", durationMs: 10_000 }).segments).toEqual([
      seg("", 0, 2000, "s9"),
    ]);
    // no room: a zero-length segment the user stretches
    const tight = [seg("a", 0, 1000), seg("b", 1000, 2000)];
    expect(insertAfter(tight, 0, { speaker: "s1", durationMs: 5000 }).segments[1]).toEqual(
      seg("", 1000, 1000),
    );
  });

  it("adds a segment at the player's position, in order", () => {
    const { segments, index } = insertAt(two, 1500, { speaker: "s9", durationMs: 10_000 });
    expect(index).toBe(1);
    expect(segments[1]).toEqual(seg("", 1500, 3000));
    expect(insertAt(two, 500, { speaker: "s9", durationMs: 10_000 }).segments[1]!.start).toBe(1000); // inside a segment: after it
    expect(insertAt(two, 9500, { speaker: "s9", durationMs: 10_000 }).segments[2]).toEqual(
      seg("", 9500, 10_000, "s2"),
    );
  });

  it("splits at the caret, dividing the time as the text", () => {
    const parts = splitAtCaret([seg("Hello there.", 0, 1200)], 0, 6);
    expect(parts).toEqual([seg("Hello", 0, 600), seg("there.", 600, 1200)]);
  });

  it("splits at the player's position, dividing the text at the nearest word boundary", () => {
    const parts = splitAtTime([seg("one two three four", 0, 1800)], 0, 900);
    expect(parts.map((p) => p.text)).toEqual(["one two", "three four"]);
    expect(parts.map((p) => [p.start, p.end])).toEqual([
      [0, 900],
      [900, 1800],
    ]);
  });

  it("merges with the next and deletes", () => {
    expect(mergeWithNext(two, 0)).toEqual([seg("Hello there. How are you?", 0, 4000)]);
    expect(mergeWithNext(two, 1)).toEqual(two);
    expect(removeAt(two, 0)).toEqual([two[1]]);
  });
});
