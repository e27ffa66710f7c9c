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
export function kWeighting(sampleRate: number): [Biquad, Biquad] {
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

/** Sum of squared K-weighted samples per 100 ms sub-block, summed over channels. */
function subBlockEnergy(
  data: Float32Array,
  channels: number,
  sampleRate: number,
): { energy: Float64Array; sub: number } {
  const frames = Math.floor(data.length / channels);
  const sub = Math.round(sampleRate / 10);
  const nSub = Math.floor(frames / sub);
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
    let idx = c;
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
  return { energy, sub };
}

/**
 * Integrated loudness in LUFS (BS.1770-4; every channel weighted 1, as for mono and stereo). -Infinity
 * for silence or audio shorter than one 400 ms block.
 */
export function integratedLoudness(data: Float32Array, channels: number, sampleRate: number): number {
  const { energy, sub } = subBlockEnergy(data, channels, sampleRate);
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

/**
 * True peak in dBTP: the largest of the sample peak and the 4× oversampled values between samples.
 * Only intervals next to samples within 3 dB of the sample peak are interpolated, which keeps it fast.
 */
export function truePeakDb(data: Float32Array, channels: number): number {
  const frames = Math.floor(data.length / channels);
  let peak = 0;
  for (let i = 0; i < data.length; i++) {
    const a = Math.abs(data[i] as number);
    if (a > peak) peak = a;
  }
  if (peak === 0) return -Infinity;
  // an inter-sample peak of band-limited audio stays within 3 dB of its neighbouring samples
  const near = peak * 0.7;
  let tp = peak;
  for (let c = 0; c < channels; c++) {
    for (let n = 0; n + 1 < frames; n++) {
      if (
        Math.abs(data[n * channels + c] as number) < near &&
        Math.abs(data[(n + 1) * channels + c] as number) < near
      )
        continue;
      for (const taps of PHASES) {
        let acc = 0;
        for (let k = 0; k < 2 * HALF; k++) {
          const idx = n - (HALF - 1) + k;
          if (idx >= 0 && idx < frames) acc += (data[idx * channels + c] as number) * (taps[k] as number);
        }
        const a = Math.abs(acc);
        if (a > tp) tp = a;
      }
    }
  }
  return 20 * Math.log10(tp);
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

/**
 * In place: a look-ahead peak limiter. Per frame, the gain needed to keep every channel's sample under
 * `ceilingDb`, held over ±attackMs (so a cluster of peaks is scaled, not flattened), with linear ramps
 * (attack before, release after): no sample exceeds the ceiling and the gain has no steps. Returns the
 * largest reduction (dB, ≤ 0).
 */
export function limit(
  data: Float32Array,
  channels: number,
  sampleRate: number,
  ceilingDb: number,
  opts: { attackMs?: number; releaseMs?: number } = {},
): number {
  const { attackMs = 5, releaseMs = 120 } = opts;
  const frames = Math.floor(data.length / channels);
  const ceil = 10 ** (ceilingDb / 20);
  const need = new Float32Array(frames);
  let any = false;
  for (let n = 0; n < frames; n++) {
    let m = 0;
    for (let c = 0; c < channels; c++) m = Math.max(m, Math.abs(data[n * channels + c] as number));
    need[n] = m > ceil ? ceil / m : 1;
    if (m > ceil) any = true;
  }
  if (!any) return 0;
  const attack = Math.max(1, Math.round((attackMs * sampleRate) / 1000));
  const g = slidingMin(need, attack);
  const rel = 1 / Math.max(1, (releaseMs * sampleRate) / 1000);
  const att = 1 / attack;
  for (let n = 1; n < frames; n++) g[n] = Math.min(g[n] as number, (g[n - 1] as number) + rel);
  for (let n = frames - 2; n >= 0; n--) g[n] = Math.min(g[n] as number, (g[n + 1] as number) + att);
  let minG = 1;
  for (let n = 0; n < frames; n++) {
    const v = g[n] as number;
    if (v < minG) minG = v;
    for (let c = 0; c < channels; c++) data[n * channels + c] = (data[n * channels + c] as number) * v;
  }
  return 20 * Math.log10(minG);
}

export function samplePeakDb(data: Float32Array): number {
  let peak = 0;
  for (let i = 0; i < data.length; i++) {
    const a = Math.abs(data[i] as number);
    if (a > peak) peak = a;
  }
  return peak > 0 ? 20 * Math.log10(peak) : -Infinity;
}

export function applyGain(data: Float32Array, gain: number): void {
  for (let i = 0; i < data.length; i++) data[i] = (data[i] as number) * gain;
}

export interface NormalizeResult {
  inputLufs: number;
  outputLufs: number;
  truePeakDb: number;
  gainDb: number;
  limitedDb: number;
}

/**
 * In place: brings the audio to `targetLufs` with its true peak under `ceilingDbtp`: measured gain, then
 * limiting when the peaks would pass the ceiling, re-measured and corrected (a few rounds at most).
 * The default ceiling is −1.5 dBTP: 0.5 dB of margin under −1 dBTP for the AAC encoder's overshoot.
 */
export function normalizeLoudness(
  data: Float32Array,
  channels: number,
  sampleRate: number,
  opts: { targetLufs?: number; ceilingDbtp?: number } = {},
): NormalizeResult {
  const { targetLufs = -16, ceilingDbtp = -1.5 } = opts;
  const inputLufs = integratedLoudness(data, channels, sampleRate);
  if (!Number.isFinite(inputLufs))
    return {
      inputLufs,
      outputLufs: inputLufs,
      truePeakDb: truePeakDb(data, channels),
      gainDb: 0,
      limitedDb: 0,
    };
  let gainDb = 0;
  let limitedDb = 0;
  let lufs = inputLufs;
  let tp = -Infinity;
  for (let round = 0; round < 4; round++) {
    const step = targetLufs - lufs;
    if (round > 0 && Math.abs(step) < 0.2) break;
    applyGain(data, 10 ** (step / 20));
    gainDb += step;
    lufs += step; // a pure gain moves the loudness by exactly as much
    // a sample over the ceiling means limiting anyway: the (slower) true peak is only needed otherwise
    if (samplePeakDb(data) <= ceilingDbtp) {
      tp = truePeakDb(data, channels);
      if (tp <= ceilingDbtp) break;
    }
    // the limiter works on samples; 0.5 dB lower leaves room for peaks between samples
    limitedDb = Math.min(limitedDb, limit(data, channels, sampleRate, ceilingDbtp - 0.5));
    tp = truePeakDb(data, channels);
    lufs = integratedLoudness(data, channels, sampleRate);
  }
  return { inputLufs, outputLufs: lufs, truePeakDb: tp, gainDb, limitedDb };
}
