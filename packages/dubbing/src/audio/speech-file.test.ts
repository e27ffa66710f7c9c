import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LIBRIVOX_DIR, tempDir } from "../testing/fixtures.ts";
import { speechRegions } from "./features.ts";
import { readWavMono, speechInWav } from "./speech-file.ts";
import { parseWav, toMono } from "./wav.ts";

const CLIP = join(LIBRIVOX_DIR, "sense_and_sensibility_01_austen_64kb-0870.wav");

describe("WAV files read as they stream", () => {
  const tmp = tempDir("dub-speech-file-");
  afterAll(() => tmp.cleanup());

  it("readWavMono gives the samples parseWav + toMono give, mono and stereo", async () => {
    const mono = await readWavMono(CLIP);
    const whole = parseWav(readFileSync(CLIP));
    expect(mono.sampleRate).toBe(whole.sampleRate);
    expect(mono.samples).toEqual(toMono(whole));
    // 44.1 kHz stereo, more than one 64 KiB chunk, a frame split between chunks
    const stereo = join(tmp.dir, "stereo.wav");
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-i", CLIP, "-af", "aeval=val(0)|0.5*val(0)"],
      ...["-ac", "2", "-ar", "44100", "-c:a", "pcm_s16le", stereo],
    ]);
    const both = await readWavMono(stereo);
    const expected = toMono(parseWav(readFileSync(stereo)));
    expect(both.sampleRate).toBe(44_100);
    expect(both.samples.length).toBe(expected.length);
    for (let i = 0; i < expected.length; i += 997)
      expect(both.samples[i]).toBeCloseTo(expected[i] as number, 6);
  });

  it("speechInWav finds the regions speechRegions finds on the decoded samples", async () => {
    const { samples, sampleRate } = await readWavMono(CLIP);
    expect(await speechInWav(CLIP)).toEqual(speechRegions(samples, sampleRate));
  });
});
