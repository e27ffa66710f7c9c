// Stage 2: the timing fit (pure) and the mix, one window at a time in a raw float32 file (pcmfile.ts):
// the background (the original's audio, or silence) ducked under the source speech and the dub (which
// may borrow the silence after it), and the clips, stretched where needed, added at their absolute starts.
// Linear in the number of segments, in memory bounded by the clips of one window: the clips to stretch
// are stretched first, many per ffmpeg run; the duck ranges are merged once and each window bisects to
// its own; a window is short enough that about CLIPS_PER_WINDOW clips start in it.
import { access, open, rename } from "node:fs/promises";
import { join } from "node:path";
import { resample } from "../../audio/dsp.ts";
import type { PlannedSegment } from "../../doc.ts";
import { throwIfAborted } from "../../errors.ts";
import { atempoArgs, atempoManyArgs, decodeAudioArgs } from "../../media/args.ts";
import { runFfmpeg } from "../../media/run.ts";
import { addClip, duckMerged, levelGain, mergeRanges, type Range } from "../../mix/mixer.ts";
import { eachWindow, pcmFileOfLength, windowFrames } from "../../mix/pcmfile.ts";
import { MIX_RATE } from "../../mix/rate.ts";
import type { Fit } from "../../timing/fit.ts";
import { hashKey } from "../../util/hash.ts";
import { mapLimit } from "../../util/pool.ts";
import { readClip } from "../synth.ts";
import { touchFiles } from "./clip-cache.ts";
import type { Placement, StageProgress, SynthesizedSegment } from "./types.ts";

/** Pure: a time (ms) as a frame of the mix. */
export const toFrame = (ms: number): number => Math.round((ms * MIX_RATE) / 1000);

/**
 * The background decoded into `mixFile` by ffmpeg (started while the TTS runs; it is only needed for
 * the mix): the original's audio, or its separated background stem. Resolves false when there is no
 * background to keep.
 */
export function decodeBackground(
  source: string,
  mixFile: string,
  opts: { keep: boolean; channels: number; durationMs: number; signal: AbortSignal },
): Promise<boolean> {
  if (!opts.keep) return Promise.resolve(false);
  const p = runFfmpeg(decodeAudioArgs(source, mixFile, MIX_RATE, opts.channels), {
    durationMs: opts.durationMs,
    signal: opts.signal,
  }).then(() => true);
  p.catch(() => {}); // awaited by the mix; avoid an unhandled rejection while the TTS runs
  return p;
}

/** Pure: the frames under which the background is ducked: each dubbed segment's slot and its placed clip. */
export function speechRanges(segments: PlannedSegment[], fits: (Fit | null)[]): Range[] {
  return segments.flatMap((seg, i) => {
    const f = fits[i];
    return f
      ? [
          { start: toFrame(seg.start), end: toFrame(seg.end) },
          { start: toFrame(f.start), end: toFrame(f.end) },
        ]
      : [];
  });
}

export interface MixInput {
  mixFile: string;
  clipDir: string;
  channels: number;
  durationMs: number;
  /** Resolves true when the original's audio is in `mixFile` (decodeBackground). */
  background: Promise<boolean>;
  /** Lower the background under speech by duckDb ("duck"); with a separated background it stays. */
  duck: boolean;
  /** With `duck`: more frames to duck (the original's speech that no line covers). */
  duckAlso?: Range[];
  duckDb: number;
  /**
   * The original audio (raw float32 like the mix) put back in place of the background inside `ranges`
   * (frames; segments marked "keep the original voice"), with the duck's ramps.
   */
  restore?: { file: Promise<string>; ranges: Range[] };
  segments: PlannedSegment[];
  synth: (SynthesizedSegment | null)[];
  fits: (Fit | null)[];
  concurrency: number;
  signal?: AbortSignal;
  onProgress?: StageProgress;
}

/** A clip ready to be added: at the mix rate, stretched, with its start frame and level. */
interface MixClip {
  start: number;
  samples: Float32Array;
  gain: number;
}

