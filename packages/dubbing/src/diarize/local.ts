// Local diarization: each utterance is a diagonal Gaussian over its MFCC frames, beside a Gaussian over
// the log pitch of its voiced frames; utterances are clustered bottom-up with the BIC criterion (merge
// while one Gaussian explains both better than two); speaker changes inside long utterances are found
// with the same test at word boundaries.
import { mfcc, pitchTrack, type Region } from "../audio/features.ts";
import { regionClip, type Track } from "../audio/track.ts";
import type { DiarizationEngine, DiarizationInput, DiarizationResult } from "../engines/types.ts";
import { throwIfAborted } from "../errors.ts";

/**
 * BIC penalty weight, calibrated on flite and espeak-ng voices (docs/ENGINES.md): with λ = 2 every
 * same-voice pair of sentences scored below 0 and every different-voice pair above +150.
 */
const BIC_LAMBDA = 2;

/**
 * Per-frame log-likelihood ratio under which two clusters are merged even when BIC says no. BIC alone
 * over-splits long recordings: a single diagonal Gaussian fits a large cluster of one voice only
 * roughly, and the data term grows with the frame count while the penalty grows with its log. Pooled
 * halves of one flite voice scored ≈ 0.00, awb against slt 0.75 by the spectrum alone, about 1.1 with
 * the pitch beside it. 0.4 (0.3 before the pitch) takes in a sentence the separation of music left
 * spectrally off (0.45–0.55 from its own voice, 0.7–1.3 from the other) (docs/ENGINES.md).
 */
const GLR_MERGE = 0.4;

/** Mean per-frame likelihood ratio of their segment pairs under which two clusters are merged first. */
const AVG_MERGE = 0.55;

/**
 * Per-frame likelihood ratio above which the audio before and after a word boundary is taken for two
 * speakers. Measured with 3 s windows on flite voices: 0.74–0.98 at a change of voice, at most 0.64
 * inside one voice.
 */
const CHANGE_GLR = 0.7;

/** MFCC hop (ms). */
const HOP_MS = 10;

/** Minimum frames for an utterance to be clustered; shorter ones are given a speaker by their own voice. */
const MIN_FRAMES = 40;

/** Fewest frames (100 ms) from which a line's own voice is heard; under it, it follows its neighbour. */
const MIN_OWN_FRAMES = 10;

/**
 * Lines up to this many frames (1.5 s: "Great.", "Me too, let us.") take the speaker whose voice explains
 * theirs best, after the clustering: a short line at a turn is where the clustering, with too few frames
 * to outweigh its penalty, put it with a neighbour (18 of 20 lines right on the turns dialogue before).
 */
const SHORT_FRAMES = 150;

/** Voiced pitch frames (20 ms: 0.1 s) a short line needs for its pitch to count. */
const MIN_OWN_VOICED = 5;

/**
 * Least variance of a voice's log pitch: a semitone's spread. A synthetic voice's flat pitch would
 * otherwise make two of its sentences a few hertz apart look like two people.
 */
const PITCH_VAR_FLOOR = Math.log(2 ** (1 / 12)) ** 2;

/** Voiced pitch frames (20 ms hop: 0.4 s) each side needs before the pitch counts in a comparison. */
const MIN_VOICED = 20;

/** Sufficient statistics of a diagonal Gaussian over MFCC frames. */
export interface Stats {
  n: number;
  sum: Float64Array;
  sq: Float64Array;
  /**
   * The same over the natural log of the voiced frames' pitch (one dimension). MFCC c1–c12 describe the
   * vocal tract and hardly the pitch: over music, a woman's sentence scored as close to a man's voice as
   * to hers by MFCC alone, while their median pitches stood 5 semitones apart (bench/pipeline/asr.ts).
   */
  pitch?: Stats;
}

export function stats(frames: Float64Array[]): Stats | null {
  if (frames.length === 0) return null;
  const d = frames[0]!.length;
  const sum = new Float64Array(d);
  const sq = new Float64Array(d);
  for (const f of frames)
    for (let i = 0; i < d; i++) {
      const v = f[i] as number;
      sum[i] = (sum[i] as number) + v;
      sq[i] = (sq[i] as number) + v * v;
    }
  return { n: frames.length, sum, sq };
}

function mergeStats(a: Stats, b: Stats): Stats {
  const merged: Stats = {
    n: a.n + b.n,
    sum: a.sum.map((v, i) => v + (b.sum[i] as number)),
    sq: a.sq.map((v, i) => v + (b.sq[i] as number)),
  };
  const pitch = a.pitch && b.pitch ? mergeStats(a.pitch, b.pitch) : (a.pitch ?? b.pitch);
  return pitch ? { ...merged, pitch } : merged;
}

