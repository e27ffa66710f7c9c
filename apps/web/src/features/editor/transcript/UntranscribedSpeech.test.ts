import { describe, expect, it } from "vitest";
import { backgroundSummary } from "../translation/BackgroundMode.tsx";
import { uncovered } from "./UntranscribedSpeech.tsx";

describe("uncovered", () => {
  it("keeps the stretches the draft does not cover for at least half of their length", () => {
    const stretches = [
      { start: 47_000, end: 61_000 },
      { start: 70_000, end: 72_000 },
    ];
    expect(uncovered(stretches, [{ start: 46_000, end: 52_000 }])).toEqual(stretches);
    expect(uncovered(stretches, [{ start: 47_000, end: 56_000 }])).toEqual([stretches[1]]);
  });
});

describe("backgroundSummary", () => {
  it("says what the last dub played under the voice, and why it ducked when it had to", () => {
    expect(backgroundSummary(null)).toBeNull();
    expect(backgroundSummary({ background: "keep", separation: { engine: "spectral" } })).toBe(
      "Music and effects kept (separated by spectral).",
    );
    expect(
      backgroundSummary({
        background: "duck",
        separation: { engine: null, reason: "too little speech-free audio" },
      }),
    ).toBe("The original was lowered instead of separated: too little speech-free audio.");
    expect(backgroundSummary({ background: "remove" })).toBe("New voice only");
  });
});
