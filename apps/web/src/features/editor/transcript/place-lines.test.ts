import { describe, expect, it } from "vitest";
import { placeOnSpeech, placeSegmentsOnSpeech } from "./place-lines.ts";

// 16 s of speech in four stretches, as the energy VAD finds a reader's pauses
const speech = [
  { start: 0, end: 1990 },
  { start: 2290, end: 5570 },
  { start: 6000, end: 11_000 },
  { start: 11_400, end: 17_130 },
];

describe("placeOnSpeech", () => {
  it("lays two typed lines over all of the speech in order, cut at the pause nearest their share", () => {
    const times = placeOnSpeech(
      ["The first sentence, about as long as", "the second one is, give or take."],
      speech,
    );
    expect(times).toEqual([
      { start: 0, end: 11_000 },
      { start: 11_400, end: 17_130 },
    ]);
  });

  it("cuts inside the speech when no pause is near, and keeps every line in order and inside the speech", () => {
    const times = placeOnSpeech(["a", "b", "c"], [{ start: 1000, end: 10_000 }]) ?? [];
    expect(times).toEqual([
      { start: 1000, end: 4000 },
      { start: 4000, end: 7000 },
      { start: 7000, end: 10_000 },
    ]);
    const many =
      placeOnSpeech(
        Array.from({ length: 9 }, (_, i) => `line ${i}`),
        speech,
      ) ?? [];
    for (let i = 1; i < many.length; i++) {
      expect(many[i]!.start).toBeGreaterThanOrEqual(many[i - 1]!.end);
      expect(many[i]!.end).toBeGreaterThan(many[i]!.start);
    }
    expect(many[0]!.start).toBe(0);
    expect(many.at(-1)!.end).toBe(17_130);
  });

  it("leaves the lines as they are with no speech to go by", () => {
    expect(placeOnSpeech(["a"], [])).toBeNull();
    const segs = [{ speaker: "s", text: "a", start: 0, end: 2000 }];
    expect(placeSegmentsOnSpeech(segs, [])).toEqual(segs);
    expect(placeSegmentsOnSpeech(segs, speech)).toEqual([{ speaker: "s", text: "a", start: 0, end: 17_130 }]);
  });
});
