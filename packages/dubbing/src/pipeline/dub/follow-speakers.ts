// Stage 0b: each offline voice set to speak at its speaker's pitch and pace. Speakers not yet
// measured are measured here from the original audio of their own segments (longest first, a minute at
// most, decoded by ffmpeg: the video is never read into memory).
import { mkdir, readFile, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { mergeRegions } from "../../audio/features.ts";
import { longestFirst, type Prosody, speakerMeasure } from "../../audio/prosody.ts";
import { type Speaker, styleTarget, type TranscriptDoc } from "../../doc.ts";
import { inputArgs, type ProbedFile } from "../../media/input.ts";
import { ffmpegSamples } from "../../media/run.ts";
import { hashKey } from "../../util/hash.ts";
import { fitStyle, MAX_SHIFT_ST, type StyleFit, sampleText } from "../follow.ts";
import type { PreparedDub } from "./types.ts";

const SR = 16_000;

/**
 * At most this many regions are read for a measure (the longest first): a subtitle file of thousands of
 * tiny cues still makes one ffmpeg expression of bounded length (under the 128 KiB an argument may hold).
 */
export const MAX_REGIONS = 400;

/**
 * Pure: an ffmpeg expression true inside any of `terms`, as a balanced sum: ffmpeg refuses a chain of
 * more than ~100 terms (its parser's depth), while a balanced one is as deep as log2 of their number.
 */
export function balancedSum(terms: string[]): string {
  if (terms.length <= 1) return terms[0] ?? "0";
  const mid = terms.length >> 1;
  return `(${balancedSum(terms.slice(0, mid))}+${balancedSum(terms.slice(mid))})`;
}

/** Pure: the ffmpeg arguments for the audio of `regions` (ms), one after another, mono 16 kHz float32. */
export function regionAudioArgs(
  video: string | ProbedFile,
  regions: { start: number; end: number }[],
): string[] {
  const picks = balancedSum(mergeRegions(regions).map((r) => `between(t,${r.start / 1000},${r.end / 1000})`));
  return [
    ...[...inputArgs(video), "-vn", "-ac", "1", "-ar", String(SR)],
    ...["-af", `aselect='${picks}',asetpts=N/SR/TB`, "-f", "f32le", "pipe:3"],
  ];
}

/** How a speaker speaks, measured from their segments in the video; null when they have no audio there. */
export async function measureSpeakerInVideo(
  video: string | ProbedFile,
  regions: { start: number; end: number }[],
  signal?: AbortSignal,
): Promise<Prosody | null> {
  const picked = longestFirst(regions).slice(0, MAX_REGIONS);
  if (picked.length === 0) return null;
  return speakerMeasure(await ffmpegSamples(regionAudioArgs(video, picked), { signal }), SR);
}

/** A voice's settings kept beside the clips: `<key>.fit.json` (clip sync carries them between workers). */
export const fitFileName = (key: string) => `${key}.fit.json`;

/** A voice's settings for a target, found by an earlier dub; null when none, or when found before the
 *  shift was bounded (a voice shifted past half an octave loses words: it is set again). */
export async function readFit(file: string): Promise<StyleFit | null> {
  try {
    const fit = JSON.parse(await readFile(file, "utf8")) as StyleFit;
    if (typeof fit?.style?.rate !== "number" || typeof fit.style.shift !== "number") return null;
    if (Math.abs(fit.style.shift) > MAX_SHIFT_ST) return null;
    // used now: the clip cache's pruning evicts the least recently used files first
    const now = new Date();
    await utimes(file, now, now).catch(() => {});
    return fit;
  } catch {
    return null;
  }
}

/**
 * Sets `style` on the prepared voices of speakers who match (the default) and speak with an offline
 * voice. Returns the measures taken here, per speaker id (the caller may keep them). Cloud voices are
 * not changed (each calibration would be paid synthesis, and a cloned voice is the speaker already).
 * With `cacheDir`, a voice's settings for a target are found once and kept there.
 */
export async function followSpeakers(
  video: string,
  doc: TranscriptDoc,
  prep: PreparedDub,
  opts: { signal?: AbortSignal; hasAudio: boolean; cacheDir?: string },
): Promise<Map<string, Prosody>> {
  const measuredNow = new Map<string, Prosody>();
  for (const s of doc.speakers) {
    const v = prep.voices.get(s.id);
    if (!v?.engine.local || s.style?.match === false) continue;
    let style: Speaker["style"] = s.style ?? { match: true };
    if (!style.measured && opts.hasAudio) {
      // the original's times: the translated transcript keeps them
      const own = doc.transcript.filter((seg) => seg.speaker === s.id);
      const measured = await measureSpeakerInVideo(video, own, opts.signal);
      if (measured) {
        measuredNow.set(s.id, measured);
        style = { ...style, measured };
      }
    }
    const target = styleTarget(style);
    if (!target) continue;
    const lines = prep.segments.filter((seg) => seg.speaker === s.id).map((seg) => seg.text);
    const text = sampleText(lines);
    if (!text) continue;
    const key = hashKey("follow", v.engine.id, v.voice.id, v.voice.language, target);
    const cached = opts.cacheDir ? await readFit(join(opts.cacheDir, fitFileName(key))) : null;
    const fit = cached ?? (await fitStyle(v, text, target, opts.signal));
    if (opts.cacheDir && !cached) {
      await mkdir(opts.cacheDir, { recursive: true });
      await writeFile(join(opts.cacheDir, fitFileName(key)), JSON.stringify(fit));
    }
    const { style: vs, ...follow } = fit;
    v.style = vs;
    v.follow = follow;
  }
  return measuredNow;
}
