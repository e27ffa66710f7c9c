import type { Wait } from "../timing/plan.ts";
import { trackLanguage } from "./track-language.ts";

/** One audio track of the multi-language file: an input file's first audio stream, tagged and titled. */
export interface AudioTrack {
  file: string;
  /** An app language code: the track's ISO 639-2 tag. */
  language: string;
  /** What players list, e.g. "Español (dub)". */
  title: string;
  /** Copy the stream as it is (AAC and the like); false encodes it to AAC. */
  copy: boolean;
}

/** Audio codecs an MP4 holds as they are. */
const MP4_AUDIO = new Set(["aac", "mp3", "ac3", "eac3", "alac"]);
export const mp4CanCopyAudio = (codec: string) => MP4_AUDIO.has(codec);

/**
 * One MP4 for every language: the first video stream of `video` copied, then each track's audio as its
 * own stream, tagged with its language and titled; the first track is the default. Faststart, so
 * players and upload pages read it before it has fully arrived.
 */
export function multiTrackArgs(video: string, tracks: AudioTrack[], output: string): string[] {
  const inputs = [video, ...tracks.map((t) => t.file)].flatMap((file) => ["-i", file]);
  const maps = ["-map", "0:v:0", ...tracks.flatMap((_t, k) => ["-map", `${k + 1}:a:0`])];
  const perTrack = tracks.flatMap((t, k) => [
    `-c:a:${k}`,
    ...(t.copy ? ["copy"] : ["aac", `-b:a:${k}`, "160k"]),
    `-metadata:s:a:${k}`,
    `language=${trackLanguage(t.language)}`,
    // MP4 keeps a track's name as its handler name (what players list); "title" is for other muxers.
    `-metadata:s:a:${k}`,
    `handler_name=${t.title}`,
    `-disposition:a:${k}`,
    k === 0 ? "default" : "0",
  ]);
  return [...inputs, ...maps, "-c:v", "copy", ...perTrack, "-movflags", "+faststart", "-f", "mp4", output];
}

/** "Español" for "es": a language's own name for itself, capitalised. */
export function nativeLanguageName(code: string): string {
  const locale = code === "cmn" ? "zh" : code;
  const name = new Intl.DisplayNames([locale], { type: "language" }).of(locale) ?? code;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** A finished dub for the multi-language file: its language and where its picture waited. */
export interface TimedDub {
  language: string;
  waits: Wait[];
}

/**
 * Pure: the one timeline of the multi-language file, and the dubs on it. A dub whose picture waited runs
 * on its own timeline (the original's, lengthened by its holds); one file has one picture, so it takes
 * the timeline most dubs share (on a tie the original's, then the first dub's), holds its picture and
 * stretches the original sound the same way; dubs on another timeline are left out.
 */
export function sharedTimeline<T extends TimedDub>(
  dubs: readonly T[],
): { waits: Wait[]; on: T[]; left: T[] } {
  const keyOf = (d: TimedDub) => JSON.stringify(d.waits.map((w) => [w.at, w.ms]));
  const groups = new Map<string, T[]>();
  for (const d of dubs) groups.set(keyOf(d), [...(groups.get(keyOf(d)) ?? []), d]);
  let best: T[] = [];
  for (const [key, group] of groups) {
    const better = group.length > best.length || (group.length === best.length && key === "[]");
    if (better) best = group;
  }
  const chosen = new Set(best);
  return {
    waits: best[0]?.waits ?? [],
    on: dubs.filter((d) => chosen.has(d)),
    left: dubs.filter((d) => !chosen.has(d)),
  };
}
