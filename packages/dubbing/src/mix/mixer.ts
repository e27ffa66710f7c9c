// Pure mixing on interleaved float PCM: ducking the background under the dub, placing clips at
// absolute positions, levelling clips.

export interface Range {
  /** frames */
  start: number;
  end: number;
}

/** Pure: merges ranges closer than `bridge` frames (no gain pumping between close clips). */
export function mergeRanges(ranges: Range[], bridge: number): Range[] {
  const sorted = [...ranges].filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r.start - last.end <= bridge) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** How the background goes under the dub: lowered by `duckDb` inside `ranges` (frames), ramps of `rampFrames`. */
export interface Ducking {
  ranges: Range[];
  duckDb: number;
  rampFrames: number;
}

/**
 * In place: lowers the background by `duckDb` inside `ranges` (frames), with linear ramps of `rampFrames`
 * that finish before a range starts and begin after it ends. `offset`: the first frame of `data` on the
 * ranges' time line (a window of a longer mix).
 */
export function duck(data: Float32Array, channels: number, ducking: Ducking, offset = 0): void {
  const merged = mergeRanges(ducking.ranges, 2 * ducking.rampFrames);
  duckMerged(data, channels, { ...ducking, ranges: merged }, offset);
}

/**
 * duck() with ranges already merged by mergeRanges(ranges, 2 × rampFrames) (sorted, apart by more than
 * two ramps): a long mix merges them once, and each window finds its first range by bisection, so a
 * window costs its own ranges, not the transcript's.
 */
export function duckMerged(data: Float32Array, channels: number, ducking: Ducking, offset = 0): void {
  const { ranges: merged, duckDb, rampFrames } = ducking;
  const frames = Math.floor(data.length / channels);
  const low = 10 ** (-Math.abs(duckDb) / 20);
  // the first range whose ramp-out ends after the window starts
  let lo = 0;
  let hi = merged.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((merged[mid] as Range).end + rampFrames <= offset) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo; k < merged.length; k++) {
    const r = merged[k] as Range;
    const a = Math.max(0, r.start - rampFrames);
    if (a >= offset + frames) break;
    const b = r.end + rampFrames;
    for (let n = Math.max(a, offset); n < Math.min(b, offset + frames); n++) {
      let g: number;
      if (n < r.start) g = 1 - ((1 - low) * (n - a + 1)) / (r.start - a + 1);
      else if (n >= r.end) g = low + ((1 - low) * (n - r.end + 1)) / (b - r.end + 1);
      else g = low;
      const o = (n - offset) * channels;
      for (let c = 0; c < channels; c++) data[o + c] = (data[o + c] as number) * g;
    }
  }
}

/** A mono clip placed at frame `start` of the mix, × `gain` (1 when none). */
export interface PlacedClip {
  samples: Float32Array;
  start: number;
  gain?: number;
}

/**
 * In place: adds a mono clip × gain to every channel from frame `placed.start - offset` of `data` (it
 * may start before `data` or run past its end: only the part inside is added). `offset`: the first frame
 * of `data` on the clip's time line (a window of a longer mix). Returns the frames added.
 */
export function addClip(data: Float32Array, channels: number, placed: PlacedClip, offset = 0): number {
  const { samples: clip, gain = 1 } = placed;
  const start = placed.start - offset;
  const frames = Math.floor(data.length / channels);
  const from = Math.max(0, -start);
  const to = Math.min(clip.length, frames - start);
  for (let i = from; i < to; i++) {
    const v = (clip[i] as number) * gain;
    const o = (start + i) * channels;
    for (let c = 0; c < channels; c++) data[o + c] = (data[o + c] as number) + v;
  }
  return Math.max(0, to - from);
}

/**
 * Pure: the gain that brings a clip's active level (RMS of its 10 ms frames above −50 dBFS) to
 * `targetDb`, limited so its sample peak stays under −1 dBFS.
 */
export function levelGain(clip: Float32Array, sampleRate: number, targetDb = -20): number {
  const frame = Math.max(1, Math.round(sampleRate / 100));
  let sum = 0;
  let count = 0;
  let peak = 0;
  for (let o = 0; o + frame <= clip.length; o += frame) {
    let s = 0;
    for (let i = 0; i < frame; i++) {
      const v = clip[o + i] as number;
      s += v * v;
      const a = Math.abs(v);
      if (a > peak) peak = a;
    }
    if (10 * Math.log10(s / frame + 1e-12) > -50) {
      sum += s;
      count += frame;
    }
  }
  if (count === 0 || peak === 0) return 1;
  const rms = Math.sqrt(sum / count);
  const g = 10 ** (targetDb / 20) / rms;
  return Math.min(g, 10 ** (-1 / 20) / peak);
}
