import { describe, expect, it } from "vitest";
import { labelsFromWords } from "./transcribe.ts";

describe("labelsFromWords", () => {
  const w = (speaker: string | undefined, start: number, end: number) => ({ text: "x", start, end, speaker });
  it("takes each utterance's majority speaker, numbered by first appearance", () => {
    expect(
      labelsFromWords([
        [w("B", 0, 100), w("A", 100, 150)],
        [w("A", 200, 400)],
        [w("B", 500, 600), w("C", 600, 900)],
      ]),
    ).toEqual([0, 1, 2]);
  });
  it("is null when a word has no speaker (the diarizer runs instead)", () => {
    expect(labelsFromWords([[w("A", 0, 1)], [w(undefined, 1, 2)]])).toBeNull();
    expect(labelsFromWords([])).toBeNull();
  });
});
