import { describe, expect, it } from "vitest";
import { corpusChrf, sentenceChrf } from "./chrf.ts";

// Expected figures printed by sacreBLEU 2.6.0 (CHRF() defaults: sentence_score and corpus_score).
const CASES: [string, string, number][] = [
  ["Me Demasiado, dejado nos.", "A mí también, déjanos.", 16.732140534164376],
  ["El gato está en la mesa.", "El gato está sobre la mesa.", 63.142473290686375],
  ["Hola", "Adiós amigo", 5.681818181818182],
  ["東京は日本の首都です。", "日本の首都は東京です。", 42.288359788359784],
  ["", "abc", 0],
  ["Der Hund läuft schnell nach Hause.", "Der Hund rennt schnell heim.", 46.20757139793522],
];

describe("chrF (sacreBLEU's definition)", () => {
  it.each(CASES)("%s against %s", (hyp, ref, expected) => {
    expect(sentenceChrf(hyp, ref)).toBeCloseTo(expected, 9);
  });
  it("a corpus sums the statistics before scoring", () => {
    const score = corpusChrf(
      CASES.map((c) => c[0]),
      CASES.map((c) => c[1]),
    );
    expect(score).toBeCloseTo(39.14519740229896, 9);
  });
  it("a line identical to its reference scores 100", () => {
    expect(sentenceChrf("Guten Morgen, Welt.", "Guten Morgen, Welt.")).toBe(100);
  });
});
