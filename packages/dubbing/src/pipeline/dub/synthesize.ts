// Stage 1: TTS at the normal rate, then at a corrected rate (PRODUCT.md § The dub: rate before stretching).
import type { PlannedSegment } from "../../doc.ts";
import { chooseRate, type FitOptions } from "../../timing/fit.ts";
import { type SynthJob, type SynthOut, synthAll } from "../synth.ts";
import type { ResolvedVoice } from "../voices.ts";
import type { StageProgress, SynthesizedSegment } from "./types.ts";

/** One segment through the TTS passes. */
export interface SegmentTts {
  job: SynthJob;
  slotMs: number;
  rateOpts: Parameters<typeof chooseRate>[3];
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
    return {
      // a voice that follows its speaker starts at the speaker's pace: the fit has less to do
      job: { v, text, rate: v.style?.rate ?? 1, fresh: regenerate.has(seg.index) },
      slotMs: seg.end - seg.start,
      rateOpts: {
        ...fit,
        rateControl: fit.rateControl && v.engine.capabilities.rateControl,
        maxRate: Math.min(fit.maxRate, v.engine.capabilities.maxRate),
        minSpeed: Math.max(fit.minSpeed, v.engine.capabilities.minRate),
      },
      naturalMs: 0,
      paceMs: 0,
      cur: null,
      cached: true,
    };
  });
}

/**
 * Pure but for setting each chosen item's new rate: the segments to synthesize again in correction pass
 * `pass` (1 or 2). The last pass only speeds up clips still longer than their slot: engines do not scale
 * durations exactly with the rate.
 */
export function rateCorrections(items: SegmentTts[], pass: number): SegmentTts[] {
  return items.filter((x) => {
    const clipMs = (x.cur as SynthOut).clipMs;
    const next = chooseRate(clipMs, x.slotMs, x.job.rate, x.rateOpts);
    if (next === x.job.rate) return false;
    if (pass === 2 && !(clipMs > x.slotMs && next > x.job.rate)) return false;
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
const PASS_SHARE = [0.6, 0.3, 0.1];

/** Every segment's clip (cached in `clipDir`), at the rate that fits its slot best; null when silent. */
export async function synthesizeSegments(input: SynthesizeInput): Promise<(SynthesizedSegment | null)[]> {
  const tts = ttsPlan(input.segments, input.voices, input.fit, input.regenerate);
  const live = tts.filter((x): x is SegmentTts => x !== null);
  let passStart = 0;
  const runPass = async (pass: number, items: SegmentTts[]) => {
    let done = 0;
    const share = PASS_SHARE[pass] as number;
    const jobs = items.map((x) => x.job);
    const outs = await synthAll(input.clipDir, input.language, jobs, input.concurrency, input.signal, (n) => {
      done += n;
      input.onProgress?.(passStart + (share * done) / Math.max(1, items.length));
    });
    passStart += share;
    items.forEach((x, k) => {
      const out = outs[k] as SynthOut;
      x.cur = out;
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
      if (x && length) x.slotMs = length;
    });
  }
  for (let pass = 1; pass <= 2; pass++) {
    const redo = rateCorrections(live, pass);
    if (redo.length === 0) break;
    await runPass(pass, redo);
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
