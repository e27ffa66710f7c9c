// Subtitle files (SRT, WebVTT) as a transcript or a translation: read from a multipart part with a byte cap,
// decoded and parsed by @dubbing/dubbing, refusals turned into 400s that name the cue.
import type { Readable } from "node:stream";
import {
  decodeSubtitles,
  defaultVoices,
  isLanguageCode,
  MAX_SUBTITLE_BYTES,
  type ParsedCue,
  parseSubtitles,
  SubtitleError,
  speakersFromCues,
} from "@dubbing/dubbing";
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import type { Speaker } from "../projects/schemas.ts";

/** A subtitle file as it arrived: its bytes, or `tooLarge` when it passed the cap (the rest was drained). */
export interface SubtitleUpload {
  bytes: Buffer;
  tooLarge: boolean;
}

/** Reads a file part into memory up to the 2 MiB cap; past it, the rest is read and thrown away. */
export async function collectSubtitles(stream: Readable): Promise<SubtitleUpload> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_SUBTITLE_BYTES) chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks), tooLarge: size > MAX_SUBTITLE_BYTES };
}

/** The `subtitles` file of a multipart request that carries only that (import into a project). */
export async function receiveSubtitles(request: FastifyRequest): Promise<SubtitleUpload> {
  if (!request.isMultipart())
    throw new AppError("bad_request", "Send the subtitle file as multipart/form-data (field `subtitles`).");
  let file: SubtitleUpload | undefined;
  try {
    const limits = { files: 1, fields: 5, fieldSize: 1024, fileSize: MAX_SUBTITLE_BYTES + 1 };
    for await (const part of request.parts({ limits })) {
      if (part.type === "file" && part.fieldname === "subtitles" && !file)
        file = await collectSubtitles(part.file);
      else if (part.type === "file") part.file.resume();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") return { bytes: Buffer.alloc(0), tooLarge: true };
    if (code === "FST_FILES_LIMIT" || code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT")
      throw new AppError("bad_request", "Send one subtitle file (field `subtitles`).");
    throw error;
  }
  if (!file) throw new AppError("file_required", "Choose an SRT or WebVTT file to import.");
  return file;
}

/** Decoded and parsed cues, or a 400 `validation_failed` naming the cue (`subtitles.cue.N`) or the file. */
export function readSubtitleFile(file: SubtitleUpload, durationMs?: number): ParsedCue[] {
  try {
    if (file.tooLarge) throw new SubtitleError(null, "The subtitle file is larger than 2 MiB.");
    if (file.bytes.length === 0) throw new SubtitleError(null, "The subtitle file is empty.");
    return parseSubtitles(decodeSubtitles(file.bytes), { durationMs });
  } catch (error) {
    if (!(error instanceof SubtitleError)) throw error;
    const path = error.cue === null ? "subtitles" : `subtitles.cue.${error.cue}`;
    throw new AppError("validation_failed", error.message, [{ path, message: error.message }], {
      cause: error,
    });
  }
}

/**
 * Cues → the project's speakers and transcript. Named speakers that exist keep their voice; new ones get
 * the language's default voices as transcription gives them, alternating female and male (there is no
 * audio analysis to tell: alternating makes neighbours in a dialogue easy to tell apart).
 */
export function transcriptFromCues(cues: ParsedCue[], language: string, existing: Speaker[] = []) {
  const lang = isLanguageCode(language) ? language : "en";
  let voices: string[] = [];
  return speakersFromCues(
    cues,
    (i, count) => {
      if (voices.length !== count)
        voices = defaultVoices(
          lang,
          Array.from({ length: count }, (_, k) => (k % 2 === 0 ? "Female" : "Male")),
        );
      return voices[i]!;
    },
    existing,
  );
}

/**
 * Cues → a translation's segments. A cue that names one of the project's speakers is theirs; any other
 * is spoken by whoever speaks the original segment it overlaps most (the earlier one on a tie; none: the
 * first speaker).
 */
export function translationFromCues(
  cues: ParsedCue[],
  speakers: Speaker[],
  original: { speaker: string; start: number; end: number }[],
) {
  const byName = new Map(speakers.map((s) => [s.name.trim().toLowerCase(), s.id]));
  const under = overlapping(original);
  return cues.map((c) => {
    const named = c.speaker && byName.get(c.speaker.trim().toLowerCase());
    return {
      speaker: named || under(c)?.speaker || speakers[0]!.id,
      text: c.text,
      start: c.start,
      end: c.end,
    };
  });
}

/**
 * Pure: segments → a look-up of the one a span overlaps most (the earliest in `segments` on a tie). Sorted
 * by start once, each look-up visits only the segments that can reach the span (a binary search, then back
 * while the latest end so far is past the span's start): for a transcript whose segments follow each other
 * (as saved transcripts do), O(log n) plus the segments it overlaps, not a pass over all of them.
 */
export function overlapping<T extends { start: number; end: number }>(segments: readonly T[]) {
  const order = segments.map((_, i) => i).sort((a, b) => segments[a]!.start - segments[b]!.start);
  const reach: number[] = [];
  for (const [k, i] of order.entries()) reach.push(Math.max(reach[k - 1] ?? -Infinity, segments[i]!.end));
  return (span: { start: number; end: number }): T | undefined => {
    let hi = order.length;
    for (let lo = 0; lo < hi; ) {
      const mid = (lo + hi) >> 1;
      if (segments[order[mid]!]!.start < span.end) lo = mid + 1;
      else hi = mid;
    }
    let best = -1;
    let most = 0;
    for (let k = hi - 1; k >= 0 && reach[k]! > span.start; k--) {
      const i = order[k]!;
      const o = segments[i]!;
      const overlap = Math.min(o.end, span.end) - Math.max(o.start, span.start);
      if (overlap > most || (overlap === most && overlap > 0 && i < best)) [best, most] = [i, overlap];
    }
    return best < 0 ? undefined : segments[best];
  };
}
