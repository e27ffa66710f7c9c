// The report card's speaker check reads the original in bounded runs, each from its own span of the
// video: the plan (pure), the ffmpeg arguments (pure), and the statistics of a real recording read in
// short runs against the same read of the whole video (real flite and ffmpeg).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergeRegions } from "../../audio/features.ts";
import { regionStats, type Stats } from "../../diarize/local.ts";
import { ffmpegSamples } from "../../media/run.ts";
import { type Dialogue, makeDialogue } from "../../testing/dialogue.ts";
import { tempDir } from "../../testing/fixtures.ts";
import { MAX_REGIONS, regionAudioArgs } from "./follow-speakers.ts";
import { lineStats, MAX_RUN_SECONDS, placeInMerged, planRuns, spanAudioArgs } from "./speaker-voice.ts";

/** Pure: `n` lines of 1–12 s with pauses of 0.2–2 s, from `seed` (a 60-minute video's worth at 890). */
function lines(n: number, seed = 7): { start: number; end: number }[] {
  let x = seed;
  const next = () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return x / 2 ** 31;
  };
  const out: { start: number; end: number }[] = [];
  let at = 1000;
  for (let i = 0; i < n; i++) {
    const len = 1000 + Math.round(next() * 11_000);
    out.push({ start: at, end: at + len });
    at += len + 200 + Math.round(next() * 1800);
  }
  return out;
}

const seconds = (ls: { start: number; end: number }[]) => ls.reduce((s, l) => s + l.end - l.start, 0) / 1000;

describe("planRuns", () => {
  it("never plans a run of more than MAX_RUN_SECONDS of speech or MAX_REGIONS lines, each line once, in order", () => {
    const ls = lines(890);
    expect(ls.at(-1)!.end).toBeGreaterThan(55 * 60_000); // about an hour
    const runs = planRuns(ls);
    for (const run of runs) {
      expect(seconds(run.map((i) => ls[i]!))).toBeLessThanOrEqual(MAX_RUN_SECONDS);
      expect(run.length).toBeLessThanOrEqual(MAX_REGIONS);
    }
    expect(runs.flat()).toEqual(ls.map((_, i) => i));
    // full runs: not a run per line
    expect(runs.length).toBeLessThan(Math.ceil(seconds(ls) / MAX_RUN_SECONDS) + 10);
  });

  it("bounds the lines of a run, keeps a line longer than the bound whole and alone, and sorts by time", () => {
    const short = Array.from({ length: 10 }, (_, i) => ({ start: i * 100, end: i * 100 + 50 }));
    expect(planRuns(short, { maxLines: 4, maxSeconds: 60 }).map((r) => r.length)).toEqual([4, 4, 2]);
    const ls = [
      { start: 50_000, end: 52_000 },
      { start: 0, end: 3000 },
      { start: 10_000, end: 20_000 },
      { start: 4000, end: 5000 },
    ];
    expect(planRuns(ls, { maxLines: 400, maxSeconds: 5 })).toEqual([[1, 3], [2], [0]]);
    expect(planRuns([])).toEqual([]);
  });
});

describe("spanAudioArgs", () => {
  it("seeks the input to the regions' span and makes the regions relative to it", () => {
    const args = spanAudioArgs("in.mp4", [
      { start: 61_250, end: 62_000 },
      { start: 63_000, end: 64_500 },
    ]);
    expect(args.slice(0, 6)).toEqual(["-ss", "61.25", "-t", "3.35", "-i", "in.mp4"]);
    expect(args.join(" ")).toContain("aselect='(between(t,0,0.75)+between(t,1.75,3.25))'");
    expect(args.at(-1)).toBe("pipe:3");
  });
});

describe("lineStats (real recording)", () => {
  const t = tempDir("speaker-voice-");
  let d: Dialogue;
  beforeAll(() => {
    d = makeDialogue(t.dir);
  });
  afterAll(t.cleanup);

  /** The same statistics from one read of the whole video (the regions picked from its start). */
  async function wholeRead(ls: { start: number; end: number }[]): Promise<(Stats | null)[]> {
    const merged = mergeRegions(ls);
    return regionStats(
      await ffmpegSamples(regionAudioArgs(d.video, merged)),
      16_000,
      placeInMerged(ls, merged),
    );
  }

  const mean = (s: Stats) => [...s.sum].map((v) => v / s.n);
  /** How far apart two statistics' means are, at most, in standard deviations of `b`'s frames. */
  const shift = (a: Stats, b: Stats) =>
    Math.max(
      ...mean(a).map((m, k) => {
        const mb = mean(b)[k]!;
        return Math.abs(m - mb) / Math.sqrt(b.sq[k]! / b.n - mb * mb);
      }),
    );

  it("reads each run from its own span with the statistics of a read of the whole video", async () => {
    const ls = d.truth.map(({ start, end }) => ({ start, end }));
    const whole = await wholeRead(ls);
    // a line a run (every read a seek), and runs of a few lines
    for (const plan of [
      { maxLines: 1, maxSeconds: MAX_RUN_SECONDS },
      { maxLines: MAX_REGIONS, maxSeconds: 6 },
    ]) {
      const spans = await lineStats(d.video, ls, { plan });
      expect(spans.map((s) => s === null)).toEqual(whole.map((s) => s === null));
      whole.forEach((w, i) => {
        const s = spans[i]!;
        if (!w) return;
        expect(Math.abs(s.n - w.n)).toBeLessThanOrEqual(1);
        // aselect picks whole decoded frames (~20 ms), whose grid starts at the seek: a line's edges
        // move by a frame at most (measured: ≤ 0.022 sd for the MFCC, ≤ 0.1 for the pitch)
        expect(shift(s, w)).toBeLessThan(0.05);
        if (w.pitch) expect(shift(s.pitch!, w.pitch)).toBeLessThan(0.2);
      });
    }
    expect(whole.filter(Boolean).length).toBeGreaterThan(ls.length / 2);
  });
});