function logDet(a: Stats, floor = 1e-6): number {
  let l = 0;
  for (let i = 0; i < a.sum.length; i++) {
    const m = (a.sum[i] as number) / a.n;
    l += Math.log(Math.max(floor, (a.sq[i] as number) / a.n - m * m));
  }
  return l;
}

/** Per-frame likelihood ratio of one Gaussian for a ∪ b against one each, variances floored. */
function ratio(a: Stats, b: Stats, floor?: number): number {
  const m = mergeStats(a, b);
  return (0.5 * (m.n * logDet(m, floor) - a.n * logDet(a, floor) - b.n * logDet(b, floor))) / m.n;
}

/** Pure: per-frame generalized likelihood ratio of one Gaussian for a ∪ b against one each (≥ 0). */
export function glr(a: Stats, b: Stats): number {
  const spectrum = ratio(a, b);
  // the pitch's ratio per voiced frame, where both sides have enough voiced frames to say
  const voiced = a.pitch && b.pitch && a.pitch.n >= MIN_VOICED && b.pitch.n >= MIN_VOICED;
  return voiced ? spectrum + ratio(a.pitch!, b.pitch!, PITCH_VAR_FLOOR) : spectrum;
}

/**
 * Pure: mean log-likelihood per frame of the frames summarised by `a` under the diagonal Gaussian of
 * `model` (variances floored): how well a voice's model explains a line.
 */
export function meanLogLikelihood(a: Stats, model: Stats, floor = 1e-6): number {
  let ll = 0;
  for (let i = 0; i < a.sum.length; i++) {
    const mu = (model.sum[i] as number) / model.n;
    const v = Math.max(floor, (model.sq[i] as number) / model.n - mu * mu);
    const meanSq = (a.sq[i] as number) / a.n - (2 * mu * (a.sum[i] as number)) / a.n + mu * mu;
    ll += -0.5 * (Math.log(2 * Math.PI * v) + meanSq / v);
  }
  return ll;
}

/** Pure: how well a line's voice fits a speaker's: spectrum per frame, plus its pitch when voiced enough. */
function fit(line: Stats, speaker: Stats): number {
  const spectrum = meanLogLikelihood(line, speaker);
  const voiced =
    line.pitch && speaker.pitch && line.pitch.n >= MIN_OWN_VOICED && speaker.pitch.n >= MIN_VOICED;
  return voiced ? spectrum + meanLogLikelihood(line.pitch!, speaker.pitch!, PITCH_VAR_FLOOR) : spectrum;
}

/**
 * Pure: how well each speaker's voice explains line `i`: per speaker (of `labels`) the fit of the line's
 * frames and pitch under the model of that speaker's other lines (their longer ones when they have any),
 * best first; empty when the line is too short to be heard. The diarizer's short-line pass and the
 * report card's speaker check both decide from it.
 */
export function speakerFits<L>(
  items: readonly (Stats | null)[],
  labels: readonly L[],
  i: number,
  shortFrames = SHORT_FRAMES,
): { speaker: L; fit: number }[] {
  const line = items[i];
  if (!line) return [];
  const out: { speaker: L; fit: number }[] = [];
  for (const sp of new Set(labels)) {
    const others = items.filter((x, j): x is Stats => !!x && j !== i && labels[j] === sp);
    const long = others.filter((x) => x.n > shortFrames);
    const model = (long.length ? long : others).reduce<Stats | null>(
      (m, x) => (m ? mergeStats(m, x) : x),
      null,
    );
    if (model) out.push({ speaker: sp, fit: fit(line, model) });
  }
  return out.sort((a, b) => b.fit - a.fit);
}

/**
 * Pure: each short line's speaker decided by its own voice: the speaker (of `labels`) whose other lines'
 * model explains the line's frames and pitch best. Longer lines keep their label; a line too short to
 * be heard (null) keeps its neighbour's. Labels renumbered by first appearance.
 */
export function byOwnVoice(
  items: readonly (Stats | null)[],
  labels: readonly number[],
  shortFrames = SHORT_FRAMES,
): number[] {
  const out = [...labels];
  if (new Set(labels).size > 1)
    items.forEach((line, i) => {
      if (!line || line.n > shortFrames) return;
      out[i] = speakerFits(items, labels, i, shortFrames)[0]?.speaker ?? labels[i]!;
    });
  const map = new Map<number, number>();
  return out.map((l) => {
    if (!map.has(l)) map.set(l, map.size);
    return map.get(l)!;
  });
}

