import type { Speaker } from "./speakers/speakers.ts";
import { type History, record, redo, startHistory, undo } from "./transcript/history.ts";
import type { Segment } from "./transcript/segments.ts";

/** What the editor edits: the speakers and the transcript. */
export interface Doc {
  speakers: Speaker[];
  transcript: Segment[];
}

/** The editor's working copy; any change marks it dirty (PRODUCT.md § Behaviour) and can be undone. */
export interface Draft extends Doc {
  dirty: boolean;
  history: History<Doc>;
}

export type DraftAction =
  | { type: "reset"; speakers: Speaker[]; transcript: Segment[] }
  | { type: "addSpeaker"; speaker: Speaker }
  | { type: "deleteSpeaker"; id: string }
  | { type: "updateSpeaker"; id: string; change: Partial<Omit<Speaker, "id">> }
  | { type: "updateSegment"; index: number; change: Partial<Segment>; at?: number }
  /** A structural edit (add, delete, split, merge): the whole new transcript. */
  | { type: "setTranscript"; transcript: Segment[] }
  /** Edits kept on this device, brought back as unsaved edits. */
  | { type: "restore"; doc: Doc }
  | { type: "undo" }
  | { type: "redo" };

export function newDraft(speakers: Speaker[], transcript: Segment[]): Draft {
  return { speakers, transcript, dirty: false, history: startHistory({ speakers, transcript }) };
}

export function draftReducer(state: Draft, action: DraftAction): Draft {
  if (action.type === "reset") return newDraft(action.speakers, action.transcript);
  if (action.type === "undo" || action.type === "redo") {
    const history = action.type === "undo" ? undo(state.history) : redo(state.history);
    if (history === state.history) return state;
    return { ...history.present, dirty: true, history };
  }
  const next = edit(state, action);
  if (next === state) return state;
  // Typing into one text field is one step of undo.
  const key = action.type === "updateSegment" && "text" in action.change ? `text:${action.index}` : null;
  const at = (action.type === "updateSegment" && action.at) || Date.now();
  return { ...next, dirty: true, history: record(state.history, next, key, at) };
}

function edit(state: Draft, action: Exclude<DraftAction, { type: "reset" | "undo" | "redo" }>): Doc | Draft {
  const { speakers, transcript } = state;
  switch (action.type) {
    case "addSpeaker":
      return { speakers: [...speakers, action.speaker], transcript };
    case "deleteSpeaker": {
      const kept = speakers.filter((s) => s.id !== action.id);
      if (kept.length === speakers.length) return state;
      // Segments of a deleted speaker move to the first remaining one, so none points at a missing speaker.
      const fallback = kept[0]?.id;
      return {
        speakers: kept,
        transcript: fallback
          ? transcript.map((seg) => (seg.speaker === action.id ? { ...seg, speaker: fallback } : seg))
          : transcript,
      };
    }
    case "updateSpeaker":
      return {
        speakers: speakers.map((s) => (s.id === action.id ? { ...s, ...action.change } : s)),
        transcript,
      };
    case "updateSegment":
      return {
        speakers,
        transcript: transcript.map((seg, i) => (i === action.index ? { ...seg, ...action.change } : seg)),
      };
    case "setTranscript":
      return { speakers, transcript: action.transcript };
    case "restore":
      return { speakers: action.doc.speakers, transcript: action.doc.transcript };
  }
}

/** Whether deleting this speaker is allowed: never the last one while segments need a speaker. */
export function canDeleteSpeaker(draft: Doc): boolean {
  return draft.speakers.length > 1 || draft.transcript.length === 0;
}