/** About this many clips start in one window of the mix (its memory). */
export const CLIPS_PER_WINDOW = 128;
/** Clips stretched by one ffmpeg run. */
export const STRETCH_BATCH = 32;

/** Pure: the mix window (frames), 1–60 s in whole 100 ms units, so that about CLIPS_PER_WINDOW clips start in it. */
export function mixWindowFrames(segments: number, durationMs: number): number {
  const perSecond = segments / Math.max(1, durationMs / 1000);
  const seconds = perSecond > 0 ? Math.max(1, Math.min(60, Math.floor(CLIPS_PER_WINDOW / perSecond))) : 60;
  return windowFrames(MIX_RATE, MIX_RATE / 10, seconds);
}

const stretchedFile = (clipDir: string, key: string, tempo: number) =>
  join(clipDir, `${hashKey("atempo", key, tempo)}.wav`);

/** Pure: the distinct stretches the fits ask for (clip file → stretched file), keyed by output. */
export function stretchJobs(
  clipDir: string,
  synth: (SynthesizedSegment | null)[],
  fits: (Fit | null)[],
): { input: string; output: string; tempo: number }[] {
  const jobs = new Map<string, { input: string; output: string; tempo: number }>();
  synth.forEach((s, i) => {
    const f = fits[i];
    if (!s || !f || f.tempo === 1) return;
    const output = stretchedFile(clipDir, s.key, f.tempo);
    if (!jobs.has(output)) jobs.set(output, { input: join(clipDir, `${s.key}.wav`), output, tempo: f.tempo });
  });
  return [...jobs.values()];
}

/**
 * Every stretched clip the mix needs that the clip cache lacks, STRETCH_BATCH per ffmpeg run (written
 * under a temporary name and renamed, so an interrupted run leaves no partial clip in the cache).
 */
export async function stretchClips(
  jobs: { input: string; output: string; tempo: number }[],
  opts: { concurrency: number; signal?: AbortSignal; onProgress?: StageProgress },
): Promise<number> {
  const missing = await Promise.all(
    jobs.map((j) =>
      access(j.output).then(
        () => false,
        () => true,
      ),
    ),
  );
  const todo = jobs.filter((_j, k) => missing[k]);
  await touchFiles(jobs.filter((_j, k) => !missing[k]).map((j) => j.output));
  const batches: (typeof todo)[] = [];
  for (let k = 0; k < todo.length; k += STRETCH_BATCH) batches.push(todo.slice(k, k + STRETCH_BATCH));
  let done = 0;
  await mapLimit(batches, opts.concurrency, async (batch) => {
    throwIfAborted(opts.signal);
    const part = batch.map((j) => ({ ...j, output: `${j.output}.part` }));
    await runFfmpeg(atempoManyArgs(part), { signal: opts.signal });
    await Promise.all(part.map((j, k) => rename(j.output, (batch[k] as { output: string }).output)));
    done += batch.length;
    opts.onProgress?.(done / todo.length);
  });
  return todo.length;
}

/** Segment i's clip at the mix rate, stretched by its fit's tempo (stretchClips, cached), and its level. */
async function loadClip(
  clipDir: string,
  s: SynthesizedSegment,
  f: Fit,
  signal?: AbortSignal,
): Promise<MixClip> {
  const file = join(clipDir, `${s.key}.wav`);
  const stretched = stretchedFile(clipDir, s.key, f.tempo);
  const clip =
    f.tempo !== 1
      ? await readClip(stretched).catch(async () => {
          // removed from the cache since stretchClips ran: stretched alone
          await runFfmpeg(atempoArgs(file, stretched, f.tempo), { signal });
          return readClip(stretched);
        })
      : await readClip(file);
  const samples = resample(clip.samples, clip.sampleRate, MIX_RATE);
  return { start: toFrame(f.start), samples, gain: levelGain(samples, MIX_RATE) };
}

