// A TTS engine in memory for stage tests: a 220 Hz tone, 60 ms per character at rate 1 (faster rates
// shorten it: the length ∝ rate^-exponent, 1 unless a test wants an engine whose rate is not exact), so
// that clip lengths are known without an engine binary.
import type { LocalVoice, TtsEngine } from "../engines/types.ts";
import type { ResolvedVoice } from "../pipeline/voices.ts";

const FAKE_TTS_RATE = 22_050;
const TONE: LocalVoice = { engine: "fake", id: "tone", language: "en", gender: "Female", label: "Tone" };

export function fakeTtsEngine(calls: { text: string; rate: number }[] = [], exponent = 1): TtsEngine {
  return {
    id: "fake",
    kind: "tts",
    label: "Fake",
    local: true,
    languages: ["en", "es"],
    capabilities: { rateControl: true, minRate: 0.5, maxRate: 2 },
    available: async () => ({ ok: true }),
    voices: () => [TONE],
    synthesize: async ({ text, rate = 1 }) => {
      calls.push({ text, rate });
      const n = Math.round((text.length * 0.06 * FAKE_TTS_RATE) / rate ** exponent);
      const samples = new Float32Array(n);
      for (let i = 0; i < n; i++) samples[i] = 0.3 * Math.sin((2 * Math.PI * 220 * i) / FAKE_TTS_RATE);
      return { samples, sampleRate: FAKE_TTS_RATE };
    },
  };
}

export function fakeVoice(engine: TtsEngine = fakeTtsEngine()): ResolvedVoice {
  return { engine, voice: TONE };
}
