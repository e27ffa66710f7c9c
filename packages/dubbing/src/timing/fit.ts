// Timing fit of one clip, pure: one clip's fit in its slot on its own (fitClip: borrow the silence before
// the next segment, then atempo up to 1.3×; the fit-lines bench compares against it), and the options of
// the dub's rate corrections (timing/rate.ts). The dub itself plans all its lines at once: timing/plan.ts.

export interface FitOptions {
  /** Largest atempo stretch (default 1.3). */
  maxTempo?: number;
  /** Slowest synthesis rate against the voice's pace, for clips shorter than their slot (default 0.9). */
  minSpeed?: number;
  /** Silence kept before the next segment (default 100 ms). */
  gapMs?: number;
  /** Whether the TTS engine controls the speaking rate at synthesis time. */
  rateControl?: boolean;
  /** Fastest synthesis rate against the voice's pace (default 1.3, capped by the engine's own limit). */
  maxRate?: number;
  /** A clip up to this much longer than its planned length is kept, atempo shortens it (default 0.03). */
  rateTolerance?: number;
}

export const FIT_DEFAULTS = {
  maxTempo: 1.3,
  minSpeed: 0.9,
  gapMs: 100,
  rateControl: true,
  maxRate: 1.3,
  rateTolerance: 0.03,
} as const satisfies Required<FitOptions>;

export interface FitInput {
  /** Segment start and end (ms). */
  start: number;
  end: number;
  /** Length of the trimmed clip at its synthesis rate (ms). */
  clipMs: number;
  /** Start of the next segment (any speaker), or null when last. */
  nextStart: number | null;
  /** End of the media (ms). */
  mediaEnd: number;
}

export interface Fit {
  /** Where the clip is placed (always the segment start: no drift by construction). */
  start: number;
  /** Where the placed clip ends. */
  end: number;
  /** atempo factor applied to the clip (1 = none). */
  tempo: number;
  /** How far the clip runs past its segment's end (ms). */
  borrowedMs: number;
  /** The clip does not fit even at maxTempo: kept whole, the editor must show it. */
  tooLong: boolean;
  /** The latest end allowed (next segment start − gap, or the media end). */
  limit: number;
}

/** Pure: where and how fast a clip plays. */
export function fitClip(input: FitInput, opts: FitOptions = {}): Fit {
  const o = { ...FIT_DEFAULTS, ...opts };
  const { start, end, clipMs, nextStart, mediaEnd } = input;
  let limit = nextStart === null ? mediaEnd : Math.min(mediaEnd, nextStart - o.gapMs);
  // segments that overlap (or leave less than the gap) can use no more than their own slot
  if (limit <= start) limit = Math.max(start, Math.min(end, mediaEnd));
  const windowMs = limit - start;
  let tempo = 1;
  let tooLong = false;
  if (clipMs > windowMs) {
    tempo = windowMs > 0 ? clipMs / windowMs : Infinity;
    if (tempo > o.maxTempo) {
      tempo = o.maxTempo;
      tooLong = true;
    }
  }
  tempo = Math.round(tempo * 10000) / 10000;
  const placedMs = tempo === 1 ? clipMs : Math.min(clipMs / tempo, tooLong ? Infinity : windowMs);
  const placedEnd = start + Math.round(placedMs);
  return {
    start,
    end: placedEnd,
    tempo,
    borrowedMs: Math.max(0, placedEnd - end),
    tooLong,
    limit,
  };
}

/** Pure: the speed-factor buckets the report and the bench print. */
export function speedHistogram(speeds: number[]): {
  "≤1.0": number;
  "≤1.1": number;
  "≤1.2": number;
  "≤1.3": number;
  ">1.3": number;
} {
  const h = { "≤1.0": 0, "≤1.1": 0, "≤1.2": 0, "≤1.3": 0, ">1.3": 0 };
  for (const s of speeds) {
    if (s <= 1.0001) h["≤1.0"]++;
    else if (s <= 1.1001) h["≤1.1"]++;
    else if (s <= 1.2001) h["≤1.2"]++;
    else if (s <= 1.3001) h["≤1.3"]++;
    else h[">1.3"]++;
  }
  return h;
}
