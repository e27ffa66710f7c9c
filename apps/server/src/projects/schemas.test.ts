import { describe, expect, it } from "vitest";
import { firstUnknownSpeaker, videoUpdateBody } from "./schemas.ts";

describe("video update body", () => {
  it("accepts {video} and a bare project, dropping read-only fields", () => {
    const wrapped = videoUpdateBody.parse({ video: { _id: "x", status: "ready", title: " T " } });
    expect(wrapped).toEqual({ title: "T" });
    expect(videoUpdateBody.parse({ title: "Bare" })).toEqual({ title: "Bare" });
  });

  it("refuses bad times, duplicate speakers and an empty title", () => {
    expect(
      videoUpdateBody.safeParse({ video: { transcript: [{ speaker: "a", text: "", start: -1, end: 5 }] } })
        .success,
    ).toBe(false);
    expect(
      videoUpdateBody.safeParse({ video: { transcript: [{ speaker: "a", text: "", start: 1.5, end: 5 }] } })
        .success,
    ).toBe(false);
    expect(
      videoUpdateBody.safeParse({ video: { transcript: [{ speaker: "a", text: "", start: 9, end: 5 }] } })
        .success,
    ).toBe(false);
    const dup = { id: "a", name: "A", selectedVoice: "v" };
    expect(videoUpdateBody.safeParse({ video: { speakers: [dup, dup] } }).success).toBe(false);
    expect(videoUpdateBody.safeParse({ video: { title: "  " } }).success).toBe(false);
  });

  it("finds a segment whose speaker does not exist", () => {
    const seg = (speaker: string) => ({ speaker, text: "", start: 0, end: 1 });
    expect(firstUnknownSpeaker([seg("a"), seg("b")], new Set(["a", "b"]))).toBe(-1);
    expect(firstUnknownSpeaker([seg("a"), seg("c")], new Set(["a", "b"]))).toBe(1);
  });
});
