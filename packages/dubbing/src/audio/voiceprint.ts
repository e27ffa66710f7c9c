// A voice's fingerprint: the mean and spread of each MFCC over someone's speech (the diagonal Gaussian
// the local diarization tells speakers apart by), small enough to keep beside a saved voice, and the
// distance that says whether two fingerprints are one voice ("a voice heard before").
import { mfcc, type Region, speechRegions } from "./features.ts";

/**
 * MFCCs per frame (c1..c19: c0, the loudness, is left out so a louder recording is the same voice). The
 * bench separated its readers with 19 and not with the diarization's 12.
 */
const COEFFS = 19;

/** At least this much speech (10 ms frames: 3 s) before a fingerprint is taken: less says little. */
const MIN_FRAMES = 300;

/** A fingerprint: the 19 MFCC means, then their 19 standard deviations. */
export type Voiceprint = number[];

/** Pure: the fingerprint of the speech in `samples` (found by the energy VAD); null under 3 s of speech. */
export function voiceprint(samples: Float32Array, sampleRate: number): Voiceprint | null {
  return voiceprintOf(samples, sampleRate, speechRegions(samples, sampleRate));
}

/** Pure: the fingerprint of `regions` (ms) of `samples`; null under 3 s of speech. */
export function voiceprintOf(
  samples: Float32Array,
  sampleRate: number,
  regions: Region[],
): Voiceprint | null {
  const sum = new Float64Array(COEFFS);
  const sq = new Float64Array(COEFFS);
  let n = 0;
  for (const r of regions)
    for (const f of mfcc(samples, sampleRate, r, { nCoeffs: COEFFS })) {
      n++;
      for (let i = 0; i < COEFFS; i++) {
        const v = f[i] as number;
        sum[i] = (sum[i] as number) + v;
        sq[i] = (sq[i] as number) + v * v;
      }
    }
  if (n < MIN_FRAMES) return null;
  const mean = Array.from(sum, (s) => s / n);
  const sd = Array.from(sq, (s, i) => Math.sqrt(Math.max(1e-6, s / n - (mean[i] as number) ** 2)));
  // three decimals: the distance moves in the second, and the stored JSON stays short
  return [...mean, ...sd].map((v) => Math.round(v * 1000) / 1000);
}

/**
 * Pure: the Bhattacharyya distance between two fingerprints' Gaussians, per coefficient (0: the same
 * voice measured the same way; it grows with the difference of the means against the spread and with
 * the spreads' ratio). Fingerprints of another length are infinitely far.
 */
export function voiceDistance(a: Voiceprint, b: Voiceprint): number {
  if (a.length !== 2 * COEFFS || b.length !== 2 * COEFFS) return Infinity;
  let d = 0;
  for (let i = 0; i < COEFFS; i++) {
    const va = (a[COEFFS + i] as number) ** 2;
    const vb = (b[COEFFS + i] as number) ** 2;
    const v = (va + vb) / 2;
    d += ((a[i] as number) - (b[i] as number)) ** 2 / (8 * v) + 0.5 * Math.log(v / Math.sqrt(va * vb));
  }
  return d / COEFFS;
}

/**
 * Distance under which two fingerprints are taken for one voice: between the largest same-reader distance
 * (0.0185) and the smallest different-reader one (0.0255) measured by bench/pipeline/voice-heard-before.ts.
 */
export const SAME_VOICE_DISTANCE = 0.022;

/** Pure: whether two fingerprints are one voice. */
export const sameVoice = (a: Voiceprint, b: Voiceprint) => voiceDistance(a, b) < SAME_VOICE_DISTANCE;
