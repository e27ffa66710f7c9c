import { describe, expect, it } from "vitest";
import { trimBounds } from "../audio/dsp.ts";
import { LANGUAGES } from "../languages.ts";
import { createEspeakEngine, ESPEAK_BASE, espeakArgs, espeakBatchSsml, espeakWpm } from "./espeak.ts";
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

describe("espeak-ng batch SSML", () => {
  it("gives each text its rate as a share of 175 wpm, escapes XML and separates with breaks", () => {
    const ssml = espeakBatchSsml([{ text: "Tom & Jerry <3" }, { text: " a\n b ", rate: 1.2 }]);
    expect(ssml).toBe(
      '<speak><prosody rate="100%">Tom &amp; Jerry &lt;3</prosody><break time="1500ms"/><prosody rate="120%">a b</prosody></speak>',
    );
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
  it("speaks a batch in one run: one clip per text, in order, each at its own rate", async () => {
    const texts = [
      "Good morning.",
      "The forecast says it will be cold and windy, with some snow in the mountains.",
      "Thank you.",
      "The forecast says it will be cold and windy, with some snow in the mountains.",
    ];
    for (const voice of ["en-us+m2", "en-us+f4", "es+m1"]) {
      const reqs = texts.map((text, i) => ({
        text,
        voice,
        language: "en" as const,
        rate: i === 3 ? 1.3 : 1,
      }));
      const batch = await e.synthesizeMany?.(reqs);
      expect(batch).toHaveLength(4);
      const len = batch!.map(seconds);
      // short, long, short, and the same long text faster
      expect(len[0]).toBeLessThan(len[1]! / 3);
      expect(len[2]).toBeLessThan(len[1]! / 3);
      expect(len[3]! / len[1]!).toBeGreaterThan(0.65);
      expect(len[3]! / len[1]!).toBeLessThan(0.85);
      // about as long as the same text alone
      const alone = seconds(await e.synthesize(reqs[1]!));
      expect(Math.abs(len[1]! - alone)).toBeLessThan(0.2);
    }
  });
  it("refuses a batch of several voices or with an empty text", async () => {
    await expect(
      e.synthesizeMany?.([
        { text: "a", voice: "en-us+m1", language: "en" },
        { text: "b", voice: "en-us+f1", language: "en" },
      ]),
    ).rejects.toMatchObject({ code: "engine_failed" });
    await expect(
      e.synthesizeMany?.([
        { text: "a", voice: "en-us+m1", language: "en" },
        { text: " ", voice: "en-us+m1", language: "en" },
      ]),
    ).rejects.toMatchObject({ code: "invalid_segment" });
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
