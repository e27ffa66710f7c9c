// Stage 0: probe the video, plan the segments and resolve a voice per speaker.
import { basename, dirname, extname, join } from "node:path";
import { planSegments, type TranscriptDoc } from "../../doc.ts";
import type { EngineRegistry } from "../../engines/registry.ts";
import { DubError } from "../../errors.ts";
import { mp4CanCopyVideo } from "../../media/args.ts";
import { MediaError } from "../../media/errors.ts";
import { probe } from "../../media/probe.ts";
import { voiceKey } from "../../voices/register.ts";
import { type ResolvedVoice, resolveVoice } from "../voices.ts";
import type { PreparedDub } from "./types.ts";

/** Pure: the default output, next to the video as "<name>.<language>.mp4". */
export function defaultOutput(video: string, language: string): string {
  return join(dirname(video), `${basename(video, extname(video))}.${language}.mp4`);
}

/** Probes the video (it must have a stream an MP4 can copy), plans the segments, picks the voices. */
export async function prepareDub(
  video: string,
  doc: TranscriptDoc,
  registry: EngineRegistry,
  opts: { output?: string; signal?: AbortSignal },
): Promise<PreparedDub> {
  const info = await probe(video, { signal: opts.signal });
  if (!info.video) throw new MediaError("no_video_stream", "the input has no video stream to dub");
  if (!mp4CanCopyVideo(info.video.codec))
    throw new DubError(
      "unsupported_video",
      `the video codec ${info.video.codec} cannot be copied into an MP4; convert the video to H.264 first (normalizeVideoArgs)`,
    );
  const { segments, warnings } = planSegments(doc, info.durationMs);
  const voices = new Map<string, ResolvedVoice>();
  // each speaker's voice none of the others' while the language has another of their gender
  const taken = new Set<string>();
  for (const [i, s] of doc.speakers.entries()) {
    if (!segments.some((seg) => seg.speaker === s.id && seg.text.trim())) continue;
    const v = await resolveVoice(registry, s, doc.language, { index: i, taken });
    voices.set(s.id, v);
    taken.add(voiceKey(v.voice));
  }
  return {
    durationMs: info.durationMs,
    channels: Math.min(2, Math.max(1, info.audio?.channels ?? 2)),
    hasAudio: Boolean(info.audio),
    demuxer: info.demuxer,
    segments,
    warnings,
    voices,
    output: opts.output ?? defaultOutput(video, doc.language),
  };
}
