import type { Segment } from "@dubbing/contract";

export type { Segment };

/** The index of the segment playing at `ms`, or -1 between segments. */
export function segmentAt(transcript: readonly Segment[], ms: number): number {
  return transcript.findIndex((s) => ms >= s.start && ms < s.end);
}

/** The speaker's name for a segment, or the raw id when the speaker is gone. */
export function speakerName(speakers: readonly { id: string; name: string }[], id: string): string {
  return speakers.find((s) => s.id === id)?.name ?? id;
}
