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

function sinc(x: number): number {
  return x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

const banks = new Map<string, { up: number; down: number; half: number; taps: Float32Array }>();

/**
 * Polyphase filter bank for from → to: `up` phases of 2·half Blackman-windowed sinc taps, each row
 * normalised to unity gain. Cached per rate pair.
 */
function bank(fromRate: number, toRate: number) {
  const key = `${fromRate}>${toRate}`;
  const cached = banks.get(key);
  if (cached) return cached;
  const g = gcd(fromRate, toRate);
  const up = toRate / g;
  const down = fromRate / g;
  // integer upsampling (22050 → 44100) keeps the input samples exactly (cutoff at the input Nyquist,
  // so the sinc is 0 at every other integer): half the outputs are copies
  const cutoff = down === 1 ? 1 : Math.min(1, toRate / fromRate) * 0.95;
  const half = Math.min(64, Math.ceil(RESAMPLE_HALF_TAPS / cutoff));
  const width = 2 * half;
  const taps = new Float32Array(up * width);
  for (let p = 0; p < up; p++) {
    const frac = ((p * down) % up) / up;
    let sum = 0;
    const row = new Float64Array(width);
    for (let k = 0; k < width; k++) {
      const x = k - (half - 1) - frac; // input sample (i0 - half + 1 + k) relative to the output time
      const w =
        Math.abs(x) >= half
          ? 0
          : 0.42 + 0.5 * Math.cos((Math.PI * x) / half) + 0.08 * Math.cos((2 * Math.PI * x) / half);
      row[k] = cutoff * sinc(cutoff * x) * w;
      sum += row[k] as number;
    }
    for (let k = 0; k < width; k++) taps[p * width + k] = (row[k] as number) / (sum || 1);
  }
  const b = { up, down, half, taps };
  banks.set(key, b);
  return b;
}

/**
 * Band-limited resampling (polyphase windowed sinc, exact for rational rate pairs such as
 * 22050 → 48000) of a mono signal. Pure.
 */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return input.slice();
  const { up, down, half, taps } = bank(fromRate, toRate);
  const width = 2 * half;
  const outLen = Math.round((input.length * toRate) / fromRate);
  const out = new Float32Array(outLen);
  // zero padding on both sides removes bounds checks from the inner loop
  const padded = new Float32Array(input.length + 2 * width);
  padded.set(input, width);
  if (up === 2 && down === 1) {
    // 2× (22.05 → 44.1 kHz, every espeak-ng clip): even outputs are the inputs, odd ones sit halfway,
    // where the taps are symmetric, so each pair of samples takes one multiplication
    for (let i = 0; i < input.length; i++) {
      out[2 * i] = input[i] as number;
      if (2 * i + 1 >= outLen) break;
      const base = i - half + 1 + width;
      let acc = 0;
      for (let k = 0; k < half; k++)
        acc +=
          (taps[width + k] as number) *
          ((padded[base + k] as number) + (padded[base + width - 1 - k] as number));
      out[2 * i + 1] = acc;
    }
    return out;
  }
  for (let j = 0; j < outLen; j++) {
    const pos = j * down; // output time in units of 1/up input samples
    const i0 = Math.floor(pos / up);
    const p = j % up;
    if (down === 1 && p === 0) {
      out[j] = padded[i0 + width] as number;
      continue;
    }
    const row = p * width;
    const base = i0 - half + 1 + width;
    let acc = 0;
    for (let k = 0; k < width; k++) acc += (padded[base + k] as number) * (taps[row + k] as number);
    out[j] = acc;
  }
  return out;
}

/**
 * Pure: the parts of `samples` between runs of near-zero samples (|x| ≤ `floor`) at least `minGapMs`
 * long; empty parts before the first and after the last run are dropped. Used to cut one TTS run of
 * several utterances separated by long breaks.
 */
export function splitAtGaps(
  samples: Float32Array,
  sampleRate: number,
  minGapMs: number,
  floor = 1e-4,
): Float32Array[] {
  const minGap = Math.max(1, Math.round((minGapMs * sampleRate) / 1000));
  const parts: Float32Array[] = [];
  const n = samples.length;
  let start = 0;
  let i = 0;
  while (i < n) {
    if (Math.abs(samples[i] as number) > floor) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && Math.abs(samples[j] as number) <= floor) j++;
    if (j - i >= minGap) {
      if (i > start) parts.push(samples.subarray(start, i));
      start = j;
    }
    i = j;
  }
  if (n > start) parts.push(samples.subarray(start, n));
  return parts;
}

/** Pure: the arrays one after the other. */
export function concat<T extends Float32Array | Float64Array>(
  parts: T[],
  Kind: new (length: number) => T,
): T {
  const out = new Kind(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
