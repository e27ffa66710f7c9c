import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { encodeWav } from "../../audio/wav.ts";
import type { PlannedSegment } from "../../doc.ts";
import { atempoArgs } from "../../media/args.ts";
import { runFfmpeg } from "../../media/run.ts";
import { MIX_RATE } from "../../mix/rate.ts";
import { tempDir } from "../../testing/fixtures.ts";
import { crossfadeRanges, mixToFile, mixWindowFrames, speechRanges, stretchClips, toFrame } from "./mix.ts";
import { dubTimeline } from "./timeline.ts";

const t = tempDir("dub-mix-");
afterAll(t.cleanup);
const seg = (index: number, start: number, end: number): PlannedSegment => ({
  index,
  speaker: "a",
  text: "x",
  start,
  end,
});
function tone(ms: number, rate = 22_050): Float32Array {
  const n = Math.round((ms * rate) / 1000);
  return Float32Array.from({ length: n }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 330 * i) / rate));
}
/** RMS of the mono mix between two times. */
function rmsAt(file: string, fromMs: number, toMs: number): number {
  const buf = readFileSync(file);
  const x = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  let s = 0;
  for (let i = toFrame(fromMs); i < toFrame(toMs); i++) s += (x[i] as number) ** 2;
  return Math.sqrt(s / (toFrame(toMs) - toFrame(fromMs)));
}

describe("speechRanges", () => {
  it("covers each dubbed segment's slot and its placed clip, in frames", () => {
    const fits = [{ start: 0, end: 1500, tempo: 1, borrowedMs: 500, tooLong: false, limit: 1900 }, null];
    expect(speechRanges([seg(0, 0, 1000), seg(1, 2000, 3000)], fits)).toEqual([
      { start: 0, end: MIX_RATE },
      { start: 0, end: 1.5 * MIX_RATE },
    ]);
  });
});

describe("mixToFile", () => {
  it("places each clip at its segment start, stretched to fit, over silence", async () => {
    writeFileSync(join(t.dir, "a.wav"), encodeWav(tone(800), 22_050));
    writeFileSync(join(t.dir, "b.wav"), encodeWav(tone(1600), 22_050));
    const segments = [seg(0, 500, 1500), seg(1, 2000, 3000), seg(2, 3500, 3900)];
    const synth = [
      { key: "a", clipMs: 800, naturalMs: 800, paceMs: 800, rate: 1, cached: false },
      { key: "b", clipMs: 1600, naturalMs: 1600, paceMs: 1600, rate: 1, cached: false },
      null,
    ];
    const { fits } = dubTimeline(segments, synth, 4000, {});
    const mixFile = join(t.dir, "mix.f32");
    const progress: number[] = [];
    const placed = await mixToFile({
      ...{ mixFile, clipDir: t.dir, channels: 1, durationMs: 4000, background: Promise.resolve(false) },
      ...{ duck: true, duckDb: 18, segments, synth, fits, concurrency: 2 },
      onProgress: (f: number) => progress.push(f),
    });
    expect(readFileSync(mixFile).byteLength).toBe(toFrame(4000) * 4);
    // the first line would fit at its own pace, but its neighbour plays at 1.14×: raised to within 0.1× of it
    // (stretched to half a percent over its planned length)
    expect(fits[0]?.tempo).toBeCloseTo(1.043 / 1.005, 3);
    expect(placed[0]?.start).toBe(500);
    expect(Math.abs((placed[0]?.end ?? 0) - 1273)).toBeLessThanOrEqual(5);
    // 1600 ms into the 1400 ms before the next segment's gap: stretched, at most a few ms past 3400
    expect(fits[1]?.tempo).toBeGreaterThan(1);
    expect(placed[1]?.start).toBe(2000);
    expect(placed[1]?.end).toBeLessThanOrEqual(3420 + 7); // atempo adds a few ms, the slack 0.5 %
    expect(placed[2]).toBeNull();
    expect(rmsAt(mixFile, 0, 450)).toBe(0);
    expect(rmsAt(mixFile, 600, 1200)).toBeGreaterThan(0.01);
    expect(rmsAt(mixFile, 1350, 1950)).toBe(0);
    expect(rmsAt(mixFile, 2100, 3200)).toBeGreaterThan(0.01);
    expect(progress.at(-1)).toBe(1);
  });
});

describe("stretchClips", () => {
  it("stretches many clips in one ffmpeg run exactly as one run per clip would, and skips cached ones", async () => {
    const jobs = [1.1, 1.2, 1.3].map((tempo, k) => {
      const input = join(t.dir, `in${k}.wav`);
      writeFileSync(input, encodeWav(tone(700 + 100 * k), 22_050));
      return { input, output: join(t.dir, `out${k}.wav`), tempo };
    });
    const progress: number[] = [];
    expect(await stretchClips(jobs, { concurrency: 2, onProgress: (f) => progress.push(f) })).toBe(3);
    expect(progress.at(-1)).toBe(1);
    for (const j of jobs) {
      const alone = join(t.dir, "alone.wav");
      await runFfmpeg(atempoArgs(j.input, alone, j.tempo));
      expect(readFileSync(j.output).equals(readFileSync(alone))).toBe(true);
    }
    expect(await stretchClips(jobs, { concurrency: 2 })).toBe(0);
  });
});

describe("mixWindowFrames", () => {
  it("keeps about 128 clip starts per window, 1 to 60 s", () => {
    expect(mixWindowFrames(50, 128_000)).toBe(60 * MIX_RATE);
    expect(mixWindowFrames(5000, 128_000)).toBe(3 * MIX_RATE);
    expect(mixWindowFrames(100_000, 60_000)).toBe(MIX_RATE);
    expect(mixWindowFrames(0, 128_000)).toBe(60 * MIX_RATE);
  });
});

describe("crossfadeRanges", () => {
  it("puts the other signal in place inside the ranges, with ramps either side", () => {
    const data = new Float32Array(20).fill(1); // 10 stereo frames
    const other = new Float32Array(20).fill(3);
    crossfadeRanges(data, other, 2, { ranges: [{ start: 14, end: 16 }], ramp: 2, offset: 10 });
    // frames 12..17 of the mix are data's frames 2..7: ramp in over 12, 13; 14, 15 replaced; ramp out 16, 17
    expect([...data.filter((_, i) => i % 2 === 0)]).toEqual([1, 1, 1, 2, 3, 3, 3, 2, 1, 1]);
  });
});
