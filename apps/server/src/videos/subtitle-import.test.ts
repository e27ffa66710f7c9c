import { describe, expect, it } from "vitest";
import { translationFromCues } from "./subtitle-import.ts";

const speakers = [
  { id: "speaker-1", name: "Ana", selectedVoice: "a" },
  { id: "speaker-2", name: "Ben", selectedVoice: "b" },
];

/** What the speaker of each cue must be: a pass over every original segment per cue. */
function naive(
  cues: { start: number; end: number }[],
  original: { speaker: string; start: number; end: number }[],
) {
  return cues.map((c) => {
    const overlap = (o: { start: number; end: number }) =>
      Math.min(o.end, c.end) - Math.max(o.start, c.start);
    const under = original.reduce<(typeof original)[number] | undefined>(
      (best, o) => (overlap(o) > 0 && (!best || overlap(o) > overlap(best)) ? o : best),
      undefined,
    );
    return under?.speaker ?? "speaker-1";
  });
}

describe("translationFromCues", () => {
  it("gives a named cue to its speaker and any other to the original segment it overlaps most", () => {
    const original = [
      { speaker: "speaker-2", start: 0, end: 1000 },
      { speaker: "speaker-1", start: 1000, end: 3000 },
    ];
    const cues = [
      { start: 0, end: 1500, text: "a" },
      { start: 1500, end: 2000, text: "b", speaker: "ana" },
      { start: 2000, end: 2600, text: "c", speaker: "Nobody" },
      { start: 5000, end: 6000, text: "d" },
    ];
    expect(translationFromCues(cues, speakers, original).map((s) => s.speaker)).toEqual([
      "speaker-2",
      "speaker-1",
      "speaker-1",
      "speaker-1",
    ]);
  });

  it("agrees with a pass over every segment, ties and unsorted segments included", () => {
    let x = 11;
    const next = (n: number) => {
      x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
      return x % n;
    };
    for (let round = 0; round < 300; round++) {
      const original = Array.from({ length: next(12) }, () => {
        const start = next(40) * 100;
        return { speaker: `speaker-${1 + next(5)}`, start, end: start + 100 * (1 + next(15)) };
      });
      let at = 0;
      const cues = Array.from({ length: next(12) }, () => {
        const start = at + next(5) * 100;
        at = start + 100 * (1 + next(10));
        return { start, end: at, text: "x" };
      });
      expect(translationFromCues(cues, speakers, original).map((s) => s.speaker)).toEqual(
        naive(cues, original),
      );
    }
  });

  it("pairs the longest file with the longest transcript in one pass", { timeout: 5000 }, () => {
    // No time asserted: a pass over all 20,000 original segments per cue took over a minute here, past
    // vitest's default 5 s timeout set on this test, holding the API's event loop inside the import's
    // transaction. Without the fix it fails by that timeout.
    const original = Array.from({ length: 20_000 }, (_, i) => ({
      speaker: `speaker-${1 + (i % 2)}`,
      start: i * 1000,
      end: i * 1000 + 900,
    }));
    const cues = Array.from({ length: 20_000 }, (_, i) => ({
      start: i * 1000 + 450,
      end: i * 1000 + 1350,
      text: "x",
    }));
    const segments = translationFromCues(cues, speakers, original);
    expect(segments.filter((s, i) => s.speaker !== `speaker-${1 + (i % 2)}`)).toEqual([]);
  });
});
