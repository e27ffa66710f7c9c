import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { trimBounds } from "../audio/dsp.ts";
import { measureSpeech } from "../audio/prosody.ts";
import { nextRate, onTarget } from "../timing/rate.ts";
import { createPicoEngine, picoArgs, picoSpeedLevel, picoVoices } from "./pico.ts";

const seconds = (c: { samples: Float32Array; sampleRate: number }) => c.samples.length / c.sampleRate;

describe("pico arguments", () => {
  it("maps a rate to pico2wave's speed level along the measured curve", () => {
    expect(picoSpeedLevel(1)).toBe(100);
    expect(picoSpeedLevel(0.5)).toBeGreaterThan(40);
    expect(picoSpeedLevel(0.5)).toBeLessThan(60);
    expect(picoSpeedLevel(1.72)).toBe(200);
    expect(picoSpeedLevel(9)).toBe(picoSpeedLevel(2.2));
  });
  it("marks up the speed and escapes the text", () => {
    expect(picoArgs("es-ES", " Hola  <b> ", 1, "o.wav")).toEqual([
      "-l",
      "es-ES",
      "-w",
      "o.wav",
      '<speed level="100">Hola &lt;b&gt;</speed>',
    ]);
    expect(picoArgs("fr-FR", "Oui", 1.72, "o.wav")[4]).toBe('<speed level="200">Oui</speed>');
  });
  it("lists a female and a lowered male voice per locale, none for other languages", () => {
    expect(picoVoices("en").map((v) => `${v.id} ${v.gender}`)).toEqual([
      "en-US Female",
      "en-GB Female",
      "en-US+male Male",
      "en-GB+male Male",
    ]);
    expect(picoVoices("ja")).toEqual([]);
  });
});

describe("pico engine (real)", () => {
  const e = createPicoEngine();
  const text = "El tren de la mañana sale de Madrid a las ocho y llega a Sevilla antes del mediodía.";
  it("speaks Spanish, controls the rate, leaves no file behind", async () => {
    expect(await e.available()).toEqual({ ok: true });
    const before = (await readdir(tmpdir())).filter((f) => f.startsWith("dub-pico-")).length;
    const n = await e.synthesize({ text, voice: "es-ES", language: "es" });
    const f = await e.synthesize({ text, voice: "es-ES", language: "es", rate: 1.25 });
    expect(n.sampleRate).toBe(16000);
    expect(seconds(f) / seconds(n)).toBeCloseTo(0.8, 1);
    expect((await readdir(tmpdir())).filter((f) => f.startsWith("dub-pico-")).length).toBe(before);
    await expect(e.synthesize({ text, voice: "ja-JP", language: "es" })).rejects.toMatchObject({
      code: "no_engine",
    });
  });
  it("speaks its male voices in a man's range", async () => {
    const female = measureSpeech(
      (await e.synthesize({ text, voice: "es-ES", language: "es" })).samples,
      16000,
    );
    const male = measureSpeech(
      (await e.synthesize({ text, voice: "es-ES+male", language: "es" })).samples,
      16000,
    );
    expect(female.pitchHz).toBeGreaterThan(165);
    expect(male.pitchHz).toBeLessThan(150);
  });
  it("says a batch line by line and lowers its male lines in one shift, as long as one by one", async () => {
    const other = "Buenos días y bienvenidos al programa.";
    const reqs = [
      { text, voice: "es-ES+male", language: "es" as const },
      { text: other, voice: "es-ES+male", language: "es" as const, rate: 1.2 },
      { text: other, voice: "es-ES", language: "es" as const },
    ];
    const batch = await e.synthesizeMany!(reqs);
    expect(batch).toHaveLength(3);
    for (const [i, r] of reqs.entries()) {
      const alone = await e.synthesize(r);
      // the same length within 30 ms (the shift keeps the timing), a man's pitch where it should be
      expect(Math.abs(seconds(batch[i]!) - seconds(alone))).toBeLessThan(0.03);
      const pitch = measureSpeech(batch[i]!.samples, 16000).pitchHz;
      if (r.voice.endsWith("+male")) expect(pitch).toBeLessThan(150);
      else expect(pitch).toBeGreaterThan(165);
    }
  });
  it("lands a line within the tolerance with one rate correction along its measured curve", async () => {
    // as the dub measures a clip: trimmed of its silence
    const trimmedMs = async (line: string, rate: number) => {
      const c = await e.synthesize({ text: line, voice: "es-ES", language: "es", rate });
      const b = trimBounds(c.samples, c.sampleRate);
      return Math.round(((b.end - b.start) / c.sampleRate) * 1000);
    };
    const lines = [text, "¿Y qué pasó después con el proyecto del puente nuevo?"];
    const { minRate, maxRate, rateCurve: curve } = e.capabilities;
    const missed: string[] = [];
    for (const line of lines)
      for (const start of [1, 1.1])
        for (const speed of [0.93, 1.12, 1.25]) {
          const first = await trimmedMs(line, start);
          const target = Math.round(first / speed);
          const bounds = { minRate, maxRate, tolerance: 0.03, ...(curve && { curve }) };
          const rate = nextRate([{ rate: start, clipMs: first }], target, bounds) as number;
          const clipMs = await trimmedMs(line, rate);
          if (!onTarget(clipMs, target, 0.03)) missed.push(`${start}→${rate}: ${clipMs} for ${target}`);
        }
    expect(missed).toEqual([]);
  });
});
