import { describe, expect, it } from "vitest";
import { canDeleteSpeaker, draftReducer, newDraft } from "./draft.ts";

const base = newDraft(
  [
    { id: "s1", name: "Speaker 1", selectedVoice: "a" },
    { id: "s2", name: "Speaker 2", selectedVoice: "b" },
  ],
  [
    { speaker: "s1", text: "Hi", start: 0, end: 1000 },
    { speaker: "s2", text: "Yo", start: 1000, end: 2000 },
  ],
);

describe("draftReducer", () => {
  it("starts clean and any change marks it dirty", () => {
    const edited = draftReducer(base, { type: "updateSegment", index: 1, change: { text: "Hey" } });
    expect(edited.dirty).toBe(true);
    expect(edited.transcript[1]!.text).toBe("Hey");
    expect(base.transcript[1]!.text).toBe("Yo");
    expect(
      draftReducer(base, { type: "updateSpeaker", id: "s1", change: { selectedVoice: "c" } }).dirty,
    ).toBe(true);
  });
  it("restore brings kept edits back as unsaved, undoable edits", () => {
    const kept = {
      speakers: base.speakers,
      transcript: [{ speaker: "s1", text: "Kept", start: 0, end: 900 }],
    };
    const restored = draftReducer(base, { type: "restore", doc: kept });
    expect(restored.dirty).toBe(true);
    expect(restored.transcript).toEqual(kept.transcript);
    expect(draftReducer(restored, { type: "undo" }).transcript).toEqual(base.transcript);
  });
  it("reset (after save) is clean again", () => {
    const dirty = draftReducer(base, {
      type: "addSpeaker",
      speaker: { id: "s3", name: "Speaker 3", selectedVoice: "c" },
    });
    expect(dirty.speakers).toHaveLength(3);
    const saved = draftReducer(dirty, {
      type: "reset",
      speakers: dirty.speakers,
      transcript: dirty.transcript,
    });
    expect(saved.dirty).toBe(false);
  });
  it("moves a deleted speaker's segments to the first remaining speaker", () => {
    const next = draftReducer(base, { type: "deleteSpeaker", id: "s2" });
    expect(next.speakers.map((s) => s.id)).toEqual(["s1"]);
    expect(next.transcript.map((s) => s.speaker)).toEqual(["s1", "s1"]);
    expect(canDeleteSpeaker(next)).toBe(false);
    expect(canDeleteSpeaker(base)).toBe(true);
  });
  it("undoes and redoes every edit since the page opened, typing in one field being one step", () => {
    let d = draftReducer(base, { type: "updateSegment", index: 0, change: { text: "H" }, at: 1 });
    d = draftReducer(d, { type: "updateSegment", index: 0, change: { text: "Ho" }, at: 50 });
    d = draftReducer(d, { type: "deleteSpeaker", id: "s2" });
    d = draftReducer(d, { type: "setTranscript", transcript: d.transcript.slice(0, 1) });
    expect(d.transcript).toHaveLength(1);
    d = draftReducer(d, { type: "undo" });
    expect(d.transcript).toHaveLength(2);
    d = draftReducer(d, { type: "undo" });
    expect(d.speakers).toHaveLength(2);
    expect(d.transcript[1]!.speaker).toBe("s2");
    d = draftReducer(d, { type: "undo" });
    expect(d.transcript[0]!.text).toBe("Hi");
    expect(draftReducer(d, { type: "undo" })).toBe(d);
    d = draftReducer(draftReducer(d, { type: "redo" }), { type: "redo" });
    expect(d.transcript[0]!.text).toBe("Ho");
    expect(d.speakers).toHaveLength(1);
    expect(d.dirty).toBe(true);
  });
});
