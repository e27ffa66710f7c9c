import { describe, expect, it } from "vitest";
import { createApertiumEngine } from "./apertium.ts";
import {
  containsTerm,
  type GlossaryEntry,
  glossaryFor,
  glossaryMisses,
  mergeGlossaries,
  protectTerms,
  replaceTerms,
} from "./glossary.ts";

const entries: GlossaryEntry[] = [
  { term: "Acme Cloud", keep: true },
  { term: "storage", translations: { es: "almacenamiento", fr: "stockage" } },
  { term: "Acme", keep: true },
  { term: "backup", translations: { fr: "sauvegarde" } },
];

describe("glossary terms", () => {
  it("gives the pairs for one target language, longest first, kept terms to themselves", () => {
    expect(glossaryFor(entries, "es")).toEqual([
      { source: "Acme Cloud", target: "Acme Cloud" },
      { source: "storage", target: "almacenamiento" },
      { source: "Acme", target: "Acme" },
    ]);
  });

  it("lets a project's entry replace the account's default for the same term, any case", () => {
    const merged = mergeGlossaries(
      [
        { term: "Storage", translations: { es: "depósito" } },
        { term: "Widget", keep: true },
      ],
      [{ term: "storage", translations: { es: "almacenamiento" } }],
    );
    expect(glossaryFor(merged, "es")).toEqual([
      { source: "storage", target: "almacenamiento" },
      { source: "Widget", target: "Widget" },
    ]);
  });

  it("matches whole words in any case, across runs of spaces, not inside other words", () => {
    expect(containsTerm("Try ACME   cloud now", "Acme Cloud")).toBe(true);
    expect(containsTerm("storages", "storage")).toBe(false);
    expect(containsTerm("cold-storage.", "storage")).toBe(true);
    expect(containsTerm("a (b", "(b")).toBe(true); // regex characters are literal
    expect(replaceTerms("Acme Cloud and Acme", glossaryFor(entries, "es"), (m) => `<${m}>`)).toBe(
      "<Acme Cloud> and <Acme>",
    );
  });

  it("protects terms with placeholders and restores the wanted targets", () => {
    const g = protectTerms(["Acme Cloud storage", "no terms"], glossaryFor(entries, "es"));
    expect(g.texts).toEqual(["ZXQ0QZ ZXQ1QZ", "no terms"]);
    expect(g.restore(["Zxq1qz de ZXQ0QZ", "sin"])).toEqual(["almacenamiento de Acme Cloud", "sin"]);
  });

  it("flags the segments whose term did not survive", () => {
    const pairs = glossaryFor(entries, "es");
    expect(
      glossaryMisses(
        ["Acme Cloud storage", "storage", "nothing"],
        ["Acme Nube almacenamiento", "almacenamiento", "nada"],
        pairs,
      ),
    ).toEqual([{ segment: 0, term: "Acme Cloud", expected: "Acme Cloud" }]);
  });
});

describe("Apertium with a glossary (real apertium, Debian pairs)", () => {
  const engine = createApertiumEngine();
  const glossary = glossaryFor(entries, "es");

  it("keeps brand names and puts the wanted translations, through a pivot too", async () => {
    const texts = ["Acme Cloud storage is great.", "We love Acme."];
    const plain = await engine.translate(texts, "en", "es");
    // without the glossary Apertium translates the name (what the glossary is for)
    expect(plain.texts[0]).not.toContain("Acme Cloud");
    const r = await engine.translate(texts, "en", "es", { glossary });
    expect(r.texts[0]).toContain("Acme Cloud");
    expect(r.texts[0]).toContain("almacenamiento");
    expect(r.texts[1]).toContain("Acme");
    expect(glossaryMisses(texts, r.texts, glossary)).toEqual([]);
    const pivot = await engine.translate(["Acme Cloud is here."], "en", "pt", {
      glossary: glossaryFor(entries, "pt"),
    });
    expect(pivot.route).toEqual(["en", "es", "pt"]);
    expect(pivot.texts[0]).toContain("Acme Cloud");
  });
});
