// Loudness normalisation of a mix: −16 LUFS with the true peak under a ceiling (DESIGN §4).
import {
  applyCurve,
  blockPeaks,
  gatedLoudness,
  limiterBlock,
  limiterCurve,
  minGainDb,
  peakDb,
} from "./loudness.ts";
import { measure } from "./measure.ts";

export interface NormalizeResult {
  inputLufs: number;
  outputLufs: number;
  truePeakDb: number;
  gainDb: number;
  limitedDb: number;
}

/**
 * In place: brings the audio to `targetLufs` with its true peak under `ceilingDbtp`: a gain, and a
 * limiter where the peaks would pass the ceiling. Limiting lowers the loudness a little, so the gain is
 * searched first on a model: the K-weighted energy and the peak of each ~1.4 ms block, measured once,
 * give the loudness of any gain × limiter curve (the curve changes slowly, so the energy of a block
 * scales by its gain squared) without touching the audio. The audio is then changed once. The default
 * ceiling is −1.5 dBTP: 0.5 dB of margin under −1 dBTP for the AAC encoder's overshoot. Measured on
 * every core when the audio is on shared memory (see measure.ts).
 */
export async function normalizeLoudness(
  data: Float32Array,
  channels: number,
  sampleRate: number,
  opts: { targetLufs?: number; ceilingDbtp?: number; parts?: number } = {},
): Promise<NormalizeResult> {
  const { targetLufs = -16, ceilingDbtp = -1.5 } = opts;
  const truePeakDbOf = async (d: Float32Array) => {
    const { peak } = await measure(d, channels, sampleRate, { block: 0, peak: true, parts: opts.parts });
    return peakDb(peak);
  };
  const block = limiterBlock(sampleRate);
  const sub = Math.round(sampleRate / 10);
  const perSub = sub / block;
  const blocks = (await measure(data, channels, sampleRate, { block, peak: false, parts: opts.parts }))
    .energy as Float64Array;
  const nSub = Math.floor(blocks.length / perSub);
  /** Gated loudness with each block's energy scaled by gain² × curve² (the model). */
  const modelLufs = (gain: number, curve: Float32Array | null) => {
    const energy = new Float64Array(nSub);
    for (let b = 0; b < nSub; b++) {
      let e = 0;
      for (let k = b * perSub; k < (b + 1) * perSub; k++) {
        const g = curve ? (curve[k] as number) : 1;
        e += (blocks[k] as number) * g * g;
      }
      energy[b] = e * gain * gain;
    }
    return gatedLoudness(energy, sub);
  };
  const inputLufs = modelLufs(1, null);
  if (!Number.isFinite(inputLufs))
    return {
      inputLufs,
      outputLufs: inputLufs,
      truePeakDb: await truePeakDbOf(data),
      gainDb: 0,
      limitedDb: 0,
    };
  const peaks = blockPeaks(data, channels, block);
  /** The gain (and its limiter curve) at which the model reads the target with samples under `ceiling`. */
  const search = (ceiling: number) => {
    let gain = 10 ** ((targetLufs - inputLufs) / 20);
    let curve = limiterCurve(peaks, block, sampleRate, ceiling / gain);
    for (let round = 0; round < 10; round++) {
      const lufs = modelLufs(gain, curve.gains);
      if (Math.abs(targetLufs - lufs) < 0.02) break;
      gain *= 10 ** ((targetLufs - lufs) / 20);
      curve = limiterCurve(peaks, block, sampleRate, ceiling / gain);
    }
    return { gain, curve };
  };
  // the limiter works on samples: 0.5 dB lower leaves room for peaks between samples; if a peak
  // between samples still passes the ceiling (rare), the change is undone and the samples are limited
  // lower by the excess
  let ceiling = 10 ** ((ceilingDbtp - 0.5) / 20);
  let { gain, curve } = search(ceiling);
  applyCurve(data, channels, curve, gain);
  let tp = await truePeakDbOf(data);
  for (let round = 0; round < 3 && tp > ceilingDbtp; round++) {
    applyCurve(data, channels, curve, gain, true);
    ceiling *= 10 ** (-(tp - ceilingDbtp + 0.1) / 20);
    ({ gain, curve } = search(ceiling));
    applyCurve(data, channels, curve, gain);
    tp = await truePeakDbOf(data);
  }
  // the model's loudness: within a few hundredths of a LU of a full measurement (which the encoded
  // file gets anyway)
  const lufs = modelLufs(gain, curve.gains);
  const limitedDb = minGainDb(curve);
  return { inputLufs, outputLufs: lufs, truePeakDb: tp, gainDb: 20 * Math.log10(gain), limitedDb };
}
