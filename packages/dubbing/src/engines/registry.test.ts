import { describe, expect, it } from "vitest";
import { DubError } from "../errors.ts";
import { EngineRegistry } from "./registry.ts";
import type { AsrEngine, MtEngine, TtsEngine } from "./types.ts";

const asr = (id: string, ok: boolean, languages: AsrEngine["languages"]): AsrEngine => ({
  id,
  kind: "asr",
  label: id,
  local: true,
  languages,
  capabilities: { wordTimes: true, speakerLabels: false },
  available: async () => (ok ? { ok } : { ok, reason: `${id} missing` }),
  transcribe: async () => ({ words: [], params: {} }),
});

const mt: MtEngine = {
  id: "fake-mt",
  kind: "mt",
  label: "fake",
  local: true,
  available: async () => ({ ok: true }),
  pairs: async () => [{ from: "en", to: "es" }],
  route: async (from, to) => (from === "en" && to === "es" ? ["en", "es"] : null),
  translate: async (texts) => ({ texts, route: ["en", "es"], params: {} }),
};

const tts: TtsEngine = {
  id: "fake-tts",
  kind: "tts",
  label: "fake",
  local: true,
  languages: ["en", "es"],
  capabilities: { rateControl: false, minRate: 1, maxRate: 1 },
  available: async () => ({ ok: true }),
  voices: () => [],
  synthesize: async () => ({ samples: new Float32Array(0), sampleRate: 16000 }),
};

describe("EngineRegistry", () => {
  it("picks the first available engine serving the language, or the preferred one", async () => {
    const r = new EngineRegistry()
      .register(asr("a", false, ["en"]))
      .register(asr("b", true, ["en"]))
      .register(asr("c", true, ["en", "de"]));
    expect((await r.pickAsr("en")).id).toBe("b");
    expect((await r.pickAsr("en", "c")).id).toBe("c");
    expect((await r.pickAsr("de")).id).toBe("c");
  });

  it("picks an engine that finds the spoken language only where one can right now", async () => {
    const detecting = { ...asr("d", true, ["en", "es"]), detectsLanguage: true };
    const r = new EngineRegistry().register(asr("b", true, ["en"]));
    await expect(r.pickAsrDetecting()).rejects.toMatchObject({ code: "no_engine" });
    expect((await r.register(detecting).pickAsrDetecting()).id).toBe("d");
  });

  it("says why no engine can serve a language", async () => {
    const r = new EngineRegistry().register(asr("a", false, ["en"])).register(asr("b", true, ["en"]));
    const err = await r.pickAsr("ja").catch((e) => e);
    expect(err).toBeInstanceOf(DubError);
    expect(err.code).toBe("no_engine");
    expect(err.message).toMatch(/a: a missing/);
    expect(err.message).toMatch(/b: does not serve Japanese/);
    await expect(new EngineRegistry().pickTts("en")).rejects.toMatchObject({ code: "no_engine" });
  });

  it("picks MT by route and reports per-language support", async () => {
    const r = new EngineRegistry()
      .register(mt)
      .register(tts)
      .register(asr("b", true, ["en"]));
    expect(await r.pickMt("en", "es")).toMatchObject({ engine: { id: "fake-mt" }, route: ["en", "es"] });
    await expect(r.pickMt("es", "en")).rejects.toMatchObject({ code: "no_engine" });
    const s = await r.support();
    expect(s).toHaveLength(21);
    const es = s.find((x) => x.code === "es")!;
    expect(es.tts).toEqual(["fake-tts"]);
    expect(es.asr).toEqual([]);
    expect(es.translateFrom).toEqual([{ from: "en", engine: "fake-mt", route: ["en", "es"] }]);
    expect(s.find((x) => x.code === "en")!.asr).toEqual(["b"]);
  });

  it("refuses the same engine twice", () => {
    expect(() => new EngineRegistry().register(tts).register(tts)).toThrow(/twice/);
  });
});
