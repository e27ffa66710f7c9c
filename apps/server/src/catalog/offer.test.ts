import { EngineRegistry, type MtEngine, type TtsEngine } from "@dubbing/dubbing";
import { describe, expect, it } from "vitest";
import { serverOffer } from "./offer.ts";

const mt: MtEngine = {
  id: "mt",
  kind: "mt",
  label: "mt",
  local: true,
  available: async () => ({ ok: true }),
  pairs: async () => [],
  route: async (from, to) => (from === "en" && (to === "es" || to === "de") ? [from, to] : null),
  translate: async (texts) => ({ texts, route: [], params: {} }),
};

const tts = (id: string, ok: boolean, voices: string[]): TtsEngine => ({
  id,
  kind: "tts",
  label: id,
  local: true,
  languages: ["en", "es", "fr"],
  capabilities: { rateControl: false, minRate: 1, maxRate: 1 },
  available: async () => (ok ? { ok } : { ok, reason: "missing" }),
  voices: (language) => voices.map((v) => ({ engine: id, id: v, language, gender: "Female", label: v })),
  synthesize: async () => ({ samples: new Float32Array(0), sampleRate: 16000 }),
});

describe("serverOffer", () => {
  it("counts the languages a translation reaches and a voice speaks, and their distinct engine voices", async () => {
    const registry = new EngineRegistry()
      .register(mt)
      .register(tts("a", true, ["v1", "v2"]))
      .register(tts("b", true, ["v1"]))
      .register(tts("gone", false, ["x", "y", "z"]));
    // es: translated and spoken; de: translated, never spoken; fr and en: spoken, never reached
    expect(await serverOffer(registry)).toEqual({
      languages: 1,
      voices: 3,
      dubbed: [{ code: "es", name: "Spanish" }],
    });
  });
});
