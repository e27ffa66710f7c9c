// One-click fixes of a line of the dub's report card, pure: the translated transcript as the fix leaves
// it. "shorten" needs an engine and is done by the service; the others are a change of the line alone
// ("move-speaker" also of the original transcript's line, which the service saves).

import type { lineFixBody, lineFixSchema } from "@dubbing/contract";
import { PLAN_DEFAULTS } from "@dubbing/dubbing";
import type { z } from "zod";
import { AppError } from "../errors.ts";
import type { Segment } from "../projects/schemas.ts";

export type LineFix = z.infer<typeof lineFixSchema>;
export type LineFixRequest = z.infer<typeof lineFixBody>;

/**
 * Pure: the transcript with line `index` ending where the silence after it ends (the timing plan's gap
 * before the next line that starts later, or the media's end). 409 when there is no silence to borrow.
 */
export function borrowSilence(transcript: readonly Segment[], index: number, durationMs: number): Segment[] {
  const line = transcript[index]!;
  const nextStart = transcript
    .filter((s) => s.start > line.start)
    .reduce((m, s) => Math.min(m, s.start), Number.POSITIVE_INFINITY);
  const end = Math.min(durationMs, nextStart - PLAN_DEFAULTS.gapMs);
  if (end <= line.end)
    throw new AppError(
      "conflict",
      `Line ${index + 1} has no silence after it to borrow: the next line follows it.`,
    );
  return transcript.map((s, i) => (i === index ? { ...s, end } : s));
}

/** Pure: the transcript with the picture waiting for line `index` where it needs more time. */
export function letPictureWait(transcript: readonly Segment[], index: number): Segment[] {
  return transcript.map((s, i) => (i === index ? { ...s, pictureWaits: true } : s));
}

/**
 * Pure: the transcript with line `index` given to `speaker` (the card's speaker check heard that voice in
 * it). 400 when the speaker is not one of the project's.
 */
export function moveSpeaker<S extends { speaker: string }>(
  transcript: readonly S[],
  index: number,
  speaker: string,
  speakers: readonly { id: string }[],
): S[] {
  if (!speakers.some((s) => s.id === speaker))
    throw new AppError("validation_failed", "The line can only move to one of the project's speakers.", [
      { path: "speaker", message: "Unknown speaker." },
    ]);
  return transcript.map((s, i) => (i === index ? { ...s, speaker } : s));
}
