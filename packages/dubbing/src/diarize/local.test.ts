import { describe, expect, it } from "vitest";
import { arrayTrack, openWavTrack, regionClip } from "../audio/track.ts";
import { makeDialogue } from "../testing/dialogue.ts";
import { TWENTY } from "../testing/turns.ts";
import {
  bicDistance,
  byOwnVoice,
  changePoints,
  cluster,
  createLocalDiarizer,
  glr,
  labelRegions,
  meanLogLikelihood,
  regionStats,
  type Stats,
  stats,
  trackStats,
} from "./local.ts";

/** Frames drawn from a diagonal Gaussian with the given means (deterministic). */
function frames(mean: number[], n: number, seed = 1, sd = 1): Float64Array[] {
  let s = seed;
  const rnd = () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd());
  return Array.from({ length: n }, () => Float64Array.from(mean, (m) => m + sd * gauss()));
}

const A = [0, 0, 0, 0, 0, 0];
const B = [3, -2, 1, 2, -1, 2];

describe("bicDistance", () => {
  it("is negative for the same voice and positive for different voices", () => {
    const a1 = stats(frames(A, 300, 1))!;
    const a2 = stats(frames(A, 300, 2))!;
    const b1 = stats(frames(B, 300, 3))!;
    expect(bicDistance(a1, a2)).toBeLessThan(0);
    expect(bicDistance(a1, b1)).toBeGreaterThan(0);
    expect(glr(a1, a2)).toBeLessThan(0.05);
    expect(glr(a1, b1)).toBeGreaterThan(0.5);
  });
});

describe("cluster", () => {
  const items: Stats[] = [A, B, A, B, B, A].map((m, i) => stats(frames(m, 250, i + 7))!);
  it("finds two speakers, labelled by first appearance", () => {
    expect(cluster(items)).toEqual([0, 1, 0, 1, 1, 0]);
  });
  it("finds one speaker when all utterances are one voice", () => {
    expect(cluster([1, 2, 3, 4].map((i) => stats(frames(A, 250, i))!))).toEqual([0, 0, 0, 0]);
  });
  it("merges a long recording of one voice that BIC alone over-splits (content varies per utterance)", () => {
    // one voice, 40 utterances whose means wander a little (what is said changes the spectrum)
    const wander = (i: number) => A.map((m, d) => m + 0.6 * Math.sin(i * 1.7 + d));
    const many = Array.from({ length: 40 }, (_, i) => stats(frames(wander(i), 300, 100 + i))!);
    const other = Array.from(
      { length: 40 },
      (_, i) =>
        stats(
          frames(
            B.map((m, d) => m + 0.6 * Math.cos(i + d)),
            300,
            500 + i,
          ),
        )!,
    );
    const all = many.flatMap((x, i) => [x, other[i]!]);
    expect(new Set(cluster(all, { glrMerge: 0, avgMerge: 0 })).size).toBeGreaterThan(2);
    expect(cluster(all)).toEqual(all.map((_, i) => i % 2));
  });
  it("keeps a voice of short lines apart from a voice of long ones (one pooled cluster diluted them: #61)", () => {
    // voice A: 30 lines of 6 s, one Gaussian; voice B: 30 lines of 1.5 s whose content moves the spectrum.
    // Pooled, A's 18,000-frame cluster took each of B's lines in under the floor, one speaker in all.
    const near = (mean: number[], w: number, i: number) => mean.map((m, d) => m + w * Math.sin(i * 1.7 + d));
    const b = B.map((m) => 0.7 * m);
    const longs = Array.from({ length: 30 }, (_, i) => stats(frames(near(A, 0.1, i), 600, 100 + i))!);
    const shorts = Array.from({ length: 30 }, (_, i) => stats(frames(near(b, 0.8, i), 150, 500 + i))!);
    const all = longs.flatMap((x, i) => [x, shorts[i]!]);
    expect(cluster(all)).toEqual(all.map((_, i) => i % 2));
  });
  it("honours an exact count and a maximum", () => {
    expect(new Set(cluster(items, { k: 3 })).size).toBe(3);
    expect(new Set(cluster(items, { maxClusters: 1 })).size).toBe(1);
  });
});

describe("pitch beside the spectrum", () => {
  // one timbre (the same MFCC Gaussian), log pitch frames around a median in Hz with a semitone's wobble
  const withPitch = (seed: number, hz: number, sd = 0.06) => ({
    ...stats(frames(A, 250, seed))!,
    pitch: stats(frames([Math.log(hz)], 100, seed + 50, sd))!,
  });
  it("tells apart two voices of one timbre five semitones apart (a man's and a woman's over music)", () => {
    const items = [withPitch(1, 125), withPitch(2, 168), withPitch(3, 128), withPitch(4, 170)];
    expect(cluster(items)).toEqual([0, 1, 0, 1]);
    // without the pitch they are one voice
    expect(cluster(items.map(({ pitch: _, ...spectrum }) => spectrum))).toEqual([0, 0, 0, 0]);
  });
  it("keeps a flat synthetic pitch a few hertz apart one voice (a semitone's spread at least)", () => {
    const flat = [withPitch(1, 100, 0.001), withPitch(2, 103, 0.001), withPitch(3, 98, 0.001)];
    expect(cluster(flat)).toEqual([0, 0, 0]);
  });
});

describe("labelRegions", () => {
  it("gives short utterances (null) the label of their nearest neighbour", () => {
    const s = [A, B, A].map((m, i) => stats(frames(m, 250, i + 3)));
    expect(labelRegions([s[0]!, null, s[1]!, s[2]!, null])).toEqual([0, 0, 1, 0, 0]);
    expect(labelRegions([null, null])).toEqual([0, 0]);
  });
});

