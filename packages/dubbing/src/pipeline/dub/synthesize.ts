// Stage 1: TTS at the voice's rate, then at corrected rates until each clip has the length the timing plan
// gives it (PRODUCT.md § The dub: rate before stretching).
import type { PlannedSegment } from "../../doc.ts";
import type { FitOptions } from "../../timing/fit.ts";
import { bestTry, nextRate, type RateBounds, type RateTry } from "../../timing/rate.ts";
import { type SynthJob, type SynthOut, synthAll } from "../synth.ts";
import type { ResolvedVoice } from "../voices.ts";
import type { StageProgress, SynthesizedSegment } from "./types.ts";

/** One segment through the TTS passes. */
export interface SegmentTts {
  job: SynthJob;
  /** The length the clip should have (ms): the plan's, else the segment's slot. */
  targetMs: number;
  /** The rates the corrections may use; null for an engine without rate control. */
  rateBounds: RateBounds | null;
  /** Every synthesis so far, in order, and its clip. */
  tries: RateTry[];
  outs: SynthOut[];
  /** Clip length at the normal rate (ms). */
  naturalMs: number;
  /** Clip length at the pace the voice starts at for its speaker (ms): the timing plan's natural length. */
  paceMs: number;
  cur: SynthOut | null;
  /** Every clip of this segment came from the cache. */
  cached: boolean;
}

/** Pure: the TTS work of each segment at the normal rate; null for an empty line or a silent speaker. */
export function ttsPlan(
  segments: PlannedSegment[],
  voices: Map<string, ResolvedVoice>,
  fit: Required<FitOptions>,
  regenerate: ReadonlySet<number> = new Set(),
): (SegmentTts | null)[] {
  return segments.map((seg) => {
    const text = seg.text.replace(/\s+/g, " ").trim();
    const v = voices.get(seg.speaker);
    if (!text || !v) return null;
    // a voice that follows its speaker starts at the speaker's pace: the fit has less to do. The bounds
    // are relative to that pace, as the plan's speeds are; the engine's own are absolute.
    const base = v.style?.rate ?? 1;
    const caps = v.engine.capabilities;
    return {
      job: { v, text, rate: base, fresh: regenerate.has(seg.index) },
      targetMs: seg.end - seg.start,
      rateBounds:
        fit.rateControl && caps.rateControl
          ? {
              minRate: Math.max(fit.minSpeed * base, caps.minRate),
              maxRate: Math.min(fit.maxRate * base, caps.maxRate),
              tolerance: fit.rateTolerance,
              ...(caps.rateCurve && { curve: caps.rateCurve }),
            }
          : null,
      tries: [],
      outs: [],
      naturalMs: 0,
      paceMs: 0,
      cur: null,
      cached: true,
    };
  });
}

/** Corrections after the first synthesis, at most: engines usually land within two. */
export const MAX_CORRECTIONS = 3;

/**
 * Pure but for setting each chosen item's new rate: the segments to synthesize again, those whose last
 * clip is off its target and have a rate left to try (timing/rate.ts), in either direction.
 */
export function rateCorrections(items: SegmentTts[]): SegmentTts[] {
  return items.filter((x) => {
    const next = x.rateBounds && nextRate(x.tries, x.targetMs, x.rateBounds);
    if (!next) return false;
    x.job = { ...x.job, rate: next };
    return true;
  });
}

export interface SynthesizeInput {
  clipDir: string;
  language: string;
  segments: PlannedSegment[];
  voices: Map<string, ResolvedVoice>;
  fit: Required<FitOptions>;
  concurrency: number;
  signal?: AbortSignal;
  onProgress?: StageProgress;
  /** Transcript indexes of segments to synthesize again even when cached. */
  regenerate?: ReadonlySet<number>;
  /**
   * The length each segment should have, from every segment's length at its voice's pace (the timing
   * plan); the rate corrections aim at it instead of the segment's slot.
   */
  lengthsFor?: (naturalMs: (number | null)[]) => (number | null)[];
}

/** Progress shares of the passes: the first is most of the work, the corrections less. */
const PASS_SHARE = [0.6, 0.25, 0.1, 0.05];

/** Every segment's clip (cached in `clipDir`), at the rate that fits its slot best; null when silent. */
export async function synthesizeSegments(input: SynthesizeInput): Promise<(SynthesizedSegment | null)[]> {
  const tts = ttsPlan(input.segments, input.voices, input.fit, input.regenerate);
  const live = tts.filter((x): x is SegmentTts => x !== null);
  let passStart = 0;
  const runPass = async (pass: number, items: SegmentTts[]) => {
    let done = 0;
    const share = PASS_SHARE[pass] as number;
    const jobs = items.map((x) => x.job);
    const outs = await synthAll(jobs, {
      dir: input.clipDir,
      language: input.language,
      concurrency: input.concurrency,
      signal: input.signal,
      onDone: (n) => {
        done += n;
        input.onProgress?.(passStart + (share * done) / Math.max(1, items.length));
      },
    });
    passStart += share;
    items.forEach((x, k) => {
      const out = outs[k] as SynthOut;
      x.cur = out;
      x.tries.push({ rate: x.job.rate, clipMs: out.clipMs });
      x.outs.push(out);
      x.cached = x.cached && out.cached;
      // a voice that starts at its speaker's pace: its length at the voice's own rate, as an engine's
      // rate scales it (the fit's speeds stay relative to the voice, as without following)
      if (pass === 0) {
        x.naturalMs = Math.round(out.clipMs * x.job.rate);
        x.paceMs = out.clipMs;
      }
    });
  };
  // all segments at once per pass, so that engines can take them in batches
  await runPass(0, live);
  if (input.lengthsFor) {
    const lengths = input.lengthsFor(tts.map((x) => (x ? x.paceMs : null)));
    tts.forEach((x, i) => {
      const length = lengths[i];
      if (x && length) x.targetMs = length;
    });
  }
  for (let pass = 1; pass <= MAX_CORRECTIONS; pass++) {
    const redo = rateCorrections(live);
    if (redo.length === 0) break;
    await runPass(pass, redo);
  }
  // the best clip of the tries (the clips of one dub stay in the cache until it ends)
  for (const x of live) {
    const best = bestTry(x.tries, x.targetMs);
    x.cur = x.outs[best] as SynthOut;
    x.job = { ...x.job, rate: (x.tries[best] as RateTry).rate };
  }
  input.onProgress?.(1);
  return tts.map((x) =>
    x?.cur
      ? {
          ...{ key: x.cur.key, clipMs: x.cur.clipMs, naturalMs: x.naturalMs, paceMs: x.paceMs },
          ...{ rate: x.job.rate, cached: x.cached },
        }
      : null,
  );
}
