import { describe, expect, it } from "vitest";
import { trimBounds } from "../audio/dsp.ts";
import { LANGUAGES } from "../languages.ts";
import { createEspeakEngine, ESPEAK_BASE, espeakArgs, espeakWpm } from "./espeak.ts";
import { createFliteEngine, fliteArgs } from "./flite.ts";

const seconds = (c: { samples: Float32Array; sampleRate: number }) => {
  const b = trimBounds(c.samples, c.sampleRate);
  return (b.end - b.start) / c.sampleRate;
};

describe("espeak-ng arguments", () => {
  it("maps the rate to words per minute within espeak's range", () => {
    expect(espeakWpm(1)).toBe(175);
    expect(espeakWpm(1.2)).toBe(210);
    expect(espeakWpm(0.1)).toBe(80);
    expect(espeakWpm(9)).toBe(450);
    expect(espeakArgs("es+f3", 1.2)).toEqual(["-v", "es+f3", "-s", "210", "-b", "1", "--stdin", "--stdout"]);
  });
  it("has a base voice for every app language", () => {
    for (const { code } of LANGUAGES) expect(ESPEAK_BASE[code]).toBeTruthy();
  });
});

describe("flite arguments", () => {
  it("turns the rate into duration_stretch and keeps the text one argument", () => {
    expect(fliteArgs("slt", "-5 degrees", 1.25, "/t/o.wav")).toEqual([
      "-voice",
      "slt",
      "--setf",
      "duration_stretch=0.800",
      "-t",
      "-5 degrees",
      "-o",
      "/t/o.wav",
    ]);
  });
});

describe("espeak-ng engine (real)", () => {
  const e = createEspeakEngine();
  it("is available and offers male and female voices for all 21 languages", async () => {
    expect(await e.available()).toEqual({ ok: true });
    for (const { code } of LANGUAGES) {
      const v = e.voices(code);
      expect(v.filter((x) => x.gender === "Male").length).toBeGreaterThanOrEqual(5);
      expect(v.filter((x) => x.gender === "Female").length).toBeGreaterThanOrEqual(5);
    }
  });
  it("speaks every app language", async () => {
    const samples: Record<string, string> = {
      ja: "こんにちは",
      ko: "안녕하세요",
      zh: "你好",
      cmn: "你好",
      ar: "مرحبا",
      hi: "नमस्ते",
      th: "สวัสดี",
      el: "Γειά σου",
      he: "שלום",
      ru: "Привет",
      vi: "Xin chào",
    };
    for (const { code } of LANGUAGES) {
      const clip = await e.synthesize({
        text: samples[code] ?? "Hello, one two three.",
        voice: `${ESPEAK_BASE[code]}+f2`,
        language: code,
      });
      expect(clip.sampleRate).toBe(22050);
      expect(seconds(clip)).toBeGreaterThan(0.2);
    }
  });
  it("speaks faster at a higher rate, and male and female variants differ", async () => {
    const text = "The forecast says it will be cold and windy with some snow in the mountains.";
    const slow = await e.synthesize({ text, voice: "en-us+m3", language: "en", rate: 1 });
    const fast = await e.synthesize({ text, voice: "en-us+m3", language: "en", rate: 1.3 });
    expect(seconds(fast) / seconds(slow)).toBeLessThan(0.85);
    expect(seconds(fast) / seconds(slow)).toBeGreaterThan(0.65);
    const f = await e.synthesize({ text, voice: "en-us+f3", language: "en" });
    expect(Buffer.from(f.samples.buffer).equals(Buffer.from(slow.samples.buffer))).toBe(false);
  });
  it("rejects empty text", async () => {
    await expect(e.synthesize({ text: "  ", voice: "en-us", language: "en" })).rejects.toMatchObject({
      code: "invalid_segment",
    });
  });
});

describe("flite engine (real)", () => {
  const e = createFliteEngine();
  it("speaks English with its four voices and controls the rate", async () => {
    expect(await e.available()).toEqual({ ok: true });
    expect(e.voices("es")).toEqual([]);
    const text = "Most roads will be open, but drivers should be careful.";
    const n = await e.synthesize({ text, voice: "slt", language: "en" });
    const f = await e.synthesize({ text, voice: "slt", language: "en", rate: 1.25 });
    expect(n.sampleRate).toBe(16000);
    expect(seconds(f) / seconds(n)).toBeCloseTo(0.8, 1);
    await expect(e.synthesize({ text, voice: "nobody", language: "en" })).rejects.toMatchObject({
      code: "no_engine",
    });
  });
});
