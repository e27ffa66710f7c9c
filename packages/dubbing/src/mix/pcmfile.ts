// A dub's mix lives on disk as raw interleaved float32 and is worked on one window at a time, so that a
// render's memory does not grow with the video's length (an hour of 44.1 kHz stereo is 1.3 GB of
// floats). Windows are read into one reused buffer in shared memory, so measure() can split them over
// worker threads; a window can keep the end of the previous one before it (its "history") for filters
// that need the samples before the window.
import { open, truncate, writeFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import { concat } from "../audio/dsp.ts";
import { applyCurve, applyGain, blockPeaks, type GainCurve } from "./loudness.ts";
import { type Measurement, measure, sharedFloats, WARM_MS } from "./measure.ts";

interface PcmWindow {
  /** The history (the previous window's last frames, as the callback left them), then the window. */
  data: Float32Array;
  /** Frames of history at the start of `data`. */
  history: number;
  /** The window alone (a view of `data`). */
  window: Float32Array;
  /** The window's first frame in the file (counted after skipFrames). */
  start: number;
}

/** Reads up to `length` bytes at byte `position` (after any skipped start) into `into`; 0 at the end. */
type ReadAt = (into: Uint8Array, offset: number, length: number, position: number) => Promise<number>;

/**
 * Calls `fn` on each window of `windowFrames` frames of the file, in order (the last one may be
 * shorter). With `write`, each window is written back after `fn` (the history is not).
 */
export async function eachWindow(
  file: string,
  channels: number,
  opts: { windowFrames: number; historyFrames?: number; skipFrames?: number; write?: boolean },
  fn: (w: PcmWindow) => void | Promise<void>,
): Promise<void> {
  const { write = false } = opts;
  const frameBytes = channels * 4;
  const skip = (opts.skipFrames ?? 0) * frameBytes;
  const fh = await open(file, write ? "r+" : "r");
  try {
    await windows(
      async (into, offset, length, position) =>
        (await fh.read(into, offset, length, skip + position)).bytesRead,
      channels,
      opts,
      async (w, bytes) => {
        await fn(w);
        const at = w.history * frameBytes;
        const length = w.window.length * 4;
        for (let done = 0; write && done < length; ) {
          const { bytesWritten } = await fh.write(
            bytes,
            at + done,
            length - done,
            skip + w.start * frameBytes + done,
          );
          done += bytesWritten;
        }
      },
    );
  } finally {
    await fh.close();
  }
}

/**
 * eachWindow over a stream of raw interleaved float32 (e.g. ffmpeg's decoder on a pipe), read as it
 * arrives: no file in between. The stream is consumed to its end (or destroyed if `fn` throws).
 */
async function eachStreamWindow(
  stream: Readable,
  channels: number,
  opts: { windowFrames: number; historyFrames?: number; skipFrames?: number },
  fn: (w: PcmWindow) => void | Promise<void>,
): Promise<void> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  let chunk: Uint8Array = new Uint8Array(0);
  let skip = (opts.skipFrames ?? 0) * channels * 4;
  try {
    await windows(
      async (into, offset, length) => {
        while (chunk.length === 0 || skip > 0) {
          if (chunk.length === 0) {
            const next = await chunks.next();
            if (next.done) return 0;
            chunk = next.value;
          }
          const dropped = Math.min(skip, chunk.length);
          chunk = chunk.subarray(dropped);
          skip -= dropped;
        }
        const n = Math.min(length, chunk.length);
        into.set(chunk.subarray(0, n), offset);
        chunk = chunk.subarray(n);
        return n;
      },
      channels,
      opts,
      fn,
    );
  } catch (err) {
    stream.destroy();
    throw err;
  }
}

