import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { medianPitch, speechRegions } from "../audio/features.ts";
import { parseWav, toMono } from "../audio/wav.ts";
import { ffmpegSync, tempDir } from "../testing/fixtures.ts";
import { genderOfPitch } from "../voices/gender.ts";
import { labelsFromWords } from "./transcribe.ts";

describe("genderOfPitch", () => {
  const t = tempDir("pitch-");
  afterAll(t.cleanup);
  // slt reads this one at 165 Hz, on the edge of the usual male range
  const text = "Thank you. It will be sunny all week, with a little wind.";
  /** The median pitch of a sentence spoken by a real voice, as transcribe measures it (16 kHz). */
  const pitchOf = (name: string, synth: (wav: string) => void) => {
    const raw = join(t.dir, `${name}.raw.wav`);
    const wav = join(t.dir, `${name}.wav`);
    synth(raw);
    ffmpegSync(["-i", raw, "-ac", "1", "-ar", "16000", wav]);
    const samples = toMono(parseWav(readFileSync(wav)));
    return medianPitch(samples, 16000, speechRegions(samples, 16000));
  };
  const flite = (voice: string) => (wav: string) =>
    execFileSync("flite", ["-voice", voice, "-t", text, "-o", wav]);
  const espeak = (voice: string) => (wav: string) =>
    execFileSync("espeak-ng", ["-v", voice, "-w", wav, text]);
  it.each([
    ["flite awb", flite("awb"), "Male"],
    ["flite rms", flite("rms"), "Male"],
    ["flite kal", flite("kal"), "Male"],
    ["flite slt", flite("slt"), "Female"],
    ["espeak-ng en-us+m3", espeak("en-us+m3"), "Male"],
    ["espeak-ng en-us+m7", espeak("en-us+m7"), "Male"],
    ["espeak-ng en-us+f1", espeak("en-us+f1"), "Female"],
    ["espeak-ng en-us+f4", espeak("en-us+f4"), "Female"],
  ] as const)("tells %s's gender from one sentence", (name, synth, gender) => {
    expect(genderOfPitch(pitchOf(name.replace(/\W/g, "-"), synth))).toBe(gender);
  });
  it("takes no pitch for female", () => {
    expect(genderOfPitch(0)).toBe("Female");
  });
});

describe("labelsFromWords", () => {
  const w = (speaker: string | undefined, start: number, end: number) => ({ text: "x", start, end, speaker });
  it("takes each utterance's majority speaker, numbered by first appearance", () => {
    expect(
      labelsFromWords([
        [w("B", 0, 100), w("A", 100, 150)],
        [w("A", 200, 400)],
        [w("B", 500, 600), w("C", 600, 900)],
      ]),
    ).toEqual([0, 1, 2]);
  });
  it("is null when a word has no speaker (the diarizer runs instead)", () => {
    expect(labelsFromWords([[w("A", 0, 1)], [w(undefined, 1, 2)]])).toBeNull();
    expect(labelsFromWords([])).toBeNull();
  });
});
