import { describe, expect, it } from "vitest";
import { EngineRegistry } from "../engines/registry.ts";
import type { LocalVoice, TtsEngine } from "../engines/types.ts";
import { LANGUAGES } from "../languages.ts";
import { createEspeakEngine } from "../tts/espeak.ts";
import { resolveVoice } from "./voices.ts";

/** A cloud-like TTS engine whose voices are the catalogue values (like Azure's). */
function cloud(ok: boolean): TtsEngine {
  return {
    id: "cloud",
    kind: "tts",
    label: "Cloud",
    local: false,
    languages: LANGUAGES.map((l) => l.code),
    capabilities: { rateControl: true, minRate: 0.5, maxRate: 2 },
    available: async () => (ok ? { ok } : { ok, reason: "no key configured" }),
    voices: () => [],
    voiceFor: (value, language): LocalVoice => ({
      engine: "cloud",
      id: value,
      language,
      gender: "Female",
      label: value,
    }),
    synthesize: async () => ({ samples: new Float32Array(1), sampleRate: 16000 }),
  };
}

const ava = { id: "speaker-1", name: "A", selectedVoice: "en-US-AvaMultilingualNeural" };

describe("resolveVoice", () => {
  it("takes a configured cloud engine's own voice for a catalogue voice", async () => {
    const r = new EngineRegistry().register(cloud(true)).register(createEspeakEngine());
    const v = await resolveVoice(r, ava, "es");
    expect(v.engine.id).toBe("cloud");
    expect(v.voice.id).toBe("en-US-AvaMultilingualNeural");
    expect(v.catalogVoice).toBe("en-US-AvaMultilingualNeural");
  });
  it("falls back to the local mapping when the cloud engine is not configured", async () => {
    const r = new EngineRegistry().register(cloud(false)).register(createEspeakEngine());
    const v = await resolveVoice(r, ava, "es");
    expect(v.engine.id).toBe("espeak-ng");
    expect(v.voice.id).toMatch(/^es\+f\d$/);
  });
  it("gives a second speaker of the same voice another voice of the engine, not the first one's", async () => {
    const r = new EngineRegistry().register(createEspeakEngine());
    const andrew = { ...ava, selectedVoice: "en-US-AndrewMultilingualNeural" };
    const first = await resolveVoice(r, andrew, "es");
    const second = await resolveVoice(r, { ...andrew, id: "speaker-2" }, "es", {
      index: 1,
      taken: new Set([`espeak-ng/${first.voice.id}`]),
    });
    expect(first.voice.gender).toBe("Male");
    expect(second.voice.gender).toBe("Male");
    expect(second.voice.id).not.toBe(first.voice.id);
  });
  it("maps the default voice of a speaker without a choice the same way", async () => {
    const r = new EngineRegistry().register(cloud(true)).register(createEspeakEngine());
    const v = await resolveVoice(r, { ...ava, selectedVoice: "" }, "fr", { index: 1 });
    expect(v.engine.id).toBe("cloud");
    expect(v.catalogVoice).toBeTruthy();
  });
});

describe("resolveVoice with a cloned voice", () => {
  const clonedSpeaker = { id: "speaker-1", name: "Ana", selectedVoice: "cloned:elevenlabs:abc123" };
  const elevenlabs = (ok: boolean, languages = LANGUAGES.map((l) => l.code)): TtsEngine => ({
    ...cloud(ok),
    id: "elevenlabs",
    label: "ElevenLabs",
    languages,
  });
  it("speaks it with the engine that made it, with its own voice id, in any language it speaks", async () => {
    const r = new EngineRegistry().register(elevenlabs(true)).register(createEspeakEngine());
    for (const language of ["es", "ja"] as const) {
      const v = await resolveVoice(r, clonedSpeaker, language);
      expect(v.engine.id).toBe("elevenlabs");
      expect(v.voice).toMatchObject({ engine: "elevenlabs", id: "abc123", language });
      expect(v.catalogVoice).toBeUndefined();
    }
  });
  it("refuses, with the reason, rather than speak with another engine", async () => {
    const off = new EngineRegistry().register(elevenlabs(false)).register(createEspeakEngine());
    await expect(resolveVoice(off, clonedSpeaker, "es")).rejects.toMatchObject({
      code: "no_engine",
      message: expect.stringContaining(
        "Ana's cloned voice speaks with ElevenLabs, which is not available here (no key configured)",
      ),
    });
    const noThai = new EngineRegistry()
      .register(elevenlabs(true, ["en", "es"]))
      .register(createEspeakEngine());
    await expect(resolveVoice(noThai, clonedSpeaker, "th")).rejects.toThrow(/does not speak Thai/);
    const none = new EngineRegistry().register(createEspeakEngine());
    await expect(resolveVoice(none, clonedSpeaker, "es")).rejects.toThrow(/needs the elevenlabs engine/);
  });
});
