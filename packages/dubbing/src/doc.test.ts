import { describe, expect, it } from "vitest";
import { parseDoc, planSegments, type TranscriptDoc } from "./doc.ts";

const doc = (transcript: TranscriptDoc["transcript"]): TranscriptDoc => ({
  language: "en",
  speakers: [{ id: "s1", name: "Speaker 1", selectedVoice: "en-US-AvaMultilingualNeural" }],
  transcript,
});

describe("parseDoc", () => {
  it("accepts the specification's shape and fills missing names and voices", () => {
    const d = parseDoc({
      language: "es",
      speakers: [{ id: "a" }],
      transcript: [{ speaker: "a", text: "Hola.", start: 0, end: 1000 }],
    });
    expect(d.speakers[0]).toEqual({ id: "a", name: "a", selectedVoice: "" });
  });
  it("says what is wrong", () => {
    expect(() => parseDoc(null)).toThrow(/not a JSON object/);
    expect(() => parseDoc({ language: "xx", speakers: [], transcript: [] })).toThrow(
      expect.objectContaining({ code: "unsupported_language" }),
    );
    expect(() => parseDoc({ language: "en", speakers: {}, transcript: [] })).toThrow(/speakers/);
    expect(() =>
      parseDoc({
        language: "en",
        speakers: [{ id: "a" }],
        transcript: [{ speaker: "a", text: "x", start: "0", end: 1 }],
      }),
    ).toThrow(/transcript\[0\]\.start/);
  });
});

describe("planSegments", () => {
  it("rejects impossible times with the segment number", () => {
    expect(() => planSegments(doc([{ speaker: "s1", text: "a", start: 500, end: 400 }]), 10_000)).toThrow(
      expect.objectContaining({
        code: "invalid_segment",
        message: expect.stringMatching(/segment 1 .* ends before it starts/),
      }),
    );
    expect(() => planSegments(doc([{ speaker: "s1", text: "a", start: -1, end: 400 }]), 10_000)).toThrow(
      /before 0/,
    );
    expect(() =>
      planSegments(doc([{ speaker: "s1", text: "a", start: 10_000, end: 11_000 }]), 10_000),
    ).toThrow(/after the end of the video/);
    expect(() => planSegments(doc([{ speaker: "zz", text: "a", start: 0, end: 1 }]), 10_000)).toThrow(
      /unknown speaker/,
    );
  });
  it("clamps an end past the video and sorts segments, keeping document indexes", () => {
    const r = planSegments(
      doc([
        { speaker: "s1", text: "b", start: 5000, end: 12_000 },
        { speaker: "s1", text: "a", start: 0, end: 1000 },
      ]),
      10_000,
    );
    expect(r.segments.map((s) => [s.index, s.start, s.end])).toEqual([
      [1, 0, 1000],
      [0, 5000, 10_000],
    ]);
    expect(r.warnings).toHaveLength(2);
  });
});
