// A long track read a region at a time: the transcription's diarization, change points and speakers'
// pitch need a few seconds of the 16 kHz audio each, never the whole hour as floats (230 MB).
import { open, stat } from "node:fs/promises";
import { medianPitch, type Region } from "./features.ts";
import { wavLayout } from "./speech-file.ts";

/** A mono track whose samples are read by region. */
export interface Track {
  sampleRate: number;
  /** Samples in the track. */
  length: number;
  /**
   * The samples from round(startMs · rate / 1000) to round(endMs · rate / 1000), clipped to the track:
   * the indices a whole-array reader (features.ts) takes for those times.
   */
  read(startMs: number, endMs: number): Promise<Float32Array>;
}

/** A track over floats already held (tests, short clips). */
export function arrayTrack(samples: Float32Array, sampleRate: number): Track {
  const at = (ms: number) => Math.min(samples.length, Math.max(0, Math.round((ms * sampleRate) / 1000)));
  return {
    sampleRate,
    length: samples.length,
    read: async (startMs, endMs) => samples.slice(at(startMs), Math.max(at(startMs), at(endMs))),
  };
}

/**
 * A 16-bit PCM WAV read by region through one file handle: only the bytes of the region asked for are
 * read, channels averaged to mono as readWavMono does. Close it when done.
 */
export async function openWavTrack(file: string): Promise<Track & { close(): Promise<void> }> {
  const { dataOffset, sampleRate, channels } = await wavLayout(file);
  const length = Math.floor(((await stat(file)).size - dataOffset) / (2 * channels));
  const handle = await open(file);
  const at = (ms: number) => Math.min(length, Math.max(0, Math.round((ms * sampleRate) / 1000)));
  return {
    sampleRate,
    length,
    async read(startMs, endMs) {
      const from = at(startMs);
      const n = Math.max(0, at(endMs) - from);
      const bytes = Buffer.alloc(n * 2 * channels);
      const { bytesRead } = await handle.read(bytes, 0, bytes.length, dataOffset + from * 2 * channels);
      const out = new Float32Array(Math.floor(bytesRead / (2 * channels)));
      for (let s = 0; s < out.length; s++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) sum += bytes.readInt16LE((s * channels + c) * 2) / 32768;
        out[s] = channels === 1 ? sum : sum / channels;
      }
      return out;
    },
    close: () => handle.close(),
  };
}

/**
 * A region's samples from the whole millisecond before it (MFCC's pre-emphasis looks one sample back),
 * and the time they start at: features of the clip over the region are those of the whole track.
 */
export async function regionClip(
  track: Track,
  r: Region,
): Promise<{ samples: Float32Array; offsetMs: number }> {
  const offsetMs = Math.max(0, Math.floor(r.start) - 1);
  return { samples: await track.read(offsetMs, r.end), offsetMs };
}

/**
 * Regions' samples laid end to end, each read exactly, and the regions as they fall in them: for
 * measures that look inside each region only (pitch, a speaker's own speech).
 */
export async function packedRegions(
  track: Track,
  regions: readonly Region[],
): Promise<{ samples: Float32Array; regions: Region[] }> {
  const clips = await Promise.all(regions.map((r) => track.read(r.start, r.end)));
  const samples = new Float32Array(clips.reduce((n, c) => n + c.length, 0));
  const placed: Region[] = [];
  let at = 0;
  for (const clip of clips) {
    samples.set(clip, at);
    placed.push({
      start: (at * 1000) / track.sampleRate,
      end: ((at + clip.length) * 1000) / track.sampleRate,
    });
    at += clip.length;
  }
  return { samples, regions: placed };
}

/** A WAV file's length (ms), from its header and size. */
export async function wavDurationMs(file: string): Promise<number> {
  const track = await openWavTrack(file);
  await track.close();
  return Math.round((track.length / track.sampleRate) * 1000);
}

/**
 * medianPitch over regions, reading only the first regions that hold its maxFrames pitch frames (20 ms
 * hops; a region of d ms has at least (d − 60) / 20 that a 40 ms frame and a 60 Hz lag fit in): the
 * same number as over the whole track.
 */
export async function trackMedianPitch(
  track: Track,
  regions: readonly Region[],
  maxFrames = 300,
): Promise<number> {
  const needed: Region[] = [];
  let frames = 0;
  for (const r of regions) {
    if (frames >= maxFrames) break;
    needed.push(r);
    frames += Math.max(0, (r.end - r.start - 60) / 20);
  }
  const packed = await packedRegions(track, needed);
  return medianPitch(packed.samples, track.sampleRate, packed.regions, maxFrames);
}
