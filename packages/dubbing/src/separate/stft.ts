// Short-time Fourier analysis and resynthesis of a raw float32 file, one frame at a time, with a
// complex FFT whose tables are computed once. A stereo frame is transformed in one FFT (left + i·right):
// a real gain symmetric in frequency applied to that spectrum filters both channels at once.
import { type FileHandle, open } from "node:fs/promises";
import { Fft } from "../audio/fft.ts";
import { throwIfAborted } from "../errors.ts";
import { eachWindow } from "../mix/pcmfile.ts";

/** Pure: the square root of a periodic Hann window; analysis × synthesis with a hop of n/4 sums to 2. */
function sqrtHann(n: number): Float64Array {
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = Math.sqrt(0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n));
  return w;
}

/**
 * Pure: the power of each bin 0..n/2 of a packed spectrum, summed over the channels: for one channel
 * |X|², for two (X = FFT(left + i·right)) |L|² + |R|² = (|X[k]|² + |X[n−k]|²) / 2.
 */
export function binPower(re: Float64Array, im: Float64Array, channels: number, out: Float64Array): void {
  const n = re.length;
  const bins = n / 2 + 1;
  for (let k = 0; k < bins; k++) {
    const a = (re[k] as number) ** 2 + (im[k] as number) ** 2;
    if (channels === 1) out[k] = a;
    else {
      const m = (n - k) % n;
      out[k] = (a + (re[m] as number) ** 2 + (im[m] as number) ** 2) / 2;
    }
  }
}

/** In place: multiplies bin k and its mirror n−k of a packed spectrum by gain[k] (k = 0..n/2). */
export function applyGain(re: Float64Array, im: Float64Array, gain: Float64Array): void {
  const n = re.length;
  for (let k = 0; k <= n / 2; k++) {
    const g = gain[k] as number;
    re[k] = (re[k] as number) * g;
    im[k] = (im[k] as number) * g;
    if (k > 0 && k < n / 2) {
      re[n - k] = (re[n - k] as number) * g;
      im[n - k] = (im[n - k] as number) * g;
    }
  }
}

interface StftPassOptions {
  n: number;
  hop: number;
  /** Frames of the file per read (memory). */
  readFrames?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  totalFrames?: number;
  /** Also writes the input's mid (mono) minus the first output's mid into this file. */
  residual?: string;
  /** The files resynthesized from onFrame's spectra, one per output. */
  outputs?: { file: string; channels: number }[];
}

/**
 * One pass over a raw float32 file (`channels` 1 or 2, interleaved): each STFT frame (frame k starts at
 * sample k·hop − (n − hop), zeros before the file and after it) is windowed, transformed and given to
 * `onFrame(k, re, im)` — the packed spectrum. With `outputs`, onFrame writes one spectrum per output
 * into `outRe/outIm` (the output's channel count: 2 packed as left + i·right, or 1 in the real part),
 * which is resynthesized by overlap-add into that output file, as long as the input. With `residual`,
 * what the first output took away from the input's mid is written too (a mono stem without its own
 * inverse transform: the transform is linear).
 */