/** Pure: ΔBIC of modelling a and b by two diagonal Gaussians instead of one. Positive: different speakers. */
export function bicDistance(a: Stats, b: Stats, lambda = BIC_LAMBDA): number {
  const m = mergeStats(a, b);
  const d = a.sum.length;
  return 0.5 * (m.n * logDet(m) - a.n * logDet(a) - b.n * logDet(b)) - lambda * 0.5 * (2 * d) * Math.log(m.n);
}

/**
 * Pure: merge cost per frame of two segments: their likelihood ratio minus the larger of the BIC
 * penalty per frame and `floor`; below 0 they are one speaker by ΔBIC < 0 or by a ratio under the floor.
 */
function pairCost(a: Stats, b: Stats, lambda: number, floor: number): number {
  const m = a.n + b.n;
  const penalty = (lambda * 0.5 * (2 * a.sum.length) * Math.log(m)) / m;
  return glr(a, b) - Math.max(penalty, floor);
}

/** A merge of cluster bj into bi seen from cluster j, for a linkage to score. */
interface Rescore {
  bi: number;
  bj: number;
  j: number;
  /** Members of bi and bj before the merge. */
  ni: number;
  nj: number;
  /** Costs before the merge. */
  at(x: number, y: number): number;
}

/** How an agglomeration scores its pairs: at the start, and a cluster j against the merge of bi and bj. */
interface Linkage {
  initial(i: number, j: number): number;
  /** Called once per merge of bj into bi, before its rescores. */
  join?(bi: number, bj: number): void;
  rescore(m: Rescore): number;
}

/**
 * Pure: bottom-up merging of n items under a linkage: the cheapest pair while it costs below 0 (or until
 * `k` clusters remain when k is given; never more than maxClusters). The clusters' members.
 */
function agglomerate(n: number, link: Linkage, opts: { k?: number; maxClusters?: number }): number[][] {
  const { k, maxClusters = Infinity } = opts;
  const members: (number[] | null)[] = Array.from({ length: n }, (_, i) => [i]);
  // score[i][j] (i < j): the cost of merging clusters i and j
  const score: Float64Array[] = members.map(() => new Float64Array(n).fill(Infinity));
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) score[i]![j] = link.initial(i, j);
  const at = (x: number, y: number) => (x < y ? score[x]![y]! : score[y]![x]!);
  let count = n;
  while (count > 1) {
    const { best, bi, bj } = cheapest(score, members);
    const mustMerge = (k !== undefined && count > k) || count > maxClusters;
    if (bi < 0 || (!mustMerge && (k !== undefined || best >= 0))) break;
    link.join?.(bi, bj);
    const ni = members[bi]!.length;
    const nj = members[bj]!.length;
    for (let j = 0; j < n; j++) {
      if (j === bi || j === bj || !members[j]) continue;
      const v = link.rescore({ bi, bj, j, ni, nj, at });
      if (j < bi) score[j]![bi] = v;
      else score[bi]![j] = v;
    }
    members[bi] = [...members[bi]!, ...members[bj]!];
    members[bj] = null;
    count--;
  }
  return members.filter((m): m is number[] => m !== null);
}

/** Pure: the live pair of clusters (bi < bj) with the lowest score; bi = -1 when there is none. */
function cheapest(score: Float64Array[], members: (number[] | null)[]) {
  let best = Infinity;
  let bi = -1;
  let bj = -1;
  for (let i = 0; i < members.length; i++) {
    if (!members[i]) continue;
    const row = score[i]!;
    for (let j = i + 1; j < members.length; j++) {
      if (members[j] && (row[j] as number) < best) {
        best = row[j] as number;
        bi = i;
        bj = j;
      }
    }
  }
  return { best, bi, bj };
}

/**
 * Average linkage: a pair of clusters costs the mean of their segment pairs' costs (O(n) per merge). A
 * short line's evidence counts as much against a large cluster as against one segment.
 */
function averageLinkage(items: Stats[], lambda: number, floor: number): Linkage {
  return {
    initial: (i, j) => pairCost(items[i]!, items[j]!, lambda, floor),
    rescore: ({ bi, bj, j, ni, nj, at }) => (ni * at(j, bi) + nj * at(j, bj)) / (ni + nj),
  };
}

/** Pooled linkage: a pair of clusters costs as two segments would, each cluster one pooled Gaussian. */
function pooledLinkage(items: Stats[], lambda: number, floor: number): Linkage {
  const st = [...items];
  return {
    initial: (i, j) => pairCost(st[i]!, st[j]!, lambda, floor),
    join(bi, bj) {
      st[bi] = mergeStats(st[bi]!, st[bj]!);
    },
    rescore: ({ bi, j }) => pairCost(st[bi]!, st[j]!, lambda, floor),
  };
}

