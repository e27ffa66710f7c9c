// TTS for a dub: every segment's line synthesized once, in batches per voice, cached in the work dir.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { trimBounds } from "../audio/dsp.ts";
import { encodeWav, parseWav, toMono } from "../audio/wav.ts";
import type { Clip, TtsEngine } from "../engines/types.ts";
import { throwIfAborted } from "../errors.ts";
import { shiftPitchMany } from "../tts/shift.ts";
import { hashKey } from "../util/hash.ts";
import { mapLimit } from "../util/pool.ts";
import { touchFiles } from "./dub/clip-cache.ts";
import type { ResolvedVoice } from "./voices.ts";

/** A synthesized clip: trimmed, in the work dir's clips folder as `{key}.wav` (read again to be mixed). */
export interface SynthOut {
  key: string;
  clipMs: number;
  cached: boolean;
}

/** The most lines one synthesizeMany run takes. */
export const MAX_BATCH = 64;

/** Requests in flight to a cloud TTS engine. */
const CLOUD_TTS_REQUESTS = 4;

export interface SynthJob {
  v: ResolvedVoice;
  text: string;
  rate: number;
  /** Synthesize even when the cache has the clip ("regenerate this line"); the new clip replaces it. */
  fresh?: boolean;
}

/**
 * Pure: one voice's lines (indices, sorted here) in runs of similar text length: two runs per core (runs
 * end at different times, and the next pass waits for the last one), and at most MAX_BATCH lines a run,
 * so that a long transcript's clips are held a batch at a time and progress moves with each batch.
 */
export function planBatches(idx: number[], length: (i: number) => number, concurrency: number): number[][] {
  idx.sort((a, b) => a - b);
  const total = idx.reduce((n, i) => n + length(i), 0);
  const parts = Math.min(idx.length, Math.max(2 * concurrency, Math.ceil(idx.length / MAX_BATCH)));
  const batches: number[][] = [];
  let acc = 0;
  let cur: number[] = [];
  for (const i of idx) {
    cur.push(i);
    acc += length(i);
    if (batches.length < parts - 1 && acc >= (total * (batches.length + 1)) / parts) {
      batches.push(cur);
      cur = [];
    }
  }
  if (cur.length) batches.push(cur);
  return batches;
}

/**
 * TTS with a cache in the work dir, keyed by engine, voice, language, text and rate; clips are trimmed.
 * What is not cached is synthesized per voice in batches, `concurrency` at once (engines with
 * synthesizeMany do a batch in one run), and `onDone` counts the clips as they come.
 */
export interface SynthAllOptions {
  /** The clip cache. */
  dir: string;
  language: string;
  concurrency: number;
  signal?: AbortSignal;
  onDone: (count: number) => void;
}

