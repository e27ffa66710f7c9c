import type { Segment } from "@dubbing/contract";

// The request bodies are defined in @dubbing/contract (one definition for the server and the API description).
export {
  type Segment,
  type Speaker,
  segmentSchema,
  speakerSchema,
  titleSchema,
  transcriptSchema,
  type VideoUpdate,
  videoUpdateBody,
  videoUpdateSchema,
} from "@dubbing/contract";

/** Segments must name a speaker that exists on the project. Returns the index of the first that does not. */
export function firstUnknownSpeaker(transcript: Segment[], speakerIds: Set<string>): number {
  return transcript.findIndex((s) => !speakerIds.has(s.speaker));
}
