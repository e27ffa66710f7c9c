// Pure measures of how a person speaks: median pitch, pitch range and speaking rate in syllables
// per second, from their own speech. The same measures are taken on a TTS voice's clips, so that an
// engine can be set to speak at the speaker's pitch and pace (measure biases cancel).
import { concat } from "./dsp.ts";
import { pitchTrack, type Region, speechRegions } from "./features.ts";
import { voiceprintOf } from "./voiceprint.ts";

/** How someone speaks. */
export interface Prosody {
  /** Median fundamental frequency of voiced speech (Hz). */
  pitchHz: number;
  /** Pitch range: the 10th to the 90th percentile of the pitch, in semitones. */
  rangeSt: number;
  /** Syllable nuclei per second of speech (pauses between regions not counted). */
  syllablesPerSec: number;
  /** A speaker's voice fingerprint (audio/voiceprint.ts), when measured from their own speech. */
  voiceprint?: number[];
}

export interface ProsodyMeasure extends Prosody {
  /** Speech measured (ms): the length of the regions looked at. */
  speechMs: number;
  /** Voiced frames the pitch is taken from (20 ms each); few frames, an unsure pitch. */
  voicedFrames: number;
}

/** Pure: the value at quantile q (0..1) of sorted values. */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const x = q * (sorted.length - 1);
  const lo = Math.floor(x);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (x - lo);
}

/**
 * Pure: median and range of a pitch track. Octave errors of the autocorrelation (a frame at half or
 * twice the true pitch) are dropped first: frames more than 9 semitones from the median.
 */
export function pitchStats(track: number[]): { pitchHz: number; rangeSt: number } {
  const sorted = [...track].sort((a, b) => a - b);
  const med = quantile(sorted, 0.5);
  if (med <= 0) return { pitchHz: 0, rangeSt: 0 };
  const kept = sorted.filter((f) => Math.abs(12 * Math.log2(f / med)) <= 9);
  const p10 = quantile(kept, 0.1);
  const p90 = quantile(kept, 0.9);
  return { pitchHz: quantile(kept, 0.5), rangeSt: p10 > 0 ? 12 * Math.log2(p90 / p10) : 0 };
}

const FRAME_MS = 10;

/** Pure: level (dB) of 30 ms windows every 10 ms, smoothed over 3 frames. */
function envelope(samples: Float32Array, sampleRate: number): Float64Array {
  const hop = Math.round((sampleRate * FRAME_MS) / 1000);
  const win = 3 * hop;
  const n = Math.max(0, Math.floor((samples.length - win) / hop) + 1);
  const raw = new Float64Array(n);
  for (let f = 0; f < n; f++) {
    let s = 0;
    const o = f * hop;
    for (let i = 0; i < win; i++) s += (samples[o + i] as number) ** 2;
    raw[f] = 10 * Math.log10(s / win + 1e-12);
  }
  const out = new Float64Array(n);
  for (let f = 0; f < n; f++) {
    const a = raw[Math.max(0, f - 1)] as number;
    const b = raw[f] as number;
    const c = raw[Math.min(n - 1, f + 1)] as number;
    out[f] = (a + b + c) / 3;
  }
  return out;
}

/**
 * Pure: whether the 40 ms around sample `at` is periodic at a speech pitch (60–400 Hz): any of the three
 * frames from 20 ms before it, looked at one by one until one is.
 */
function voicedAt(samples: Float32Array, sampleRate: number, atMs: number): boolean {
  const start = Math.max(0, atMs - 20);
  for (let k = 0; k < 3; k++) {
    if (pitchTrack(samples, sampleRate, [{ start: start + 20 * k, end: start + 100 }], 1).length > 0)
      return true;
  }
  return false;
}

/**
 * Pure: syllable nuclei in the regions, after de Jong & Wempe (2009): peaks of the level envelope that
 * stand out by `dipDb` from the dips on both sides, are no quieter than `belowPeakDb` under the loudest
 * frame of the regions, and are voiced.
 */
