import { describe, expect, it } from "vitest";
import { createApertiumEngine } from "./apertium.ts";

describe("Apertium engine (real, Debian pairs)", () => {
  const e = createApertiumEngine();
  it("is available with the installed pairs", async () => {
    expect(await e.available()).toEqual({ ok: true });
    const pairs = await e.pairs();
    expect(pairs).toContainEqual({ from: "en", to: "es" });
    expect(pairs).toContainEqual({ from: "es", to: "pt" });
  });
  it("translates segment by segment, keeping empty segments and the order", async () => {
    const r = await e.translate(["The house is red.", "", "I like cats."], "en", "es");
    expect(r.route).toEqual(["en", "es"]);
    expect(r.texts).toHaveLength(3);
    expect(r.texts[0]).toMatch(/casa/i);
    expect(r.texts[1]).toBe("");
    expect(r.texts[2]).toMatch(/gatos/i);
  });
  it("pivots through Spanish and records the route", async () => {
    expect(await e.route("en", "pt")).toEqual(["en", "es", "pt"]);
    const r = await e.translate(["The house is red."], "en", "pt");
    expect(r.route).toEqual(["en", "es", "pt"]);
    expect(r.params.modes).toEqual(["eng-spa", "es-pt_BR"]);
    expect(r.texts[0]).toMatch(/casa/i);
  });
  it("has no route for pairs without data", async () => {
    expect(await e.route("en", "ja")).toBeNull();
    await expect(e.translate(["x"], "en", "ja")).rejects.toMatchObject({ code: "no_engine" });
  });
  it("reports the words a hop did not know, by line, and passes them on without marks", async () => {
    const r = await e.translate(["I like the zorblax.", "", "The dock is near the house."], "en", "fr");
    expect(r.route).toEqual(["en", "es", "fr"]);
    // "zorblax" is unknown from the first hop; "muelle" is the Spanish the Spanish–French hop did not know
    expect(r.unknownWords).toEqual({ 0: ["zorblax"], 2: ["muelle"] });
    expect(r.texts.join(" ")).not.toMatch(/[*#@]/);
    expect(r.texts[2]).toMatch(/muelle/);
    // nothing unknown, nothing reported
    expect((await e.translate(["The house is red."], "en", "es")).unknownWords).toBeUndefined();
  });
});
