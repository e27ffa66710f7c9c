import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LIBRIVOX_DIR, tempDir } from "../testing/fixtures.ts";
import { medianPitch, speechRegions } from "./features.ts";
import { concatRegions, longestFirst } from "./prosody.ts";
import { readWavMono } from "./speech-file.ts";
import { arrayTrack, openWavTrack, packedRegions, trackMedianPitch, wavDurationMs } from "./track.ts";

const CLIP = join(LIBRIVOX_DIR, "sense_and_sensibility_01_austen_64kb-0870.wav");

describe("a WAV file read by region", () => {
  const tmp = tempDir("dub-track-");
  afterAll(() => tmp.cleanup());

  it("reads the samples of the whole-array reader for any times, mono and stereo", async () => {
    const stereo = join(tmp.dir, "stereo.wav");
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-i", CLIP, "-af", "aeval=val(0)|0.5*val(0)"],
      ...["-ac", "2", "-c:a", "pcm_s16le", stereo],
    ]);
    for (const file of [CLIP, stereo]) {
      const { samples, sampleRate } = await readWavMono(file);
      const whole = arrayTrack(samples, sampleRate);
      const track = await openWavTrack(file);
      expect(track.length).toBe(samples.length);
      const ms = (samples.length / sampleRate) * 1000;
      for (const [a, b] of [
        [0, 10],
        [1234.5, 2345.25],
        [ms - 100, ms + 500],
        [-20, 5],
        [ms + 1, ms + 9],
      ]) {
        const read = await track.read(a!, b!);
        expect(read).toEqual(await whole.read(a!, b!));
        expect(read.length).toBe(
          Math.max(
            0,
            Math.min(samples.length, Math.round((b! * sampleRate) / 1000)) -
              Math.max(0, Math.round((a! * sampleRate) / 1000)),
          ),
        );
      }
      await track.close();
      expect(await wavDurationMs(file)).toBe(Math.round(ms));
    }
  });

  it("gives a speaker's pitch and own speech as the whole track does, reading only what they need", async () => {
    const { samples, sampleRate } = await readWavMono(CLIP);
    // half-second lines 0.7 s apart (some in the pauses), the first speech heard first
    const ms = (samples.length / sampleRate) * 1000;
    const first = speechRegions(samples, sampleRate)[0]!.start;
    const regions = Array.from({ length: Math.floor((ms - first - 500) / 700) }, (_, i) => ({
      start: first + i * 700,
      end: first + i * 700 + 500,
    }));
    expect(regions.length).toBeGreaterThan(4);
    const track = await openWavTrack(CLIP);
    for (const max of [5, 40, 300]) {
      const f0 = await trackMedianPitch(track, regions, max);
      expect(f0).toBeGreaterThan(0);
      expect(f0).toBe(medianPitch(samples, sampleRate, regions, max));
    }
    const longest = longestFirst(regions, 4000);
    expect((await packedRegions(track, longestFirst(regions, 4000))).samples).toEqual(
      concatRegions(samples, sampleRate, longest),
    );
    await track.close();
  });
});