export function syllableNuclei(
  samples: Float32Array,
  sampleRate: number,
  regions: Region[],
  opts: { dipDb?: number; belowPeakDb?: number } = {},
): number {
  const { dipDb = 2, belowPeakDb = 25 } = opts;
  const env = envelope(samples, sampleRate);
  const frames = (r: Region) => ({
    a: Math.max(0, Math.floor(r.start / FRAME_MS)),
    b: Math.min(env.length, Math.ceil(r.end / FRAME_MS)),
  });
  let loudest = Number.NEGATIVE_INFINITY;
  for (const r of regions) {
    const { a, b } = frames(r);
    for (let f = a; f < b; f++) loudest = Math.max(loudest, env[f] as number);
  }
  const floor = loudest - belowPeakDb;
  let count = 0;
  for (const r of regions) {
    const { a, b } = frames(r);
    // walk the envelope: a peak counts when the level has fallen dipDb below it before the next rise
    // past it, and it had risen dipDb above the dip before it
    let dip = Number.POSITIVE_INFINITY;
    let peak = Number.NEGATIVE_INFINITY;
    let peakAt = -1;
    for (let f = a; f < b; f++) {
      const v = env[f] as number;
      if (peakAt < 0) {
        if (v < dip) dip = v;
        else if (v >= dip + dipDb && v >= floor) {
          peak = v;
          peakAt = f;
        }
      } else if (v > peak) {
        peak = v;
        peakAt = f;
      } else if (v <= peak - dipDb) {
        if (voicedAt(samples, sampleRate, peakAt * FRAME_MS + 15)) count++;
        peakAt = -1;
        dip = v;
      }
    }
    // a last peak cut off by the region's end counts when it stood out from its dip
    if (peakAt >= 0 && voicedAt(samples, sampleRate, peakAt * FRAME_MS + 15)) count++;
  }
  return count;
}

/**
 * Pure: how the speech in `regions` is spoken. `maxPitchFrames` bounds the pitch work (the regions'
 * first frames are looked at). Zeros when there is no voiced speech.
 */
export function measureProsody(
  samples: Float32Array,
  sampleRate: number,
  regions: Region[],
  maxPitchFrames = 3000,
): ProsodyMeasure {
  const speechMs = regions.reduce((n, r) => n + Math.max(0, r.end - r.start), 0);
  const track = pitchTrack(samples, sampleRate, regions, maxPitchFrames);
  const { pitchHz, rangeSt } = pitchStats(track);
  const nuclei = speechMs > 0 ? syllableNuclei(samples, sampleRate, regions) : 0;
  return {
    pitchHz,
    rangeSt,
    syllablesPerSec: speechMs > 0 ? nuclei / (speechMs / 1000) : 0,
    speechMs,
    voicedFrames: track.length,
  };
}

/** Pure: the ratio that shifts pitch `from` to pitch `to`, in semitones. */
export function semitones(from: number, to: number): number {
  return from > 0 && to > 0 ? 12 * Math.log2(to / from) : 0;
}

/** How much of a speaker's speech is measured: enough for a stable median, bounded work. */
const SPEAKER_SAMPLE_MS = 60_000;

/** Pure: a speaker's regions, longest first, until `maxMs` (the last one cut): the stretches to measure. */
export function longestFirst(regions: Region[], maxMs = SPEAKER_SAMPLE_MS): Region[] {
  const out: Region[] = [];
  let left = maxMs;
  for (const r of [...regions].sort((a, b) => b.end - b.start - (a.end - a.start))) {
    if (left <= 0) break;
    const len = Math.min(r.end - r.start, left);
    if (len <= 0) continue;
    out.push({ start: r.start, end: r.start + len });
    left -= len;
  }
  return out;
}

/**
 * Pure: how a speaker speaks, from audio holding only their speech (their segments one after another):
 * measured on the speech found in it, as a TTS clip is (follow.ts), so that pauses inside segments do
 * not count as slow speech.
 */
export function measureSpeech(samples: Float32Array, sampleRate: number): ProsodyMeasure {
  return measureProsody(samples, sampleRate, speechRegions(samples, sampleRate));
}

/**
 * Pure: a speaker's measures kept on their style: pitch and pace, and their voice's fingerprint when
 * there is speech enough for one. null when nothing is voiced.
 */
export function speakerMeasure(samples: Float32Array, sampleRate: number): Prosody | null {
  const regions = speechRegions(samples, sampleRate);
  const m = measureProsody(samples, sampleRate, regions);
  if (m.voicedFrames === 0) return null;
  const print = voiceprintOf(samples, sampleRate, regions);
  return {
    pitchHz: m.pitchHz,
    rangeSt: m.rangeSt,
    syllablesPerSec: m.syllablesPerSec,
    ...(print ? { voiceprint: print } : {}),
  };
}

/** Pure: the samples of `regions` (ms) one after another. */
export function concatRegions(samples: Float32Array, sampleRate: number, regions: Region[]): Float32Array {
  const parts = regions.map((r) =>
    samples.subarray(
      Math.max(0, Math.round((r.start * sampleRate) / 1000)),
      Math.min(samples.length, Math.round((r.end * sampleRate) / 1000)),
    ),
  );
  return concat(parts, Float32Array);
}
