// Voices that follow the speaker: the pure settings, then real espeak-ng, flite and ffmpeg.
import { describe, expect, it } from "vitest";
import { semitones } from "../audio/prosody.ts";
import { parseStyle, styleTarget } from "../doc.ts";
import type { TtsEngine } from "../engines/types.ts";
import { createEspeakEngine, espeakBatchSsml } from "../tts/espeak.ts";
import { createFliteEngine, FLITE_VOICES } from "../tts/flite.ts";
import { shiftArgs, shiftPitch, shiftPitchMany } from "../tts/shift.ts";
import { regionAudioArgs } from "./dub/follow-speakers.ts";
import {
  fitStyle,
  MAX_SHIFT_ST,
  measureClip,
  pitchSetting,
  rangeSetting,
  sampleText,
  styleRate,
} from "./follow.ts";

const TEXT =
  "Good morning and welcome to the program. Let us talk about the weather in the mountains this week.";
const caps = (c: Partial<TtsEngine["capabilities"]>) =>
  ({ capabilities: { rateControl: true, minRate: 0.5, maxRate: 2, ...c } }) as TtsEngine;

describe("follow settings (pure)", () => {
  it("takes whole lines, longest first, up to the length", () => {
    expect(sampleText(["a b", "  ", "the longest line here", "mid line"], 30)).toBe(
      "the longest line here mid line",
    );
    expect(sampleText([], 30)).toBe("");
  });
  it("sets the rate to the speaker's pace, bounded by the style and the engine", () => {
    expect(styleRate(caps({}), 4, 5)).toBe(1.25);
    expect(styleRate(caps({}), 4, 9)).toBe(1.4);
    expect(styleRate(caps({}), 4, 1)).toBe(0.75);
    expect(styleRate(caps({ maxRate: 1.1 }), 4, 5)).toBe(1.1);
    expect(styleRate(caps({ rateControl: false }), 4, 5)).toBe(1);
    expect(styleRate(caps({}), 0, 5)).toBe(1);
  });
  it("guesses espeak-ng's pitch setting from its scale, within 0–99", () => {
    expect(pitchSetting(100, 100)).toBe(50);
    expect(pitchSetting(100, 150)).toBe(95);
    expect(pitchSetting(100, 80)).toBe(25);
    expect(pitchSetting(100, 400)).toBe(99);
    expect(pitchSetting(100, 20)).toBe(0);
    expect(rangeSetting(4, 8)).toBe(200);
    expect(rangeSetting(4, 80)).toBe(300);
    expect(rangeSetting(0, 8)).toBeUndefined();
  });
  it("targets the measured pitch and pace, the user's in their place, nothing when not matching", () => {
    const measured = { pitchHz: 120, rangeSt: 5, syllablesPerSec: 4 };
    expect(styleTarget({ match: true, measured })).toEqual(measured);
    expect(styleTarget({ match: true, measured, pitchHz: 200 })).toEqual({ ...measured, pitchHz: 200 });
    expect(styleTarget({ match: false, measured })).toBeNull();
    expect(styleTarget(undefined)).toBeNull();
    expect(styleTarget({ match: true, syllablesPerSec: 5 })).toEqual({
      pitchHz: 0,
      rangeSt: 0,
      syllablesPerSec: 5,
    });
  });
  it("reads a style from JSON, dropping what is not one", () => {
    expect(parseStyle(null)).toBeUndefined();
    expect(parseStyle({})).toEqual({ match: true });
    expect(parseStyle({ match: false, pitchHz: -3, syllablesPerSec: "5", extra: 1 })).toEqual({
      match: false,
    });
    expect(parseStyle({ measured: { pitchHz: 100, syllablesPerSec: 4 }, pitchHz: 90 })).toEqual({
      match: true,
      measured: { pitchHz: 100, rangeSt: 0, syllablesPerSec: 4 },
      pitchHz: 90,
    });
  });
  it("puts pitch and range into espeak-ng's SSML (pitch % scales the 0–99 setting at 50)", () => {
    expect(espeakBatchSsml([{ text: "a", pitch: 75, range: 150 }])).toBe(
      '<speak><prosody rate="100%" pitch="150%" range="150%">a</prosody></speak>',
    );
  });
  it("builds the ffmpeg commands: the segments' audio, and a formant-preserving shift", () => {
    const a = regionAudioArgs("v.mp4", [
      { start: 1000, end: 2500 },
      { start: 4000, end: 4200 },
    ]);
    // a balanced sum: ffmpeg refuses a chain of more than ~100 terms (follow-speakers.ts)
    expect(a).toContain("aselect='(between(t,1,2.5)+between(t,4,4.2))',asetpts=N/SR/TB");
    expect(shiftArgs(22050, 12).join(" ")).toContain("rubberband=pitch=2.00000:formant=preserved");
  });
});