export async function stftPass(
  file: string,
  channels: number,
  opts: StftPassOptions,
  onFrame: (k: number, re: Float64Array, im: Float64Array, out: Spectrum[]) => void,
): Promise<number> {
  const { n, hop, outputs = [] } = opts;
  const fft = new Fft(n);
  const win = sqrtHann(n);
  const olaScale = hop / (n / 2); // analysis × synthesis windows sum to n / (2·hop)
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  const outs = outputs.map((o) => ({
    ...o,
    spec: { re: new Float64Array(n), im: new Float64Array(n) },
    acc: [new Float64Array(n), new Float64Array(n)],
    buf: new Float32Array(64 * hop * o.channels),
    used: 0,
    written: 0,
  }));
  const handles = await Promise.all(outs.map((o) => open(o.file, "w")));
  // the residual: the input's mid minus the first output's mid, written as the first output is
  const res = opts.residual ? { buf: new Float32Array(64 * hop), used: 0 } : null;
  const resHandle = opts.residual ? await open(opts.residual, "w") : null;
  // the input as one channel or two, with the n − hop zeros of padding in front
  const pad = n - hop;
  const ring = [new Float64Array(4 * n), new Float64Array(4 * n)];
  let have = pad; // samples in ring (the padding counts)
  let k = 0;
  let inputFrames = 0;
  const flushOut = async (o: { buf: Float32Array; used: number }, fh: FileHandle) => {
    if (o.used === 0) return;
    const bytes = new Uint8Array(o.buf.buffer, 0, o.used * 4);
    await fh.write(bytes);
    o.used = 0;
  };
  const r0 = ring[0] as Float64Array;
  const r1 = ring[1] as Float64Array;
  const specs = outs.map((o) => o.spec);
  const frame = async () => {
    for (let i = 0; i < n; i++) {
      const w = win[i] as number;
      re[i] = (r0[i] as number) * w;
      im[i] = channels === 2 ? (r1[i] as number) * w : 0;
    }
    fft.transform(re, im);
    onFrame(k, re, im, specs);
    for (let j = 0; j < outs.length; j++) {
      const o = outs[j] as (typeof outs)[number];
      const sre = o.spec.re;
      const sim = o.spec.im;
      fft.transform(sre, sim, true);
      const a0 = o.acc[0] as Float64Array;
      const a1 = o.acc[1] as Float64Array;
      const stereo = o.channels === 2;
      for (let i = 0; i < n; i++) {
        const w = (win[i] as number) * olaScale;
        a0[i] = (a0[i] as number) + (sre[i] as number) * w;
        if (stereo) a1[i] = (a1[i] as number) + (sim[i] as number) * w;
      }
      // the first hop samples are final; the first `pad` samples overall are the padding
      const buf = o.buf;
      let used = o.used;
      let written = o.written;
      const first = Math.max(0, pad - k * hop);
      for (let i = first; i < hop && written < inputFrames; i++, written++) {
        buf[used++] = a0[i] as number;
        if (stereo) buf[used++] = a1[i] as number;
      }
      if (res && j === 0) {
        // the input's samples at these positions are r0/r1[first..hop)
        let rUsed = res.used;
        for (let i = first; i < first + (written - o.written); i++) {
          const x = channels === 2 ? ((r0[i] as number) + (r1[i] as number)) / 2 : (r0[i] as number);
          const y = stereo ? ((a0[i] as number) + (a1[i] as number)) / 2 : (a0[i] as number);
          res.buf[rUsed++] = x - y;
        }
        res.used = rUsed;
        if (res.used + hop > res.buf.length) await flushOut(res, resHandle as FileHandle);
      }
      o.used = used;
      o.written = written;
      a0.copyWithin(0, hop);
      a0.fill(0, n - hop);
      if (stereo) {
        a1.copyWithin(0, hop);
        a1.fill(0, n - hop);
      }
      if (o.used + hop * o.channels > o.buf.length) await flushOut(o, handles[j] as FileHandle);
    }
    k++;
    r0.copyWithin(0, hop, have);
    r1.copyWithin(0, hop, have);
    have -= hop;
  };
  try {
    let done = 0;
    await eachWindow(file, channels, { windowFrames: opts.readFrames ?? 1 << 16 }, async (w) => {
      throwIfAborted(opts.signal);
      const frames = w.window.length / channels;
      inputFrames += frames;
      for (let i = 0; i < frames; ) {
        const take = Math.min(frames - i, ring[0]!.length - have);
        for (let c = 0; c < 2; c++) {
          const r = ring[c]!;
          const src = channels === 2 ? c : 0;
          for (let j = 0; j < take; j++) r[have + j] = w.window[(i + j) * channels + src] as number;
        }
        have += take;
        i += take;
        while (have >= n) await frame();
      }
      done += frames;
      if (opts.totalFrames) opts.onProgress?.(Math.min(1, done / opts.totalFrames));
    });
    // the tail: zeros until every input sample has been covered by the frames that overlap it
    const end = pad + inputFrames;
    while (k * hop < end) {
      for (const r of ring) r.fill(0, have);
      have = n;
      await frame();
    }
    for (let j = 0; j < outs.length; j++) await flushOut(outs[j]!, handles[j]!);
    if (res) await flushOut(res, resHandle as FileHandle);
  } finally {
    await Promise.all(handles.map((h) => h.close()));
    await resHandle?.close();
  }
  return k;
}

interface Spectrum {
  re: Float64Array;
  im: Float64Array;
}