/** The window loop of eachWindow and eachStreamWindow, over any reader of the bytes in order. */
async function windows(
  read: ReadAt,
  channels: number,
  opts: { windowFrames: number; historyFrames?: number },
  fn: (w: PcmWindow, bytes: Uint8Array) => void | Promise<void>,
): Promise<void> {
  const { windowFrames, historyFrames = 0 } = opts;
  const buf = sharedFloats((historyFrames + windowFrames) * channels);
  const bytes = new Uint8Array(buf.buffer);
  const frameBytes = channels * 4;
  let start = 0;
  let kept = 0;
  for (;;) {
    const at = kept * frameBytes;
    const pos = start * frameBytes;
    const want = windowFrames * frameBytes;
    let got = 0;
    while (got < want) {
      const bytesRead = await read(bytes, at + got, want - got, pos + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    const frames = Math.floor(got / frameBytes);
    if (frames === 0) break;
    const data = buf.subarray(0, (kept + frames) * channels);
    await fn({ data, history: kept, window: data.subarray(kept * channels), start }, bytes);
    start += frames;
    if (frames < windowFrames) break;
    const h = Math.min(historyFrames, kept + frames);
    buf.copyWithin(0, (kept + frames - h) * channels, (kept + frames) * channels);
    kept = h;
  }
}

/** Pure: a window of about `seconds` in whole blocks of `unit` frames (so no block straddles two). */
export function windowFrames(sampleRate: number, unit: number, seconds = 60): number {
  return Math.max(1, Math.round((seconds * sampleRate) / unit)) * unit;
}

/** Pure: the history a measurement needs (WARM_MS, whole blocks of `unit` frames). */
export function warmFrames(sampleRate: number, unit: number): number {
  return Math.ceil((WARM_MS * sampleRate) / 1000 / unit) * unit;
}

type MeasureOptions = {
  block: number;
  peak: boolean;
  blockPeaks?: boolean;
  parts?: number;
  skipFrames?: number;
  windowSeconds?: number;
  /** Called after each window with the frames measured so far (for progress). */
  onWindow?: (framesDone: number) => void;
};
type FileMeasurement = Measurement & { blockPeaks: Float32Array | null };

/**
 * measure() of a whole raw float32 file in fixed memory, window by window: each window after the
 * previous one's last 200 ms, which warm the filters and the true-peak interpolation, so the result is
 * one pass's. `skipFrames` leaves out the start. With `blockPeaks`, also the largest sample of every
 * block (see blockPeaks).
 */
export function measureFile(
  file: string,
  channels: number,
  sampleRate: number,
  opts: MeasureOptions,
): Promise<FileMeasurement> {
  return measureWindows((o, fn) => eachWindow(file, channels, o, fn), channels, sampleRate, opts);
}

/** measureFile of a stream of raw float32 as it arrives (see eachStreamWindow). */
export function measureStream(
  stream: Readable,
  channels: number,
  sampleRate: number,
  opts: MeasureOptions,
): Promise<FileMeasurement> {
  return measureWindows((o, fn) => eachStreamWindow(stream, channels, o, fn), channels, sampleRate, opts);
}

async function measureWindows(
  each: (
    o: { windowFrames: number; historyFrames: number; skipFrames?: number },
    fn: (w: PcmWindow) => Promise<void>,
  ) => Promise<void>,
  channels: number,
  sampleRate: number,
  opts: MeasureOptions,
): Promise<FileMeasurement> {
  const unit = opts.block || 1;
  const energies: Float64Array[] = [];
  const peaks: Float32Array[] = [];
  let peak = 0;
  await each(
    {
      windowFrames: windowFrames(sampleRate, unit, opts.windowSeconds),
      historyFrames: warmFrames(sampleRate, unit),
      skipFrames: opts.skipFrames,
    },
    async (w) => {
      const m = await measure(w.data, channels, sampleRate, { ...opts, from: w.history / unit });
      if (m.energy) energies.push(m.energy);
      if (opts.blockPeaks) peaks.push(blockPeaks(w.window, channels, unit));
      peak = Math.max(peak, m.peak);
      opts.onWindow?.(w.start + w.window.length / channels);
    },
  );
  return {
    energy: opts.block ? concat(energies, Float64Array) : null,
    peak,
    blockPeaks: opts.blockPeaks ? concat(peaks, Float32Array) : null,
  };
}

/** A raw float32 file of `frames` frames: `from` cut or extended with silence, or all silence. */
export async function pcmFileOfLength(
  file: string,
  channels: number,
  frames: number,
  from: "keep" | "silence",
): Promise<void> {
  if (from === "silence") await writeFile(file, new Uint8Array(0));
  await truncate(file, frames * channels * 4);
}

/** In place: multiplies a raw float32 file by a gain, or by a gain curve (see applyCurve). */
export function gainFile(
  file: string,
  channels: number,
  sampleRate: number,
  gain: number | GainCurve,
): Promise<void> {
  return eachWindow(file, channels, { windowFrames: windowFrames(sampleRate, 1), write: true }, (w) =>
    typeof gain === "number"
      ? applyGain(w.window, gain)
      : applyCurve(w.window, channels, gain, { offset: w.start }),
  );
}
