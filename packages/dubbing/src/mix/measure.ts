// Measuring long audio on every core. The K-weighted block energies (loudness) and the true peak of a
// 5-minute mix take about a second of JavaScript; worker threads measure ranges of a SharedArrayBuffer
// at once (each range's filter starts 200 ms early, so the ranges join into one pass). Without shared
// memory, or if a worker fails, it is measured on this thread.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { blockEnergy, truePeak } from "./loudness.ts";

export interface MeasureTask {
  id: number;
  buffer: SharedArrayBuffer;
  byteOffset: number;
  length: number;
  channels: number;
  sampleRate: number;
  /** Block size in frames for energies (0: none); ranges are in blocks. */
  block: number;
  from: number;
  to: number;
  warm: number;
  peak: boolean;
}

export interface Measurement {
  /** K-weighted energy per block (see blockEnergy), or null when not asked. */
  energy: Float64Array | null;
  /** True peak, linear (0 for silence). */
  peak: number;
}

/** Float32Array on shared memory, for audio that will be measured in workers. */
export function sharedFloats(length: number): Float32Array {
  return new Float32Array(new SharedArrayBuffer(length * 4));
}

/** Pure: [from, to) ranges of `count` items in `parts` nearly equal pieces. */
export function ranges(count: number, parts: number): { from: number; to: number }[] {
  const n = Math.max(1, Math.min(parts, count));
  return Array.from({ length: n }, (_, k) => ({
    from: Math.round((count * k) / n),
    to: Math.round((count * (k + 1)) / n),
  }));
}

/** How far before its range a measurement starts its filters (they forget their state in a few ms). */
export const WARM_MS = 200;

let pool: Worker[] = [];
/** How many workers warmUp started (0 again once they end). */
let warmed = 0;
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (m: Measurement) => void; reject: (e: Error) => void; worker: Worker }
>();

function workers(n: number): Worker[] {
  while (pool.length < n) {
    const w = new Worker(new URL("./measure.worker.ts", import.meta.url));
    w.unref(); // idle workers never keep the process alive; busy ones are ref'd while they work
    w.on("message", (m: { id: number; energy: Float64Array | null; peak: number; error?: string }) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (![...pending.values()].some((q) => q.worker === w)) w.unref();
      if (m.error) p.reject(new Error(m.error));
      else p.resolve({ energy: m.energy, peak: m.peak });
    });
    w.on("error", (err) => {
      pool = pool.filter((x) => x !== w);
      for (const [id, p] of pending) {
        if (p.worker !== w) continue;
        pending.delete(id);
        p.reject(err);
      }
    });
    pool.push(w);
  }
  return pool.slice(0, n);
}

/** Workers alive now (for tests). */
export function liveWorkers(): number {
  return pool.length;
}

/** How long idle workers are kept for the next measurement. */
export const IDLE_WORKER_MS = 5_000;
let idleTimer: NodeJS.Timeout | undefined;

/**
 * Ends the workers once nothing is pending for IDLE_WORKER_MS: an idle worker's isolate never collects
 * its garbage, and the messages it received keep every shared buffer of the last dubs alive (tens of MB
 * a dub). The next measurement starts them again.
 */
function endWhenIdle(): void {
  clearTimeout(idleTimer);
  if (pending.size > 0) return;
  idleTimer = setTimeout(() => {
    if (pending.size > 0) return;
    const ended = pool;
    pool = [];
    warmed = 0;
    for (const w of ended) void w.terminate();
  }, IDLE_WORKER_MS);
  idleTimer.unref();
}

function run(worker: Worker, task: Omit<MeasureTask, "id">): Promise<Measurement> {
  const id = nextId++;
  clearTimeout(idleTimer);
  const done = new Promise<Measurement>((resolve, reject) => {
    pending.set(id, { resolve, reject, worker });
    worker.ref();
    worker.postMessage({ ...task, id });
  });
  done.then(endWhenIdle, endWhenIdle);
  return done;
}

/**
 * Starts `parts` workers and has them measure a few seconds of noise, so that their modules are loaded
 * and their loops compiled before the real audio arrives (call it early; it never fails). Once while
 * the workers live (they end when idle, see endWhenIdle).
 */
export function warmUp(parts: number, sampleRate = 44_100): void {
  if (parts < 2 || parts <= warmed) return;
  warmed = parts;
  try {
    const noise = sharedFloats(sampleRate * 12);
    for (let i = 0; i < noise.length; i++) noise[i] = Math.sin(i * 0.37) * 0.5;
    measure(noise, 1, sampleRate, { block: sampleRate / 10, peak: true, parts }).catch(() => {});
  } catch {
    // measured on this thread later
  }
}

/**
 * Block energies (blocks of `block` frames; 0 for none) and/or the true peak of `data`, over `parts`
 * threads when `data` is on shared memory (sharedFloats). With `from`, blocks before it only warm the
 * filters (see measureFile in pcmfile.ts).
 */
export async function measure(
  data: Float32Array,
  channels: number,
  sampleRate: number,
  opts: { block: number; peak: boolean; parts?: number; from?: number },
): Promise<Measurement> {
  const frames = Math.floor(data.length / channels);
  const block = opts.block;
  const unit = block || 1;
  const count = block ? Math.floor(frames / block) : frames;
  const from = Math.min(count, opts.from ?? 0);
  const parts = opts.parts ?? Math.max(1, availableParallelism());
  const warm = block ? Math.ceil((WARM_MS * sampleRate) / 1000 / block) : 0;
  const inline = (): Measurement => ({
    energy: block
      ? blockEnergy(data, { channels, sampleRate, sub: block, range: { from, to: count, warm } })
      : null,
    peak: opts.peak ? truePeak(data, channels, from * unit) : 0,
  });
  if (!(data.buffer instanceof SharedArrayBuffer) || parts < 2 || frames < sampleRate * 10) return inline();
  const pieces = ranges(count - from, parts).map((r) => ({ from: r.from + from, to: r.to + from }));
  try {
    const ws = workers(pieces.length);
    const results = await Promise.all(
      pieces.map((r, k) =>
        run(ws[k] as Worker, {
          buffer: data.buffer as SharedArrayBuffer,
          byteOffset: data.byteOffset,
          length: data.length,
          channels,
          sampleRate,
          block,
          from: r.from,
          to: r.to,
          warm,
          peak: opts.peak,
        }),
      ),
    );
    let peak = Math.max(...results.map((r) => r.peak));
    // frames after the last whole block are outside every range
    if (opts.peak && count * unit < frames)
      peak = Math.max(peak, truePeak(data, channels, count * unit, frames));
    const energy = block ? new Float64Array(count - from) : null;
    if (energy) {
      let o = 0;
      for (const r of results) {
        energy.set(r.energy as Float64Array, o);
        o += (r.energy as Float64Array).length;
      }
    }
    return { energy, peak };
  } catch {
    return inline();
  }
}
