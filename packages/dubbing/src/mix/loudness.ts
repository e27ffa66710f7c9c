// Pure loudness tools on interleaved float PCM: ITU-R BS.1770-4 integrated loudness (K-weighting,
// 400 ms blocks, absolute and relative gates), 4× oversampled true peak, a look-ahead peak limiter and
// normalisation to a loudness target under a true-peak ceiling.

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** K-weighting filter stages (pre-filter shelf + RLB high-pass) for any sample rate (libebur128's derivation). */
function kWeighting(sampleRate: number): [Biquad, Biquad] {
  let f0 = 1681.974450955533;
  const G = 3.999843853973347;
  let Q = 0.7071752369554196;
  let K = Math.tan((Math.PI * f0) / sampleRate);
  const Vh = 10 ** (G / 20);
  const Vb = Vh ** 0.4996667741545416;
  let a0 = 1 + K / Q + K * K;
  const shelf: Biquad = {
    b0: (Vh + (Vb * K) / Q + K * K) / a0,
    b1: (2 * (K * K - Vh)) / a0,
    b2: (Vh - (Vb * K) / Q + K * K) / a0,
    a1: (2 * (K * K - 1)) / a0,
    a2: (1 - K / Q + K * K) / a0,
  };
  f0 = 38.13547087602444;
  Q = 0.5003270373238773;
  K = Math.tan((Math.PI * f0) / sampleRate);
  a0 = 1 + K / Q + K * K;
  const hp: Biquad = { b0: 1, b1: -2, b2: 1, a1: (2 * (K * K - 1)) / a0, a2: (1 - K / Q + K * K) / a0 };
  return [shelf, hp];
}

/**
 * Sum of squared K-weighted samples per block of `sub` frames (whole blocks only), summed over
 * channels; for blocks [from, to) only, the filter starting `warm` blocks earlier (200 ms is enough:
 * the K-filter forgets its state in a few ms), so that ranges computed apart join into one pass.
 */
export interface BlockEnergyOptions {
  channels: number;
  sampleRate: number;
  /** Frames per block. */
  sub: number;
  range?: { from: number; to: number; warm: number } | null;
}

export function blockEnergy(
  data: Float32Array,
  { channels, sampleRate, sub, range = null }: BlockEnergyOptions,
): Float64Array {
  const frames = Math.floor(data.length / channels);
  const all = Math.floor(frames / sub);
  const from = range ? Math.max(0, range.from - range.warm) : 0;
  const to = range ? Math.min(all, range.to) : all;
  const skip = range ? range.from - from : 0;
  const nSub = Math.max(0, to - from);
  const energy = new Float64Array(nSub);
  const [s, h] = kWeighting(sampleRate);
  const { b0: sb0, b1: sb1, b2: sb2, a1: sa1, a2: sa2 } = s;
  const { b0: hb0, b1: hb1, b2: hb2, a1: ha1, a2: ha2 } = h;
  for (let c = 0; c < channels; c++) {
    let x1 = 0;
    let x2 = 0;
    let y1 = 0;
    let y2 = 0;
    let z1 = 0;
    let z2 = 0;
    let idx = from * sub * channels + c;
    for (let b = 0; b < nSub; b++) {
      let acc = 0;
      for (let k = 0; k < sub; k++) {
        const x = data[idx] as number;
        idx += channels;
        const y = sb0 * x + sb1 * x1 + sb2 * x2 - sa1 * y1 - sa2 * y2;
        x2 = x1;
        x1 = x;
        const z = hb0 * y + hb1 * y1 + hb2 * y2 - ha1 * z1 - ha2 * z2;
        y2 = y1;
        y1 = y;
        z2 = z1;
        z1 = z;
        acc += z * z;
      }
      energy[b] = (energy[b] as number) + acc;
    }
  }
  return skip ? energy.subarray(skip) : energy;
}

/** Pure: BS.1770-4 gated loudness (LUFS) from the energies of 100 ms sub-blocks of `sub` frames (blockEnergy). */
export function gatedLoudness(energy: Float64Array, sub: number): number {
  const blocks: number[] = [];
  for (let b = 0; b + 4 <= energy.length; b++)
    blocks.push(
      ((energy[b] as number) +
        (energy[b + 1] as number) +
        (energy[b + 2] as number) +
        (energy[b + 3] as number)) /
        (4 * sub),
    );
  const lufs = (e: number) => -0.691 + 10 * Math.log10(e);
  const abs = blocks.filter((e) => e > 0 && lufs(e) > -70);
  if (abs.length === 0) return -Infinity;
  const relGate = lufs(abs.reduce((a, b) => a + b, 0) / abs.length) - 10;
  const rel = abs.filter((e) => lufs(e) > relGate);
  return lufs(rel.reduce((a, b) => a + b, 0) / rel.length);
}

/**
 * Integrated loudness in LUFS (BS.1770-4; every channel weighted 1, as for mono and stereo). -Infinity
 * for silence or audio shorter than one 400 ms block.
 */
export function integratedLoudness(data: Float32Array, channels: number, sampleRate: number): number {
  const sub = Math.round(sampleRate / 10);
  return gatedLoudness(blockEnergy(data, { channels, sampleRate, sub }), sub);
}

// 4× oversampling interpolator: Kaiser-windowed sinc, 12 taps per phase (48 in all, as BS.1770-4 Annex 2).
const OS = 4;
const HALF = 6;
const PHASES: Float64Array[] = (() => {
  const bessel0 = (x: number) => {
    let s = 1;
    let t = 1;
    for (let k = 1; k < 25; k++) {
      t *= (x / (2 * k)) ** 2;
      s += t;
    }
    return s;
  };
  const beta = 6;
  const out: Float64Array[] = [];
  for (let p = 1; p < OS; p++) {
    const frac = p / OS;
    const taps = new Float64Array(2 * HALF);
    for (let k = 0; k < 2 * HALF; k++) {
      const x = k - (HALF - 1) - frac;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const r = x / HALF;
      const w = Math.abs(r) >= 1 ? 0 : bessel0(beta * Math.sqrt(1 - r * r)) / bessel0(beta);
      taps[k] = sinc * w;
    }
    out.push(taps);
  }
  return out;
})();

/** Pure: a linear peak in dB (dBTP for a true peak); -Infinity for silence. */
export function peakDb(peak: number): number {
  return peak > 0 ? 20 * Math.log10(peak) : -Infinity;
}

/** True peak in dBTP (see truePeak); -Infinity for silence. */
export function truePeakDb(data: Float32Array, channels: number): number {
  return peakDb(truePeak(data, channels));
}

/**
 * The true peak (linear) of frames [from, to): the largest of the sample peak and the 4× oversampled
 * values between samples. Only intervals next to samples within 3 dB of the range's sample peak are
 * interpolated, which keeps it fast (an inter-sample peak of band-limited audio stays within 3 dB of
 * its neighbouring samples).
 */
export function truePeak(
  data: Float32Array,
  channels: number,
  from = 0,
  to = Math.floor(data.length / channels),
): number {
  const frames = Math.floor(data.length / channels);
  let peak = 0;
  for (let i = from * channels; i < to * channels; i++) {
    const a = Math.abs(data[i] as number);
    if (a > peak) peak = a;
  }
  if (peak === 0) return 0;
  const near = peak * 0.7;
  const width = 2 * HALF;
  let tp = peak;
  for (let c = 0; c < channels; c++) {
    for (let n = from; n < to && n + 1 < frames; n++) {
      if (
        Math.abs(data[n * channels + c] as number) < near &&
        Math.abs(data[(n + 1) * channels + c] as number) < near
      )
        continue;
      const first = n - (HALF - 1);
      if (first < 0 || first + width > frames) {
        tp = Math.max(tp, interpolatedPeak(data, channels, c, first));
        continue;
      }
      // the three phases at once, without bounds checks (the common case)
      let a1 = 0;
      let a2 = 0;
      let a3 = 0;
      for (let k = 0; k < width; k++) {
        const v = data[(first + k) * channels + c] as number;
        a1 += v * (P1[k] as number);
        a2 += v * (P2[k] as number);
        a3 += v * (P3[k] as number);
      }
      const m = Math.max(Math.abs(a1), Math.abs(a2), Math.abs(a3));
      if (m > tp) tp = m;
    }
  }
  return tp;
}

const [P1, P2, P3] = PHASES as [Float64Array, Float64Array, Float64Array];

/**
 * The largest interpolated value after frame `first + HALF - 1`, with samples outside the audio as 0
 * (truePeak's case at the audio's two ends only).
 */
function interpolatedPeak(data: Float32Array, channels: number, c: number, first: number): number {
  const frames = Math.floor(data.length / channels);
  let m = 0;
  for (const taps of PHASES) {
    let acc = 0;
    for (let k = 0; k < 2 * HALF; k++) {
      const idx = first + k;
      if (idx >= 0 && idx < frames) acc += (data[idx * channels + c] as number) * (taps[k] as number);
    }
    m = Math.max(m, Math.abs(acc));
  }
  return m;
}

/** Pure: minimum of x over [n − w, n + w] for every n (monotonic deque, O(n)). */
export function slidingMin(x: Float32Array, w: number): Float32Array {
  const n = x.length;
  const out = new Float32Array(n);
  const dq = new Int32Array(n);
  let head = 0;
  let tail = 0;
  let next = 0; // next index to push
  for (let i = 0; i < n; i++) {
    const hi = Math.min(n - 1, i + w);
    while (next <= hi) {
      while (tail > head && (x[dq[tail - 1] as number] as number) >= (x[next] as number)) tail--;
      dq[tail++] = next++;
    }
    while ((dq[head] as number) < i - w) head++;
    out[i] = x[dq[head] as number] as number;
  }
  return out;
}

/** Pure: the largest divisor of `n` that is at most `max` (a limiter block that tiles a sub-block). */
function divisorAtMost(n: number, max: number): number {
  for (let d = Math.min(max, n); d > 1; d--) if (n % d === 0) return d;
  return 1;
}

/** A limiter's gain per block of `block` frames (the gain at the block's centre). */
export interface GainCurve {
  block: number;
  gains: Float32Array;
}

/** Pure: the largest absolute sample of every block of `block` frames (the last one may be partial). */
export function blockPeaks(data: Float32Array, channels: number, block: number): Float32Array {
  const n = block * channels;
  const out = new Float32Array(Math.ceil(data.length / n));
  for (let k = 0; k < out.length; k++) {
    let m = 0;
    const end = Math.min(data.length, (k + 1) * n);
    for (let i = k * n; i < end; i++) {
      const v = Math.abs(data[i] as number);
      if (v > m) m = v;
    }
    out[k] = m;
  }
  return out;
}

/**
 * Pure: a look-ahead peak limiter's gain curve from block peaks. Per block, the gain that keeps its
 * peak under `ceiling` (linear), held over ±attack (so a cluster of peaks is scaled, not flattened),
 * with linear ramps (attack before, release after). Each block's gain is at most its own need and its
 * neighbours' (the hold spans at least one block), so the gain interpolated between block centres
 * (applyCurve) keeps every sample under the ceiling and has no steps. Working on blocks of about a
 * millisecond instead of samples makes it cheap enough to run once per trial gain.
 */
export interface LimiterOptions {
  /** The peaks' block (frames). */
  block: number;
  sampleRate: number;
  /** Linear. */
  ceiling: number;
  attackMs?: number;
  releaseMs?: number;
}

export function limiterCurve(
  peaks: Float32Array,
  { block, sampleRate, ceiling, attackMs = 5, releaseMs = 120 }: LimiterOptions,
): GainCurve {
  const attack = Math.max(1, Math.round((attackMs * sampleRate) / 1000 / block));
  const release = Math.max(1, Math.round((releaseMs * sampleRate) / 1000 / block));
  const need = new Float32Array(peaks.length);
  for (let k = 0; k < peaks.length; k++) {
    const p = peaks[k] as number;
    need[k] = p > ceiling ? ceiling / p : 1;
  }
  const g = slidingMin(need, attack);
  for (let k = 1; k < g.length; k++) g[k] = Math.min(g[k] as number, (g[k - 1] as number) + 1 / release);
  for (let k = g.length - 2; k >= 0; k--) g[k] = Math.min(g[k] as number, (g[k + 1] as number) + 1 / attack);
  return { block, gains: g };
}

/**
 * In place: multiplies the audio by `gain` × the curve, interpolated linearly between block centres
 * (`inverse`: divides, undoing it up to rounding). `offset`: the audio's first frame on the curve's
 * time line (a window of a longer mix).
 */
export function applyCurve(
  data: Float32Array,
  channels: number,
  curve: GainCurve,
  { gain = 1, inverse = false, offset = 0 }: { gain?: number; inverse?: boolean; offset?: number } = {},
): void {
  const { block, gains } = curve;
  const frames = Math.floor(data.length / channels);
  const half = block / 2;
  const first = Math.floor(offset / block);
  const last = Math.min(gains.length, Math.ceil((offset + frames) / block));
  for (let k = first; k < last; k++) {
    const g = gains[k] as number;
    const prev = k > 0 ? (gains[k - 1] as number) : g;
    const next = k + 1 < gains.length ? (gains[k + 1] as number) : g;
    const a = k * block - offset; // the block's first frame in `data` (< 0: before it)
    const from = Math.max(0, a);
    const end = Math.min(frames, a + block);
    if (g === 1 && prev === 1 && next === 1) {
      const m = inverse ? 1 / gain : gain;
      if (m !== 1) for (let i = from * channels; i < end * channels; i++) data[i] = (data[i] as number) * m;
      continue;
    }
    for (let n = from; n < end; n++) {
      const pos = n - a + 0.5; // sample centre within the block
      const v =
        pos < half ? prev + ((g - prev) * (pos + half)) / block : g + ((next - g) * (pos - half)) / block;
      const m = inverse ? 1 / (v * gain) : v * gain;
      for (let c = 0; c < channels; c++) data[n * channels + c] = (data[n * channels + c] as number) * m;
    }
  }
}

/** Pure: the smallest gain of a curve, in dB (0 when it never limits). */
export function minGainDb(curve: GainCurve): number {
  let min = 1;
  for (const g of curve.gains) if (g < min) min = g;
  return 20 * Math.log10(min);
}

/** Block size of the limiter: about 1.4 ms, tiling the 100 ms loudness sub-blocks exactly. */
export function limiterBlock(sampleRate: number): number {
  return divisorAtMost(Math.round(sampleRate / 10), 64);
}

/** In place: the limiter of limiterCurve applied at `ceilingDb`. Returns the largest reduction (dB, ≤ 0). */
export function limit(
  data: Float32Array,
  {
    channels,
    sampleRate,
    ceilingDb,
    attackMs,
    releaseMs,
  }: { channels: number; sampleRate: number; ceilingDb: number; attackMs?: number; releaseMs?: number },
): number {
  const block = limiterBlock(sampleRate);
  const curve = limiterCurve(blockPeaks(data, channels, block), {
    block,
    sampleRate,
    ceiling: 10 ** (ceilingDb / 20),
    attackMs,
    releaseMs,
  });
  applyCurve(data, channels, curve);
  return minGainDb(curve);
}

export function applyGain(data: Float32Array, gain: number): void {
  for (let i = 0; i < data.length; i++) data[i] = (data[i] as number) * gain;
}
