import type { Segment } from "./segments.ts";
import type { Speaker } from "./speakers.ts";

/** The editor's working copy of speakers and transcript; any change marks it dirty (spec §4). */
export interface Draft {
  speakers: Speaker[];
  transcript: Segment[];
  dirty: boolean;
}

export type DraftAction =
  | { type: "reset"; speakers: Speaker[]; transcript: Segment[] }
  | { type: "addSpeaker"; speaker: Speaker }
  | { type: "deleteSpeaker"; id: string }
  | { type: "updateSpeaker"; id: string; change: Partial<Omit<Speaker, "id">> }
  | { type: "updateSegment"; index: number; change: Partial<Segment> };

export function draftReducer(state: Draft, action: DraftAction): Draft {
  switch (action.type) {
    case "reset":
      return { speakers: action.speakers, transcript: action.transcript, dirty: false };
    case "addSpeaker":
      return { ...state, speakers: [...state.speakers, action.speaker], dirty: true };
    case "deleteSpeaker": {
      const speakers = state.speakers.filter((s) => s.id !== action.id);
      if (speakers.length === state.speakers.length) return state;
      // Segments of a deleted speaker move to the first remaining one, so none points at a missing speaker.
      const fallback = speakers[0]?.id;
      const transcript = fallback
        ? state.transcript.map((seg) => (seg.speaker === action.id ? { ...seg, speaker: fallback } : seg))
        : state.transcript;
      return { speakers, transcript, dirty: true };
    }
    case "updateSpeaker":
      return {
        ...state,
        speakers: state.speakers.map((s) => (s.id === action.id ? { ...s, ...action.change } : s)),
        dirty: true,
      };
    case "updateSegment": {
      const transcript = state.transcript.map((seg, i) =>
        i === action.index ? { ...seg, ...action.change } : seg,
      );
      return { ...state, transcript, dirty: true };
    }
  }
}

/** Whether deleting this speaker is allowed: never the last one while segments need a speaker. */
export function canDeleteSpeaker(draft: Draft): boolean {
  return draft.speakers.length > 1 || draft.transcript.length === 0;
}
