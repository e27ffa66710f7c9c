import { describe, expect, it } from "vitest";
import {
  keepMeasured,
  reassignSpeakers,
  sameList,
  sourceEditConflict,
  translationEditConflict,
} from "./edit-rules.ts";

const seg = (speaker: string) => ({ speaker, text: "x", start: 0, end: 1000 });

describe("edits while a job runs", () => {
  it("refuses what a running job would miss, and only that", () => {
    const both = { transcript: true, speakers: true };
    expect(sourceEditConflict(both, { project: "transcribing", translations: [] })).toMatch(
      /still being made/,
    );
    expect(sourceEditConflict(both, { project: "ready", translations: ["dubbed"] })).toBeNull();
    const text = { transcript: true, speakers: false };
    expect(sourceEditConflict(text, { project: "ready", translations: ["translating"] })).toMatch(
      /translation/,
    );
    expect(sourceEditConflict(text, { project: "ready", translations: ["dubbing"] })).toBeNull();
    const voices = { transcript: false, speakers: true };
    expect(sourceEditConflict(voices, { project: "ready", translations: ["dubbing"] })).toMatch(/dub/);
    const title = { transcript: false, speakers: false };
    expect(sourceEditConflict(title, { project: "transcribing", translations: ["dubbing"] })).toBeNull();
    expect(translationEditConflict("dubbing")).toMatch(/dub/);
    expect(translationEditConflict("translating")).toMatch(/translation/);
    expect(translationEditConflict("failed")).toBeNull();
  });

  it("moves segments of a removed speaker to the first remaining one", () => {
    const speakers = [{ id: "s2", name: "B", selectedVoice: "v" }];
    const transcript = [seg("s1"), seg("s2")];
    expect(reassignSpeakers(transcript, speakers)?.map((s) => s.speaker)).toEqual(["s2", "s2"]);
    const kept = [seg("s2")];
    expect(reassignSpeakers(kept, speakers)).toBe(kept);
    expect(reassignSpeakers(transcript, [])).toBeNull();
    expect(reassignSpeakers([], [])).toEqual([]);
  });
});

describe("keepMeasured", () => {
  const measured = { pitchHz: 120, rangeSt: 4, syllablesPerSec: 4.5 };
  const current = [{ id: "a", name: "A", selectedVoice: "v", style: { match: true, measured } }];
  it("keeps the stored measures whatever the client sent, in one key order", () => {
    const forged = { pitchHz: 999, rangeSt: 1, syllablesPerSec: 9 };
    const given = [
      { id: "a", name: "A", selectedVoice: "v", style: { pitchHz: 150, match: false, measured: forged } },
    ];
    const kept = keepMeasured(given, current);
    expect(kept[0]!.style).toEqual({ match: false, measured, pitchHz: 150 });
    expect(Object.keys(kept[0]!.style!)).toEqual(["match", "measured", "pitchHz"]);
    // a new speaker has no measures to keep; one without a style stays without
    expect(keepMeasured([{ ...given[0]!, id: "b" }], current)[0]!.style).toEqual({
      match: false,
      pitchHz: 150,
    });
    expect(keepMeasured([{ id: "a", name: "A", selectedVoice: "v" }], current)[0]!.style).toBeUndefined();
  });
  it("compares equal to the stored list when nothing changed", () => {
    expect(sameList(keepMeasured(current, current), current)).toBe(true);
  });
});