export async function synthAll(
  jobs: SynthJob[],
  { dir, language, concurrency, signal, onDone }: SynthAllOptions,
): Promise<SynthOut[]> {
  const out = new Array<SynthOut>(jobs.length);
  const keys = jobs.map((j) => {
    const st = j.v.style;
    // a voice that follows its speaker: its pitch settings and shift are part of the clip
    const follow = st ? [st.pitch ?? "", st.range ?? "", st.shift] : [];
    return hashKey("tts", j.v.engine.id, j.v.voice.id, language, j.text, j.rate, ...follow);
  });
  // each clip once: a repeated line takes the same clip (a batch's neighbours change a clip slightly,
  // and the cache must hold the clip that was used)
  const firstOf = new Map<string, number>();
  const count = new Map<string, number>();
  keys.forEach((k, i) => {
    if (!firstOf.has(k)) firstOf.set(k, i);
    count.set(k, (count.get(k) ?? 0) + 1);
  });
  const unique = [...firstOf.values()];
  const groups = new Map<string, number[]>();
  // cache look-ups a few at a time: each reads a whole clip (thousands at once would hold them all)
  await mapLimit(unique, 8, async (i) => {
    const j = jobs[i] as SynthJob;
    try {
      if (j.fresh) throw new Error("asked to synthesize again");
      const file = join(dir, `${keys[i]}.wav`);
      const clip = await readClip(file);
      await touchFiles([file]); // a cache hit: the clip cache evicts least recently used clips
      out[i] = { key: keys[i] as string, clipMs: durationMs(clip), cached: true };
    } catch {
      // a batch is one voice at one setting (the clips of a batch are pitch-shifted together)
      const st = j.v.style;
      const g = `${j.v.engine.id}\n${j.v.voice.id}\n${st ? `${st.pitch}/${st.range}/${st.shift}` : ""}`;
      const list = groups.get(g);
      if (list) list.push(i);
      else groups.set(g, [i]);
    }
  });
  const copies = (i: number) => count.get(keys[i] as string) as number;
  onDone(jobs.length - [...groups.values()].reduce((n, g) => n + g.reduce((m, i) => m + copies(i), 0), 0));
  // two runs per core in all, not per voice: each run is a process start (~7 ms of this thread, and the
  // engine's own start-up), and the voices' runs already end at different times
  const perVoice = Math.ceil(concurrency / groups.size);
  const batches = [...groups.values()].flatMap((idx) => {
    const j0 = jobs[idx[0] as number] as SynthJob;
    // single runs for engines without batches, unless their clips are pitch-shifted (one shift a batch)
    return j0.v.engine.synthesizeMany || (j0.v.style?.shift ?? 0) !== 0
      ? planBatches(idx, (i) => (jobs[i] as SynthJob).text.length, perVoice)
      : idx.map((i) => [i]);
  });
  // a cloud engine waits on the network, not on a core: a few requests at once (rate limits are
  // retried by providerFetch)
  const engineOf = (b: number[]) => (jobs[b[0] as number] as SynthJob).v.engine;
  const limit = batches.some((b) => !engineOf(b).local)
    ? Math.max(concurrency, CLOUD_TTS_REQUESTS)
    : concurrency;
  await mapLimit(batches, limit, async (batch) => {
    throwIfAborted(signal);
    const first = jobs[batch[0] as number] as SynthJob;
    const engine = first.v.engine as TtsEngine;
    const reqs = batch.map((i) => {
      const j = jobs[i] as SynthJob;
      const { pitch, range } = j.v.style ?? {};
      return {
        ...{ text: j.text, voice: j.v.voice.id, language: j.v.voice.language, rate: j.rate, signal },
        ...(pitch !== undefined ? { pitch } : {}),
        ...(range !== undefined ? { range } : {}),
      };
    });
    const clips: Clip[] = [];
    if (batch.length > 1 && engine.synthesizeMany) clips.push(...(await engine.synthesizeMany(reqs)));
    else for (const r of reqs) clips.push(await engine.synthesize(r));
    // a voice that follows its speaker above or below its own pitch range: one shift for the batch
    const shifted = await shiftPitchMany(clips, first.v.style?.shift ?? 0, signal);
    await Promise.all(
      batch.map(async (i, k) => {
        const raw = shifted[k] as Clip;
        const b = trimBounds(raw.samples, raw.sampleRate);
        const clip = {
          samples: raw.samples.slice(b.start, Math.max(b.start, b.end)),
          sampleRate: raw.sampleRate,
        };
        await writeFile(join(dir, `${keys[i]}.wav`), encodeWav(clip.samples, clip.sampleRate));
        out[i] = { key: keys[i] as string, clipMs: durationMs(clip), cached: false };
      }),
    );
    onDone(batch.reduce((m, i) => m + copies(i), 0));
  });
  return jobs.map((_j, i) => out[firstOf.get(keys[i] as string) as number] as SynthOut);
}

const durationMs = (c: Clip) => Math.round((c.samples.length / c.sampleRate) * 1000);

export async function readClip(file: string): Promise<Clip> {
  const pcm = parseWav(await readFile(file));
  return { samples: toMono(pcm), sampleRate: pcm.sampleRate };
}
