import { describe, expect, it } from "vitest";
import { KEEP, toGlossary, toRows } from "./rows.ts";

describe("glossary form rows", () => {
  it("round-trips the API's entries, one row per kept term or translation", () => {
    const glossary = [
      { term: "Acme Cloud", keep: true },
      { term: "storage", translations: { es: "almacenamiento", fr: "stockage" } },
    ];
    const rows = toRows(glossary);
    expect(rows.map((r) => [r.term, r.target, r.translation])).toEqual([
      ["Acme Cloud", KEEP, ""],
      ["storage", "es", "almacenamiento"],
      ["storage", "fr", "stockage"],
    ]);
    expect(toGlossary(rows)).toEqual(glossary);
  });

  it("merges rows of one term in any case and drops blank ones", () => {
    const row = (term: string, target: string, translation = "") => ({ key: 0, term, target, translation });
    expect(
      toGlossary([row(" Acme ", KEEP), row("acme", "es", "Acme ES"), row("  ", KEEP), row("x", "es", " ")]),
    ).toEqual([{ term: "Acme", keep: true, translations: { es: "Acme ES" } }, { term: "x" }]);
  });
});