/** Pure: labels numbered by first appearance from clusters' members. */
function labelsOf(n: number, groups: number[][]): number[] {
  const label = new Array<number>(n).fill(0);
  [...groups]
    .sort((a, b) => Math.min(...a) - Math.min(...b))
    .forEach((g, rank) => {
      for (const i of g) label[i] = rank;
    });
  return label;
}

/** The clustering's floors (see the constants above), and an exact or largest number of clusters. */
export interface ClusterOptions {
  lambda?: number;
  glrMerge?: number;
  avgMerge?: number;
  k?: number;
  maxClusters?: number;
}

/**
 * Pure: agglomerative clustering in two passes. First average linkage (a pair of clusters costs the mean
 * of its segment pairs' costs) under `avgMerge`: pooling a growing cluster into one Gaussian diluted a
 * short line's evidence by the cluster's size, and on a 30-minute dialogue one voice's 3-minute cluster
 * took the other voice's 2 s lines in (docs/ENGINES.md). Then the clusters it leaves, each pooled into
 * one Gaussian, merged under `glrMerge`: a voice's pooled model is sharper than its lines', and two
 * male voices a segment pair barely tells apart stay apart while one voice's odd lines join it. With
 * `k`, average linkage alone down to exactly k clusters. Labels are numbered by first appearance.
 */
export function cluster(items: Stats[], opts: ClusterOptions = {}): number[] {
  const { lambda = BIC_LAMBDA, glrMerge = GLR_MERGE, avgMerge = AVG_MERGE, k, maxClusters } = opts;
  const n = items.length;
  if (k !== undefined) return labelsOf(n, agglomerate(n, averageLinkage(items, lambda, avgMerge), { k }));
  const first = agglomerate(n, averageLinkage(items, lambda, avgMerge), {});
  const pooled = first.map((g) => g.map((i) => items[i]!).reduce(mergeStats));
  const second = agglomerate(pooled.length, pooledLinkage(pooled, lambda, glrMerge), { maxClusters });
  return labelsOf(
    n,
    second.map((g) => g.flatMap((c) => first[c]!)),
  );
}

function regionFrames(samples: Float32Array, sampleRate: number, r: Region): Float64Array[] {
  return mfcc(samples, sampleRate, r, { hopMs: HOP_MS });
}

/** Frame statistics of each region (spectrum and pitch); null for regions too short to describe a voice. */
export function regionStats(samples: Float32Array, sampleRate: number, regions: Region[]): (Stats | null)[] {
  return regions.map((r) => {
    const f = regionFrames(samples, sampleRate, r);
    if (f.length < MIN_OWN_FRAMES) return null;
    const pitch = stats(
      pitchTrack(samples, sampleRate, [r], Infinity).map((hz) => Float64Array.of(Math.log(hz))),
    );
    return pitch ? { ...stats(f)!, pitch } : stats(f);
  });
}

/**
 * Frame statistics of each region (regionStats), each read from the track on its own: only one region's
 * samples are held at a time.
 */
export async function trackStats(
  track: Track,
  regions: Region[],
  signal?: AbortSignal,
): Promise<(Stats | null)[]> {
  const out: (Stats | null)[] = [];
  for (const r of regions) {
    throwIfAborted(signal);
    const { samples, offsetMs } = await regionClip(track, r);
    const shifted = { start: r.start - offsetMs, end: r.end - offsetMs };
    out.push(regionStats(samples, track.sampleRate, [shifted])[0]!);
  }
  return out;
}

/**
 * Pure: labels for regions from their statistics. Short regions (null) take the label of the nearest
 * clustered region in order. Labels are numbered by first appearance.
 */
export function labelRegions(items: (Stats | null)[], opts: ClusterOptions = {}): number[] {
  const idx = items.map((e, i) => (e ? i : -1)).filter((i) => i >= 0);
  if (idx.length === 0) return items.map(() => 0);
  const lab = cluster(
    idx.map((i) => items[i]!),
    opts,
  );
  const labels = items.map((_, i) => {
    let nearest = 0;
    for (let j = 1; j < idx.length; j++) if (Math.abs(idx[j]! - i) < Math.abs(idx[nearest]! - i)) nearest = j;
    return lab[nearest]!;
  });
  const map = new Map<number, number>();
  return labels.map((l) => {
    if (!map.has(l)) map.set(l, map.size);
    return map.get(l)!;
  });
}

