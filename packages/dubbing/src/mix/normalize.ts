// Loudness normalisation of a mix on disk: −16 LUFS with the true peak under a ceiling (PRODUCT.md § The dub).

import { stat } from "node:fs/promises";
import {
  applyCurve,
  type GainCurve,
  gatedLoudness,
  limiterBlock,
  limiterCurve,
  minGainDb,
  peakDb,
} from "./loudness.ts";
import { measure } from "./measure.ts";
import { eachWindow, measureFile, warmFrames, windowFrames } from "./pcmfile.ts";

export interface NormalizeResult {
  inputLufs: number;
  outputLufs: number;
  truePeakDb: number;
  gainDb: number;
  limitedDb: number;
}

/**
 * In place, on a raw float32 file (pcmfile.ts): brings the audio to `targetLufs` with its true peak
 * under `ceilingDbtp`: a gain, and a limiter where the peaks would pass the ceiling. Limiting lowers the
 * loudness a little, so the gain is searched first on a model: the K-weighted energy and the peak of
 * each ~1.4 ms block, measured in one pass, give the loudness of any gain × limiter curve (the curve
 * changes slowly, so the energy of a block scales by its gain squared) without touching the audio. The
 * audio is then changed in a second pass, which also measures its true peak. The default ceiling is
 * −1.5 dBTP: 0.5 dB of margin under −1 dBTP for the AAC encoder's overshoot. Windows are measured on
 * every core (see measure.ts).
 */
export async function normalizeFile(
  file: string,
  channels: number,
  sampleRate: number,
  opts: {
    targetLufs?: number;
    ceilingDbtp?: number;
    parts?: number;
    /** The measuring pass fills the first half, the pass that changes the audio the second. */
    onProgress?: (fraction: number) => void;
  } = {},
): Promise<NormalizeResult> {
  const { targetLufs = -16, ceilingDbtp = -1.5, parts } = opts;
  const block = limiterBlock(sampleRate);
  const sub = Math.round(sampleRate / 10);
  const perSub = sub / block;
  const total = (await stat(file)).size / (4 * channels);
  // never decreasing: a second limiting round (rare) passes over the audio again
  let shown = 0;
  const told = (from: number) => (frames: number) => {
    shown = Math.max(shown, from + (0.5 * Math.min(frames, total)) / Math.max(1, total));
    opts.onProgress?.(shown);
  };
  const m = await measureFile(file, channels, sampleRate, {
    ...{ block, peak: false, blockPeaks: true, parts },
    onWindow: told(0),
  });
  const blocks = m.energy as Float64Array;
  const peaks = m.blockPeaks as Float32Array;
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
  if (!Number.isFinite(inputLufs)) {
    const { peak } = await measureFile(file, channels, sampleRate, { block: 0, peak: true, parts });
    return { inputLufs, outputLufs: inputLufs, truePeakDb: peakDb(peak), gainDb: 0, limitedDb: 0 };
  }
  /** The gain (and its limiter curve) at which the model reads the target with samples under `ceiling`. */
  const search = (ceiling: number) => {
    let gain = 10 ** ((targetLufs - inputLufs) / 20);
    let curve = limiterCurve(peaks, { block, sampleRate, ceiling: ceiling / gain });
    for (let round = 0; round < 10; round++) {
      const lufs = modelLufs(gain, curve.gains);
      if (Math.abs(targetLufs - lufs) < 0.02) break;
      gain *= 10 ** ((targetLufs - lufs) / 20);
      curve = limiterCurve(peaks, { block, sampleRate, ceiling: ceiling / gain });
    }
    return { gain, curve };
  };
  const windows = {
    windowFrames: windowFrames(sampleRate, block),
    historyFrames: warmFrames(sampleRate, block),
    write: true,
  };
  /** Applies `next` (after undoing `undo`) window by window; the result's true peak in dBTP. */
  const apply = async (
    next: { gain: number; curve: GainCurve },
    undo: { gain: number; curve: GainCurve } | null,
  ) => {
    let peak = 0;
    await eachWindow(file, channels, windows, async (w) => {
      if (undo)
        applyCurve(w.window, channels, undo.curve, { gain: undo.gain, inverse: true, offset: w.start });
      applyCurve(w.window, channels, next.curve, { gain: next.gain, offset: w.start });
      const m = await measure(w.data, channels, sampleRate, { block: 0, peak: true, parts, from: w.history });
      peak = Math.max(peak, m.peak);
      told(0.5)(w.start + w.window.length / channels);
    });
    return peakDb(peak);
  };
  // the limiter works on samples: 0.5 dB lower leaves room for peaks between samples; if a peak
  // between samples still passes the ceiling (rare), the change is undone and the samples are limited
  // lower by the excess
  let ceiling = 10 ** ((ceilingDbtp - 0.5) / 20);
  let cur = search(ceiling);
  let tp = await apply(cur, null);
  for (let round = 0; round < 3 && tp > ceilingDbtp; round++) {
    ceiling *= 10 ** (-(tp - ceilingDbtp + 0.1) / 20);
    const next = search(ceiling);
    tp = await apply(next, cur);
    cur = next;
  }
  // the model's loudness: within a few hundredths of a LU of a full measurement (which the encoded
  // file gets anyway)
  return {
    inputLufs,
    outputLufs: modelLufs(cur.gain, cur.curve.gains),
    truePeakDb: tp,
    gainDb: 20 * Math.log10(cur.gain),
    limitedDb: minGainDb(cur.curve),
  };
}

/**
 * Pure: how to lower a mix whose encoded audio's true peak (`truePeakDb`) passed `maxTpDb`: the AAC
 * encoder can overshoot on a few transients, and lowering the whole mix for them would cost the whole
 * video its loudness. With the decoded audio's sample peak per block of `block` frames, first only
 * around the blocks whose peak passes 0.5 dB under the limit (a limiter curve: held ±1 block, ramps of
 * a block); without them, or if nothing passes there (the overshoot is between samples), the whole mix
 * by the excess and 0.2 dB.
 */
export function overshootFix(
  truePeakDb: number,
  maxTpDb: number,
  decoded: { peaks: Float32Array | null; block: number; sampleRate: number },
): number | GainCurve {
  const { peaks, block, sampleRate } = decoded;
  if (peaks) {
    const curve = limiterCurve(peaks, { block, sampleRate, ceiling: 10 ** ((maxTpDb - 0.5) / 20) });
    if (minGainDb(curve) < 0) return curve;
  }
  return 10 ** (-(truePeakDb - maxTpDb + 0.2) / 20);
}
