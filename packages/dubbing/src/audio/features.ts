// Pure audio features for segmentation and diarization: frame energies, speech/silence regions,
// MFCCs and a pitch estimate. All times in milliseconds.
import { correlator } from "./correlation.ts";
import { Fft } from "./fft.ts";

export interface Region {
  start: number;
  end: number;
}

/** Pure: regions sorted by start, those that overlap or touch made one. */
export function mergeRegions(regions: Region[]): Region[] {
  const out: Region[] = [];
  for (const r of [...regions].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** RMS level (dBFS) of consecutive frames of `frameMs`. */
function frameLevels(samples: Float32Array, sampleRate: number, frameMs = 10): Float32Array {
  const frame = Math.max(1, Math.round((sampleRate * frameMs) / 1000));
  const n = Math.floor(samples.length / frame);
  const out = new Float32Array(n);
  for (let f = 0; f < n; f++) {
    let s = 0;
    const o = f * frame;
    for (let i = 0; i < frame; i++) s += (samples[o + i] as number) ** 2;
    out[f] = 10 * Math.log10(s / frame + 1e-12);
  }
  return out;
}

interface VadOptions {
  frameMs?: number;
  /** Absolute floor: frames quieter than this are never speech. */
  floorDb?: number;
  /** Speech must be this far above the estimated noise level. */
  aboveNoiseDb?: number;
  /** Shorter speech bursts are dropped (clicks). */
  minSpeechMs?: number;
  /** Shorter pauses are bridged. */
  minSilenceMs?: number;
  /** Regions are extended over neighbouring frames this far above the noise (soft onsets, tails). */
  extendAboveNoiseDb?: number;
}

/**
 * Energy voice-activity detection with hysteresis: speech regions in ms. The noise level is the 10th
 * percentile of frame levels; speech is louder than max(floorDb, noise + aboveNoiseDb), and a region
 * extends over adjacent frames louder than max(floorDb − 10, noise + extendAboveNoiseDb).
 */
export function speechRegions(samples: Float32Array, sampleRate: number, opts: VadOptions = {}): Region[] {
  return regionsFromLevels(frameLevels(samples, sampleRate, opts.frameMs ?? 10), opts);
}

/** speechRegions from frame levels already measured (e.g. while a long file streams past). */
export function regionsFromLevels(levels: Float32Array, opts: VadOptions = {}): Region[] {
  const {
    frameMs = 10,
    floorDb = -50,
    aboveNoiseDb = 15,
    minSpeechMs = 120,
    minSilenceMs = 200,
    extendAboveNoiseDb = 6,
  } = opts;
  if (levels.length === 0) return [];
  const sorted = Float32Array.from(levels).sort();
  const noise = sorted[Math.floor(sorted.length * 0.1)] as number;
  const thr = Math.max(floorDb, noise + aboveNoiseDb);
  const low = Math.min(thr, Math.max(floorDb - 10, noise + extendAboveNoiseDb));
  const raw: Region[] = [];
  let start = -1;
  for (let f = 0; f <= levels.length; f++) {
    const on = f < levels.length && (levels[f] as number) >= thr;
    if (on && start < 0) start = f;
    if (!on && start >= 0) {
      let a = start;
      let b = f;
      while (a > 0 && (levels[a - 1] as number) >= low) a--;
      while (b < levels.length && (levels[b] as number) >= low) b++;
      const prev = raw.at(-1);
      if (prev && a * frameMs <= prev.end) prev.end = Math.max(prev.end, b * frameMs);
      else raw.push({ start: a * frameMs, end: b * frameMs });
      f = Math.max(f, b - 1);
      start = -1;
    }
  }
  const bridged: Region[] = [];
  for (const r of raw) {
    const prev = bridged.at(-1);
    if (prev && r.start - prev.end < minSilenceMs) prev.end = r.end;
    else bridged.push({ ...r });
  }
  return bridged.filter((r) => r.end - r.start >= minSpeechMs);
}

/** The gaps between speech regions (and before the first / after the last), within [0, totalMs]. */
export function silences(speech: Region[], totalMs: number): Region[] {
  const out: Region[] = [];
  let t = 0;
  for (const r of speech) {
    if (r.start > t) out.push({ start: t, end: r.start });
    t = Math.max(t, r.end);
  }
  if (totalMs > t) out.push({ start: t, end: totalMs });
  return out;
}

// ---- MFCC -------------------------------------------------------------------------------------------

const mel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const imel = (m: number) => 700 * (10 ** (m / 2595) - 1);

interface MfccOptions {
  frameMs?: number;
  hopMs?: number;
  nFilters?: number;
  nCoeffs?: number;
  lowHz?: number;
  highHz?: number;
}

/**
 * MFCCs (c1..cN, c0 dropped so loudness does not matter) for frames starting every hopMs within
 * [fromMs, toMs). Returns one Float64Array per frame.
 */
export function mfcc(
  samples: Float32Array,
  sampleRate: number,
  span: { start: number; end: number },
  opts: MfccOptions = {},
): Float64Array[] {
  const { start: fromMs, end: toMs } = span;
  const { frameMs = 25, hopMs = 10, nFilters = 26, nCoeffs = 12, lowHz = 100, highHz = 7000 } = opts;
  const frame = Math.round((sampleRate * frameMs) / 1000);
  const hop = Math.round((sampleRate * hopMs) / 1000);
  let nfft = 1;
  while (nfft < frame) nfft <<= 1;
  const hi = Math.min(highHz, sampleRate / 2);
  const points = Array.from({ length: nFilters + 2 }, (_, i) =>
    Math.floor(((nfft + 1) * imel(mel(lowHz) + ((mel(hi) - mel(lowHz)) * i) / (nFilters + 1))) / sampleRate),
  );
  const window = new Float64Array(frame);
  for (let i = 0; i < frame; i++) window[i] = 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (frame - 1));
  const fft = new Fft(nfft);
  const out: Float64Array[] = [];
  const re = new Float64Array(nfft);
  const im = new Float64Array(nfft);
  const energies = new Float64Array(nFilters);
  const first = Math.max(0, Math.round((fromMs * sampleRate) / 1000));
  const last = Math.min(samples.length - frame, Math.round((toMs * sampleRate) / 1000) - frame);
  for (let o = first; o <= last; o += hop) {
    re.fill(0);
    im.fill(0);
    let prev = o > 0 ? (samples[o - 1] as number) : 0;
    for (let i = 0; i < frame; i++) {
      const s = samples[o + i] as number;
      re[i] = (s - 0.97 * prev) * (window[i] as number);
      prev = s;
    }
    fft.transform(re, im);
    for (let m = 0; m < nFilters; m++) {
      const a = points[m] as number;
      const b = points[m + 1] as number;
      const c = points[m + 2] as number;
      let e = 0;
      for (let k = a; k < c; k++) {
        const w = k < b ? (k - a) / (b - a || 1) : (c - k) / (c - b || 1);
        e += w * ((re[k] as number) ** 2 + (im[k] as number) ** 2);
      }
      energies[m] = Math.log(e + 1e-10);
    }
    const coeffs = new Float64Array(nCoeffs);
    for (let n = 1; n <= nCoeffs; n++) {
      let s = 0;
      for (let m = 0; m < nFilters; m++)
        s += (energies[m] as number) * Math.cos((Math.PI * n * (m + 0.5)) / nFilters);
      coeffs[n - 1] = s;
    }
    out.push(coeffs);
  }
  return out;
}

/**
 * Fundamental frequency (Hz) of each voiced 40 ms frame (20 ms hop) in the given regions, by normalised
 * autocorrelation on a 60–400 Hz range, in time order. Looks at most `maxFrames` frames.
 */
export function pitchTrack(
  samples: Float32Array,
  sampleRate: number,
  regions: Region[],
  maxFrames = 300,
): number[] {
  const frame = Math.round(sampleRate * 0.04);
  const minLag = Math.floor(sampleRate / 400);
  const maxLag = Math.ceil(sampleRate / 60);
  const hop = Math.round(sampleRate * 0.02);
  const pitches: number[] = [];
  const corr = new Float64Array(maxLag + 2);
  const correlate = correlator(frame, maxLag + 1);
  let looked = 0;
  for (const r of regions) {
    const from = Math.round((r.start * sampleRate) / 1000);
    const to = Math.min(samples.length, Math.round((r.end * sampleRate) / 1000)) - frame - maxLag - 1;
    for (let o = from; o < to && looked < maxFrames; o += hop, looked++) {
      let e0 = 0;
      for (let i = 0; i < frame; i++) e0 += (samples[o + i] as number) ** 2;
      if (e0 < 1e-6 * frame) continue;
      correlate(samples, o, corr);
      // the energy under the frame shifted by each lag, slid along from the first lag
      const sq = (i: number) => (samples[o + i] as number) ** 2;
      let e1 = 0;
      for (let i = minLag; i < minLag + frame; i++) e1 += sq(i);
      let best = 0;
      for (let lag = minLag; lag <= maxLag + 1; lag++) {
        if (lag > minLag) e1 += sq(lag + frame - 1) - sq(lag - 1);
        const v = (corr[lag] as number) / Math.sqrt(e0 * Math.max(0, e1) + 1e-12);
        corr[lag] = v;
        if (v > best) best = v;
      }
      // the first local maximum close to the best one (avoids picking a multiple of the period)
      let bestLag = 0;
      for (let lag = minLag + 1; lag <= maxLag; lag++) {
        const v = corr[lag] as number;
        if (v >= 0.9 * best && v >= (corr[lag - 1] as number) && v >= (corr[lag + 1] as number)) {
          bestLag = lag;
          break;
        }
      }
      if (best > 0.6 && bestLag > 0) pitches.push(sampleRate / bestLag);
    }
  }
  return pitches;
}

/**
 * Median fundamental frequency (Hz) of voiced 40 ms frames in the given regions (see pitchTrack).
 * Looks at most `maxFrames` frames. 0 when nothing is voiced.
 */
export function medianPitch(
  samples: Float32Array,
  sampleRate: number,
  regions: Region[],
  maxFrames = 300,
): number {
  const pitches = pitchTrack(samples, sampleRate, regions, maxFrames);
  if (pitches.length === 0) return 0;
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] as number;
}
