// Stage 2: the timing fit (pure) and the mix, one window at a time in a raw float32 file (pcmfile.ts):
// the background (the original's audio, or silence) ducked under the source speech and the dub (which
// may borrow the silence after it), and the clips, stretched where needed, added at their absolute starts.
import { join } from "node:path";
import { resample } from "../../audio/dsp.ts";
import type { PlannedSegment } from "../../doc.ts";
import { throwIfAborted } from "../../errors.ts";
import { atempoArgs, decodeAudioArgs } from "../../media/args.ts";
import { runFfmpeg } from "../../media/run.ts";
import { addClip, duck, levelGain, type Range } from "../../mix/mixer.ts";
import { eachWindow, pcmFileOfLength, windowFrames } from "../../mix/pcmfile.ts";
import type { Fit } from "../../timing/fit.ts";
import { hashKey } from "../../util/hash.ts";
import { mapLimit } from "../../util/pool.ts";
import { readClip } from "../synth.ts";
import { MIX_RATE, type Placement, type StageProgress, type SynthesizedSegment } from "./types.ts";

/** Pure: a time (ms) as a frame of the mix. */
export const toFrame = (ms: number): number => Math.round((ms * MIX_RATE) / 1000);

/**
 * The original's audio decoded into `mixFile` by ffmpeg (started while the TTS runs; it is only needed
 * for the mix). Resolves false when there is no background to keep.
 */
export function decodeBackground(
  video: string,
  mixFile: string,
  opts: { keep: boolean; channels: number; durationMs: number; signal: AbortSignal },
): Promise<boolean> {
  if (!opts.keep) return Promise.resolve(false);
  const p = runFfmpeg(decodeAudioArgs(video, mixFile, MIX_RATE, opts.channels), {
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
  duckDb: number;
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

/** Segment i's clip at the mix rate, stretched by its fit's tempo (atempo, cached), and its level. */
async function loadClip(
  clipDir: string,
  s: SynthesizedSegment,
  f: Fit,
  signal?: AbortSignal,
): Promise<MixClip> {
  const file = join(clipDir, `${s.key}.wav`);
  const stretched = join(clipDir, `${hashKey("atempo", s.key, f.tempo)}.wav`);
  const clip =
    f.tempo > 1
      ? await readClip(stretched).catch(async () => {
          await runFfmpeg(atempoArgs(file, stretched, f.tempo), { signal });
          return readClip(stretched);
        })
      : await readClip(file);
  const samples = resample(clip.samples, clip.sampleRate, MIX_RATE);
  return { start: toFrame(f.start), samples, gain: levelGain(samples, MIX_RATE) };
}

/** Mixes the clips into `mixFile` (made `durationMs` long); returns where each clip was placed. */
export async function mixToFile(input: MixInput): Promise<Placement[]> {
  const { segments, synth, fits, channels } = input;
  const frames = toFrame(input.durationMs);
  const hasBackground = await input.background;
  await pcmFileOfLength(input.mixFile, channels, frames, hasBackground ? "keep" : "silence");
  const ranges = speechRanges(segments, fits);
  const placed: Placement[] = segments.map(() => null);
  const prepare = async (i: number) => {
    const c = await loadClip(input.clipDir, synth[i] as SynthesizedSegment, fits[i] as Fit, input.signal);
    // whole clip kept (never cut a word); only the too-long case may run past the limit
    const start = (fits[i] as Fit).start;
    placed[i] = { start, end: start + Math.round((c.samples.length / MIX_RATE) * 1000) };
    return c;
  };
  const mixWindow = windowFrames(MIX_RATE, MIX_RATE / 10);
  let next = 0; // the next segment whose clip is prepared (segments are in order of start)
  let active: MixClip[] = [];
  await eachWindow(input.mixFile, channels, { windowFrames: mixWindow, write: true }, async (w) => {
    throwIfAborted(input.signal);
    const end = w.start + mixWindow;
    if (hasBackground) duck(w.window, channels, ranges, input.duckDb, Math.round(0.15 * MIX_RATE), w.start);
    const starting: number[] = [];
    for (; next < segments.length && toFrame((segments[next] as PlannedSegment).start) < end; next++)
      if (synth[next] && fits[next]) starting.push(next);
    active.push(...(await mapLimit(starting, input.concurrency, prepare)));
    for (const c of active) addClip(w.window, channels, c.samples, c.start - w.start, c.gain);
    // a clip that runs into the next window stays for it
    active = active.filter((c) => c.start + c.samples.length > end);
    input.onProgress?.(Math.min(1, end / frames));
  });
  input.onProgress?.(1);
  return placed;
}
