import { describe, expect, it } from "vitest";
import { edgesFromModes, joinForApertium, splitFromApertium } from "./apertium.ts";
import { findRoute } from "./routes.ts";

const MODES = [
  "cat-eng",
  "cat-eng_US",
  "eco-es-fr",
  "eng-cat",
  "eng-cat_valencia",
  "eng-spa",
  "es-fr",
  "es-pt",
  "es-pt_BR",
  "fr-es",
  "ita-spa",
  "pt-es",
  "spa-eng",
  "spa-eng_US",
  "spa-ita",
];

describe("edgesFromModes", () => {
  it("maps mode names to our codes, prefers pt_BR and eng_US, ignores other variants", () => {
    const e = edgesFromModes(MODES);
    const modeOf = (from: string, to: string) => e.find((x) => x.from === from && x.to === to)?.mode;
    expect(modeOf("en", "es")).toBe("eng-spa");
    expect(modeOf("es", "en")).toBe("spa-eng_US");
    expect(modeOf("es", "pt")).toBe("es-pt_BR");
    expect(modeOf("en", "ca")).toBe("eng-cat");
    expect(modeOf("ca", "en")).toBe("cat-eng_US");
    expect(e.some((x) => x.mode.startsWith("eco"))).toBe(false);
    expect(e.some((x) => x.mode.includes("valencia"))).toBe(false);
    expect(e).toHaveLength(10);
  });
});

describe("findRoute", () => {
  const edges = edgesFromModes(MODES);
  it("uses a direct pair when there is one", () => {
    expect(findRoute(edges, "en", "es")).toEqual(["en", "es"]);
  });
  it("pivots through Spanish", () => {
    expect(findRoute(edges, "en", "fr")).toEqual(["en", "es", "fr"]);
    expect(findRoute(edges, "en", "pt")).toEqual(["en", "es", "pt"]);
    expect(findRoute(edges, "fr", "it")).toEqual(["fr", "es", "it"]);
    expect(findRoute(edges, "pt", "en")).toEqual(["pt", "es", "en"]);
  });
  it("prefers the Spanish pivot over others of the same length", () => {
    const e = [
      { from: "en", to: "ca", mode: "a" },
      { from: "ca", to: "it", mode: "b" },
      { from: "en", to: "es", mode: "c" },
      { from: "es", to: "it", mode: "d" },
    ];
    expect(findRoute(e, "en", "it")).toEqual(["en", "es", "it"]);
  });
  it("returns null when no route exists", () => {
    expect(findRoute(edges, "en", "de")).toBeNull();
    expect(findRoute(edges, "ja", "en")).toBeNull();
  });
});

describe("apertium batching", () => {
  it("joins with blank lines and splits back, keeping empty segments empty", () => {
    const texts = ["Hello  world.", "", "The house\nis red."];
    const joined = joinForApertium(texts);
    expect(joined).toBe("Hello world.\n\n.\n\nThe house is red.");
    expect(splitFromApertium("Hola mundo.\n\n.\n\nLa casa es roja.\n", 3, texts)).toEqual([
      "Hola mundo.",
      "",
      "La casa es roja.",
    ]);
    expect(splitFromApertium("Hola mundo. La casa es roja.", 3, texts)).toBeNull();
  });
});