/** Mixes the clips into `mixFile` (made `durationMs` long); returns where each clip was placed. */
export async function mixToFile(input: MixInput): Promise<Placement[]> {
  const { segments, synth, fits, channels, signal } = input;
  const progress = (f: number) => input.onProgress?.(f);
  // stretching is most of the work when many clips are too long: the first half of the progress
  await stretchClips(stretchJobs(input.clipDir, synth, fits), {
    ...input,
    onProgress: (f) => progress(f / 2),
  });
  const frames = toFrame(input.durationMs);
  const hasBackground = await input.background;
  await pcmFileOfLength(input.mixFile, channels, frames, hasBackground ? "keep" : "silence");
  const ramp = Math.round(0.15 * MIX_RATE);
  const ranges = mergeRanges([...speechRanges(segments, fits), ...(input.duckAlso ?? [])], 2 * ramp);
  const ducking = { ranges, duckDb: input.duckDb, rampFrames: ramp };
  const placed: Placement[] = segments.map(() => null);
  const prepare = async (i: number) => {
    const c = await loadClip(input.clipDir, synth[i] as SynthesizedSegment, fits[i] as Fit, signal);
    // whole clip kept (never cut a word); only the too-long case may run past the limit
    const start = (fits[i] as Fit).start;
    placed[i] = { start, end: start + Math.round((c.samples.length / MIX_RATE) * 1000) };
    return c;
  };
  const mixWindow = mixWindowFrames(segments.length, input.durationMs);
  let next = 0; // the next segment whose clip is prepared (segments are in order of start)
  let active: MixClip[] = [];
  const restore = input.restore && {
    fh: await open(await input.restore.file, "r"),
    ranges: mergeRanges(input.restore.ranges, 2 * ramp),
    buf: new Float32Array(mixWindow * channels),
  };
  try {
    await eachWindow(input.mixFile, channels, { windowFrames: mixWindow, write: true }, async (w) => {
      throwIfAborted(signal);
      const end = w.start + mixWindow;
      if (hasBackground && input.duck) duckMerged(w.window, channels, ducking, w.start);
      if (restore) {
        const orig = restore.buf.subarray(0, w.window.length);
        orig.fill(0);
        await restore.fh.read(
          new Uint8Array(orig.buffer, 0, orig.length * 4),
          0,
          orig.length * 4,
          w.start * channels * 4,
        );
        crossfadeRanges(w.window, orig, channels, { ranges: restore.ranges, ramp, offset: w.start });
      }
      const starting: number[] = [];
      for (; next < segments.length && toFrame((segments[next] as PlannedSegment).start) < end; next++)
        if (synth[next] && fits[next]) starting.push(next);
      active.push(...(await mapLimit(starting, input.concurrency, prepare)));
      for (const c of active) addClip(w.window, channels, c, w.start);
      // a clip that runs into the next window stays for it
      active = active.filter((c) => c.start + c.samples.length > end);
      progress(0.5 + Math.min(1, end / frames) / 2);
    });
  } finally {
    await restore?.fh.close();
  }
  progress(1);
  return placed;
}

/**
 * In place: `data` replaced by `other` inside the merged `ranges` (frames of the whole mix; `offset` is
 * data's first frame), with linear ramps of `ramp` frames before and after each range.
 */
export function crossfadeRanges(
  data: Float32Array,
  other: Float32Array,
  channels: number,
  at: { ranges: Range[]; ramp: number; offset: number },
): void {
  const { ranges, ramp, offset } = at;
  const frames = Math.floor(data.length / channels);
  for (const r of ranges) {
    const a = Math.max(offset, r.start - ramp);
    const b = Math.min(offset + frames, r.end + ramp);
    for (let n = a; n < b; n++) {
      const g = n < r.start ? (n - (r.start - ramp)) / ramp : n >= r.end ? (r.end + ramp - n) / ramp : 1;
      const o = (n - offset) * channels;
      for (let c = 0; c < channels; c++)
        data[o + c] = (data[o + c] as number) * (1 - g) + (other[o + c] as number) * g;
    }
  }
}
