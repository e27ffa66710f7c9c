import { describe, expect, it } from "vitest";
import { newSpeaker, nextUnusedVoice } from "./speakers.ts";

const voices = [{ value: "a" }, { value: "b" }, { value: "c" }];

describe("nextUnusedVoice", () => {
  it("takes the first voice nobody uses", () => {
    expect(nextUnusedVoice([], voices)).toBe("a");
    expect(nextUnusedVoice([{ id: "1", name: "S", selectedVoice: "a" }], voices)).toBe("b");
    expect(
      nextUnusedVoice(
        [
          { id: "1", name: "S", selectedVoice: "a" },
          { id: "2", name: "S", selectedVoice: "c" },
        ],
        voices,
      ),
    ).toBe("b");
  });
  it("falls back to the first voice when all are used", () => {
    const all = voices.map((v, i) => ({ id: String(i), name: "S", selectedVoice: v.value }));
    expect(nextUnusedVoice(all, voices)).toBe("a");
  });
});

describe("newSpeaker", () => {
  it("is named Speaker n+1 with an id no other speaker has", () => {
    const existing = [
      { id: "speaker-2", name: "Speaker 1", selectedVoice: "a" },
      { id: "x", name: "Host", selectedVoice: "b" },
    ];
    const s = newSpeaker(existing, voices);
    expect(s.name).toBe("Speaker 3");
    expect(s.selectedVoice).toBe("c");
    expect(existing.map((e) => e.id)).not.toContain(s.id);
  });
});