/**
 * Speaker changes inside one utterance: candidate times (word boundaries, ms) where the audio before
 * and after (up to windowMs each side, at least minSpanMs) differs by a per-frame likelihood ratio
 * above changeGlr (and ΔBIC > 0); the best per minSpanMs kept. `samples` start at `offsetMs` of the
 * track (0: the whole track; regionClip: the utterance's own); `region` and `candidates` are track times.
 * MFCCs are computed once for the utterance; window statistics come from prefix sums.
 */
export function changePoints(
  input: {
    samples: Float32Array;
    sampleRate: number;
    offsetMs?: number;
    region: Region;
    candidates: number[];
  },
  opts: { windowMs?: number; minSpanMs?: number; lambda?: number; changeGlr?: number } = {},
): number[] {
  const { windowMs = 3000, minSpanMs = 1000, lambda = BIC_LAMBDA, changeGlr = CHANGE_GLR } = opts;
  const { samples, sampleRate, offsetMs = 0, region: r, candidates } = input;
  const frames = regionFrames(samples, sampleRate, { start: r.start - offsetMs, end: r.end - offsetMs });
  if (frames.length < 2 * MIN_FRAMES) return [];
  const d = frames[0]!.length;
  const ps: Float64Array[] = [new Float64Array(d)];
  const pq: Float64Array[] = [new Float64Array(d)];
  for (const f of frames) {
    ps.push(ps.at(-1)!.map((v, i) => v + (f[i] as number)));
    pq.push(pq.at(-1)!.map((v, i) => v + (f[i] as number) ** 2));
  }
  const range = (from: number, to: number): Stats => ({
    n: to - from,
    sum: ps[to]!.map((v, i) => v - (ps[from]![i] as number)),
    sq: pq[to]!.map((v, i) => v - (pq[from]![i] as number)),
  });
  const win = Math.round(windowMs / HOP_MS);
  const found: { t: number; score: number }[] = [];
  for (const t of candidates) {
    if (t - r.start < minSpanMs || r.end - t < minSpanMs) continue;
    const at = Math.min(frames.length, Math.max(0, Math.round((t - r.start) / HOP_MS)));
    const a = range(Math.max(0, at - win), at);
    const b = range(at, Math.min(frames.length, at + win));
    if (a.n < MIN_FRAMES || b.n < MIN_FRAMES) continue;
    const g = glr(a, b);
    if (g > changeGlr && bicDistance(a, b, lambda) > 0) found.push({ t, score: g });
  }
  const kept: { t: number; score: number }[] = [];
  for (const c of found.sort((x, y) => y.score - x.score))
    if (kept.every((k) => Math.abs(k.t - c.t) >= minSpanMs)) kept.push(c);
  return kept.map((k) => k.t).sort((x, y) => x - y);
}

/** The local diarization engine. */
export function createLocalDiarizer(
  /** `shortFrames`: lines up to this many frames go by their own voice (0: they keep the clustering's). */
  opts: { lambda?: number; glrMerge?: number; avgMerge?: number; shortFrames?: number } = {},
): DiarizationEngine {
  const lambda = opts.lambda ?? BIC_LAMBDA;
  const glrMerge = opts.glrMerge ?? GLR_MERGE;
  const avgMerge = opts.avgMerge ?? AVG_MERGE;
  const shortFrames = opts.shortFrames ?? SHORT_FRAMES;
  return {
    id: "mfcc-bic",
    kind: "diarization",
    label: "MFCC Gaussians + BIC agglomerative clustering",
    local: true,
    available: async () => ({ ok: true }),
    async diarize(input: DiarizationInput): Promise<DiarizationResult> {
      throwIfAborted(input.signal);
      const st = await trackStats(input.audio, input.segments, input.signal);
      // clustered: the lines long enough to outweigh the penalty; then the short ones by their own voice
      const clustered = labelRegions(
        st.map((x) => (x && x.n >= MIN_FRAMES ? x : null)),
        { lambda, glrMerge, avgMerge, k: input.speakers, maxClusters: input.maxSpeakers },
      );
      const labels = byOwnVoice(st, clustered, shortFrames);
      return {
        labels,
        params: {
          features: "MFCC c1-c12, 25 ms / 10 ms",
          model: "diagonal Gaussian",
          criterion: "BIC",
          lambda,
          linkage: `average under ${avgMerge}, then pooled under ${glrMerge}`,
          shortLines: `up to ${shortFrames * HOP_MS} ms: the speaker whose voice fits best`,
        },
      };
    },
  };
}