describe("follow with the real engines", () => {
  const espeak = createEspeakEngine();
  const flite = createFliteEngine();
  const en = (engine: TtsEngine, id: string) => engine.voices("en").find((v) => v.id === id)!;

  it("espeak-ng's pitch and range settings move its pitch", async () => {
    const say = (pitch?: number, range?: number) =>
      espeak.synthesize({ text: TEXT, voice: "en-us+m3", language: "en", pitch, range }).then(measureClip);
    const [own, low, high, wide] = await Promise.all([say(), say(10), say(90), say(50, 250)]);
    expect(semitones(own.pitchHz, low.pitchHz)).toBeLessThan(-3);
    expect(semitones(own.pitchHz, high.pitchHz)).toBeGreaterThan(3);
    expect(wide.rangeSt).toBeGreaterThan(own.rangeSt + 1);
  });

  it("sets an espeak-ng voice to a speaker's pitch (within 5 %) and pace", async () => {
    for (const target of [
      { pitchHz: 85, rangeSt: 5, syllablesPerSec: 4 },
      { pitchHz: 140, rangeSt: 3, syllablesPerSec: 5.5 },
    ]) {
      const fit = await fitStyle({ engine: espeak, voice: en(espeak, "en-us+m3") }, TEXT, target);
      expect(fit.style.pitch).toBeDefined();
      const clip = await espeak.synthesize({
        ...{ text: TEXT, voice: "en-us+m3", language: "en" },
        ...{ rate: fit.style.rate, pitch: fit.style.pitch, range: fit.style.range },
      });
      const m = measureClip(await shiftPitch(clip, fit.style.shift));
      expect(Math.abs(m.pitchHz / target.pitchHz - 1)).toBeLessThan(0.05);
      expect(Math.abs(m.syllablesPerSec / target.syllablesPerSec - 1)).toBeLessThan(0.2);
      expect(fit.trials).toBeLessThanOrEqual(4);
    }
  });

  it("shifts a flite voice (no pitch setting) to a speaker's pitch, formant-preserved, same length", async () => {
    const voice = FLITE_VOICES.find((v) => v.id === "slt")!;
    const target = { pitchHz: 120, rangeSt: 3, syllablesPerSec: 4.5 };
    const fit = await fitStyle({ engine: flite, voice }, TEXT, target);
    expect(fit.style.pitch).toBeUndefined();
    expect(fit.style.shift).toBeLessThan(-4);
    const clip = await flite.synthesize({ text: TEXT, voice: "slt", language: "en", rate: fit.style.rate });
    const shifted = await shiftPitch(clip, fit.style.shift);
    expect(Math.abs(shifted.samples.length - clip.samples.length)).toBeLessThan(clip.sampleRate * 0.05);
    expect(Math.abs(measureClip(shifted).pitchHz / target.pitchHz - 1)).toBeLessThan(0.05);
    // a shift too small to hear is no pass at all
    expect(await shiftPitch(clip, 0.05)).toBe(clip);
  });

  it("shifts a voice of another register half an octave at most: further, it loses words", async () => {
    const voice = FLITE_VOICES.find((v) => v.id === "slt")!;
    const fit = await fitStyle({ engine: flite, voice }, TEXT, {
      pitchHz: 80,
      rangeSt: 3,
      syllablesPerSec: 4.5,
    });
    expect(semitones(fit.own.pitchHz, 80)).toBeLessThan(-MAX_SHIFT_ST);
    expect(fit.style.shift).toBe(-MAX_SHIFT_ST);
    expect(fit.result.pitchHz).toBeCloseTo(fit.own.pitchHz * 2 ** (-MAX_SHIFT_ST / 12), 5);
  });
});

describe("shiftPitchMany", () => {
  it("shifts several clips in one run, each as long as it was and at the shifted pitch", async () => {
    const flite = createFliteEngine();
    const texts = ["Good morning.", "Let us talk about the weather in the mountains this week.", "Yes."];
    const clips = await Promise.all(
      texts.map((text) => flite.synthesize({ text, voice: "slt", language: "en" })),
    );
    const shifted = await shiftPitchMany(clips, -5);
    expect(shifted.map((c) => c.samples.length)).toEqual(clips.map((c) => c.samples.length));
    for (const [k, c] of shifted.entries()) {
      const before = measureClip(clips[k]!).pitchHz;
      const after = measureClip(c).pitchHz;
      if (k === 2) continue; // too short for a steady median
      expect(Math.abs(semitones(before, after) + 5)).toBeLessThan(0.7);
    }
    // each clip is its own: the loud part of the long line does not leak into the short one's
    const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);
    expect(rms(shifted[0]!.samples) / rms(clips[0]!.samples)).toBeGreaterThan(0.6);
    expect(rms(shifted[0]!.samples) / rms(clips[0]!.samples)).toBeLessThan(1.6);
    expect(await shiftPitchMany(clips, 0)).toBe(clips);
  });
});
