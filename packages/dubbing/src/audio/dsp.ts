// Pure signal helpers: levels, silence trimming, resampling.

export function dbfs(amplitude: number): number {
  return amplitude > 0 ? 20 * Math.log10(amplitude) : -Infinity;
}

/** RMS level in dBFS of samples[from, to). */
export function rmsDb(samples: Float32Array, from = 0, to = samples.length): number {
  let s = 0;
  for (let i = from; i < to; i++) s += (samples[i] as number) ** 2;
  return to > from ? 10 * Math.log10(s / (to - from) || 1e-20) : -Infinity;
}

/**
 * Leading/trailing silence of a TTS clip: the first and last 10 ms frames whose RMS is within
 * `belowPeakDb` of the loudest frame (and above `floorDb`), padded by `padMs` on each side.
 * Returns sample indices [start, end); end ≤ start means the clip is silent.
 */
export function trimBounds(
  samples: Float32Array,
  sampleRate: number,
  opts: { belowPeakDb?: number; floorDb?: number; padMs?: number } = {},
): { start: number; end: number } {
  const { belowPeakDb = 45, floorDb = -60, padMs = 15 } = opts;
  const frame = Math.max(1, Math.round(sampleRate / 100));
  const nFrames = Math.ceil(samples.length / frame);
  const levels = new Float64Array(nFrames);
  let peak = -Infinity;
  for (let f = 0; f < nFrames; f++) {
    const l = rmsDb(samples, f * frame, Math.min(samples.length, (f + 1) * frame));
    levels[f] = l;
    if (l > peak) peak = l;
  }
  const thr = Math.max(floorDb, peak - belowPeakDb);
  let first = -1;
  let last = -1;
  for (let f = 0; f < nFrames; f++) {
    if ((levels[f] as number) >= thr) {
      if (first < 0) first = f;
      last = f;
    }
  }
  if (first < 0) return { start: 0, end: 0 };
  const pad = Math.round((padMs * sampleRate) / 1000);
  return {
    start: Math.max(0, first * frame - pad),
    end: Math.min(samples.length, (last + 1) * frame + pad),
  };
}

const RESAMPLE_HALF_TAPS = 12;
const RESAMPLE_PHASES = 256;
const kernels = new Map<string, Float32Array>();

function sinc(x: number): number {
  return x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
}

/** Blackman-windowed sinc table, RESAMPLE_PHASES+1 rows of 2*H taps, for a cutoff (fraction of input Nyquist). */
function kernel(cutoff: number): Float32Array {
  const key = cutoff.toFixed(6);
  const cached = kernels.get(key);
  if (cached) return cached;
  const H = Math.min(64, Math.ceil(RESAMPLE_HALF_TAPS / cutoff));
  const taps = 2 * H;
  const table = new Float32Array(1 + (RESAMPLE_PHASES + 1) * taps);
  table[0] = H; // slot 0 holds H; rows follow
  for (let p = 0; p <= RESAMPLE_PHASES; p++) {
    const frac = p / RESAMPLE_PHASES;
    let sum = 0;
    const row = new Float64Array(taps);
    for (let k = 0; k < taps; k++) {
      const x = k - (H - 1) - frac; // distance from the output time to input sample (i0 - H + 1 + k)
      const w = 0.42 + 0.5 * Math.cos((Math.PI * x) / H) + 0.08 * Math.cos((2 * Math.PI * x) / H);
      const v = Math.abs(x) >= H ? 0 : cutoff * sinc(cutoff * x) * w;
      row[k] = v;
      sum += v;
    }
    for (let k = 0; k < taps; k++) table[1 + p * taps + k] = (row[k] as number) / (sum || 1);
  }
  kernels.set(key, table);
  return table;
}

/** Band-limited resampling (windowed sinc) of a mono signal. Pure. */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return input.slice();
  const outLen = Math.round((input.length * toRate) / fromRate);
  const out = new Float32Array(outLen);
  const cutoff = Math.min(1, toRate / fromRate) * 0.95;
  const table = kernel(cutoff);
  const H = table[0] as number;
  const taps = 2 * H;
  const step = fromRate / toRate;
  const n = input.length;
  for (let j = 0; j < outLen; j++) {
    const t = j * step;
    const i0 = Math.floor(t);
    const frac = t - i0;
    const pf = frac * RESAMPLE_PHASES;
    const p = Math.floor(pf);
    const a = pf - p;
    const r0 = 1 + p * taps;
    const r1 = r0 + taps;
    let acc = 0;
    const base = i0 - H + 1;
    for (let k = 0; k < taps; k++) {
      const idx = base + k;
      if (idx < 0 || idx >= n) continue;
      const h = (table[r0 + k] as number) * (1 - a) + (table[r1 + k] as number) * a;
      acc += (input[idx] as number) * h;
    }
    out[j] = acc;
  }
  return out;
}