describe("byOwnVoice", () => {
  const voiced = (m: number[], n: number, seed: number, hz: number) => ({
    ...stats(frames(m, n, seed))!,
    pitch: stats(frames([Math.log(hz)], Math.round(n / 2), seed + 50, 0.06))!,
  });
  it("gives a short line at a turn the speaker whose voice it has, not its neighbour's", () => {
    // A long, then B short ("Great.") given A by the clustering, then B long
    const items = [
      voiced(A, 300, 1, 120),
      voiced(B, 30, 2, 175),
      voiced(B, 300, 3, 172),
      voiced(A, 300, 4, 118),
    ];
    expect(byOwnVoice(items, [0, 0, 1, 0])).toEqual([0, 1, 1, 0]);
    // a line too short to be heard (null) keeps its label; a long line keeps the clustering's
    expect(byOwnVoice([items[0]!, null, items[2]!, items[3]!], [0, 0, 1, 0])).toEqual([0, 0, 1, 0]);
    expect(byOwnVoice(items, [0, 1, 1, 1], 10)).toEqual([0, 1, 1, 1]);
  });
  it("scores a voice's own frames above another's", () => {
    const a = stats(frames(A, 300, 1))!;
    expect(meanLogLikelihood(stats(frames(A, 30, 9))!, a)).toBeGreaterThan(
      meanLogLikelihood(stats(frames(B, 30, 9))!, a),
    );
  });
});

describe("the 20-line dialogue with short turns (real audio)", () => {
  it("gives every line its speaker, the short ones at a turn too", async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { parseWav, toMono } = await import("../audio/wav.ts");
    const dir = mkdtempSync(join(tmpdir(), "dub-turns-"));
    const d = makeDialogue(dir, TWENTY, { name: "t20", leadMs: 1500, turnMs: 350, pauseMs: 500 });
    const pcm = parseWav(readFileSync(d.wav));
    const whole = toMono(pcm);
    // read by region from the file, and from the whole array: the same statistics, the same labels
    const file = await openWavTrack(d.wav);
    const input = { segments: d.truth, maxSpeakers: 8 };
    const { labels } = await createLocalDiarizer().diarize({ audio: file, ...input });
    const fromArray = await createLocalDiarizer().diarize({
      audio: arrayTrack(whole, pcm.sampleRate),
      ...input,
    });
    expect(await trackStats(file, d.truth)).toEqual(regionStats(whole, pcm.sampleRate, d.truth));
    // change points over a stretch of three lines (a turn of voice in it), from the clip and the whole
    const span = { start: d.truth[0]!.start, end: d.truth[2]!.end };
    const candidates = Array.from(
      { length: Math.floor((span.end - span.start) / 250) },
      (_, i) => span.start + i * 250,
    );
    const clip = await regionClip(file, span);
    const fromClip = changePoints({ ...clip, sampleRate: file.sampleRate, region: span, candidates });
    await file.close();
    rmSync(dir, { recursive: true, force: true });
    expect(fromClip.length).toBeGreaterThan(0);
    expect(fromClip).toEqual(
      changePoints({ samples: whole, sampleRate: pcm.sampleRate, region: span, candidates }),
    );
    expect(fromArray.labels).toEqual(labels);
    const voiceOf = new Map<number, string>();
    for (const [i, l] of labels.entries()) voiceOf.set(l, voiceOf.get(l) ?? d.truth[i]!.voice);
    const right = labels.filter((l, i) => voiceOf.get(l) === d.truth[i]!.voice).length;
    expect(new Set(labels).size).toBe(2);
    expect(right).toBe(20);
  });
});

describe("changePoints (real audio)", () => {
  it("finds the change between two flite voices speaking without a pause, and none inside one voice", async () => {
    const { execFileSync } = await import("node:child_process");
    const { readFileSync, mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { parseWav, toMono } = await import("../audio/wav.ts");
    const { trimBounds } = await import("../audio/dsp.ts");
    const { changePoints } = await import("./local.ts");
    const dir = mkdtempSync(join(tmpdir(), "dub-cp-"));
    const say = (voice: string, text: string) => {
      execFileSync("flite", ["-voice", voice, "-t", text, "-o", join(dir, "x.wav")]);
      const s = toMono(parseWav(readFileSync(join(dir, "x.wav"))));
      const b = trimBounds(s, 16000, { padMs: 0 });
      return s.slice(b.start, b.end);
    };
    const a = say("awb", "The forecast says it will be cold and windy in the mountains.");
    const b = say("slt", "Most roads will be open, but drivers should be careful tonight.");
    rmSync(dir, { recursive: true, force: true });
    const both = new Float32Array(a.length + b.length);
    both.set(a);
    both.set(b, a.length);
    const change = Math.round((a.length / 16000) * 1000);
    const total = Math.round((both.length / 16000) * 1000);
    const candidates = Array.from({ length: Math.floor(total / 250) }, (_, i) => i * 250 + 125);
    const found = changePoints({
      samples: both,
      sampleRate: 16000,
      region: { start: 0, end: total },
      candidates: [...candidates, change],
    });
    expect(found).toHaveLength(1);
    expect(Math.abs(found[0]! - change)).toBeLessThanOrEqual(250);
    const aOnly = Math.round((a.length / 16000) * 1000);
    expect(
      changePoints({
        samples: a,
        sampleRate: 16000,
        region: { start: 0, end: aOnly },
        candidates: candidates.filter((c) => c < aOnly),
      }),
    ).toEqual([]);
  });
});
