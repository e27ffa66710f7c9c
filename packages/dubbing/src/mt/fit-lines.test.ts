import { describe, expect, it } from "vitest";
import { EngineRegistry } from "../engines/registry.ts";
import type { MtEngine } from "../engines/types.ts";
import { translate } from "../pipeline/translate.ts";
import { charsPerSecond, lineBudget, overLongLines } from "./fit-lines.ts";

describe("lines that fit", () => {
  const lines = [
    { start: 0, end: 1000, text: "x".repeat(18) },
    { start: 1500, end: 2500, text: "x".repeat(19) },
    { start: 2500, end: 3500, text: "x".repeat(30) },
  ];

  it("budgets the slot and the silence before the next line (less the fit's gap) at 1.3×", () => {
    // line 1: 1000 ms slot + 400 ms of the 500 ms pause → 1.4 s × 14 chars/s × 1.3 = 25.48
    expect(lineBudget(lines, 0, "es")).toBe(25);
    // line 2: no pause after it → 1 s × 14 × 1.3 = 18.2
    expect(lineBudget(lines, 1, "es")).toBe(18);
    // the last line may use the silence up to the media's end
    expect(lineBudget(lines, 2, "es", { mediaEnd: 4600 })).toBe(36);
    expect(charsPerSecond("ja")).toBe(7);
    expect(lineBudget(lines, 1, "ja")).toBe(9);
  });

  it("lists the lines over their budget", () => {
    expect(overLongLines(lines, "es")).toEqual([
      { index: 1, budget: 18 },
      { index: 2, budget: 18 },
    ]);
  });
});

describe("translate() asks an engine that can rewrite once more for the long lines", () => {
  const doc = {
    language: "en" as const,
    speakers: [{ id: "s1", name: "A", selectedVoice: "v" }],
    transcript: [
      { speaker: "s1", text: "Short.", start: 0, end: 3000 },
      { speaker: "s1", text: "A line that grows long.", start: 3000, end: 4000 },
    ],
  };
  // "translates" by making every line 40 characters; shortens to the budget it is given
  const asked: { text: string; budget: number }[][] = [];
  const engine = (canRewrite: boolean, id = "fake-mt"): MtEngine => ({
    id,
    kind: "mt",
    label: "fake",
    local: true,
    available: async () => ({ ok: true }),
    pairs: async () => [{ from: "en", to: "es" }],
    route: async () => ["en", "es"],
    translate: async (texts) => ({
      texts: texts.map((t) => t.padEnd(40, "!")),
      route: ["en", "es"],
      params: {},
    }),
    ...(canRewrite && {
      shorten: async (items) => {
        asked.push(items.map(({ text, budget }) => ({ text, budget })));
        return items.map((x) => x.text.slice(0, x.budget));
      },
    }),
  });

  it("records the first rendering of a shortened line and the counts in meta", async () => {
    const registry = new EngineRegistry().register(engine(true));
    const out = await translate(doc, "es", { registry, durationMs: 4000 });
    expect(asked).toEqual([[{ text: "A line that grows long.".padEnd(40, "!"), budget: 18 }]]);
    expect(out.transcript[0]).toEqual({ ...doc.transcript[0], text: "Short.".padEnd(40, "!") });
    expect(out.transcript[1]).toEqual({
      ...doc.transcript[1],
      text: "A line that grows",
      shortenedFrom: "A line that grows long.".padEnd(40, "!"),
    });
    expect(out.meta?.translation?.fit).toEqual({ overLong: 1, shortened: 1 });
  });

  it("has another available engine rewrite when the translator cannot", async () => {
    asked.length = 0;
    const registry = new EngineRegistry().register(engine(false)).register(engine(true, "rewriter"));
    const out = await translate(doc, "es", { registry, durationMs: 4000, mtEngine: "fake-mt" });
    expect(out.meta?.translation?.id).toBe("fake-mt");
    expect(asked).toHaveLength(1);
    expect(out.meta?.translation?.fit).toEqual({ overLong: 1, shortened: 1 });
  });

  it("leaves long lines as they are when no engine can rewrite", async () => {
    const registry = new EngineRegistry().register(engine(false));
    const out = await translate(doc, "es", { registry, durationMs: 4000 });
    expect(out.transcript[1]!.shortenedFrom).toBeUndefined();
    expect(out.meta?.translation?.fit).toEqual({ overLong: 1, shortened: 0 });
  });
});
