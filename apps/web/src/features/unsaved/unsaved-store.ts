import type { Location } from "react-router";

/** Edits a screen holds that are not on the server yet, and how to keep or drop them. */
export interface UnsavedWork {
  /** Saves the edits; false when the save failed (the screen has said why). */
  save: () => Promise<boolean>;
  /** Drops the edits, including the copy kept on this device. */
  discard: () => void;
  /** Whether moving from one location to the other loses the edits (the screen unmounts them). */
  lostOn: (from: Location, to: Location) => boolean;
}

/** Leaving the page loses the edits; the same page with another query keeps them. */
export const lostOnOtherPage = (from: Location, to: Location) => from.pathname !== to.pathname;
/** Any other address loses the edits (a tab chosen by the query string is unmounted too). */
export const lostOnOtherAddress = (from: Location, to: Location) =>
  from.pathname !== to.pathname || from.search !== to.search;

/**
 * Navigation state for a move that already dealt with the edits (they were just saved, or the thing
 * edited was deleted): the guard lets it pass without asking.
 */
export const EDITS_HANDLED = { editsHandled: true } as const;
export const handlesEdits = (to: Location) =>
  (to.state as { editsHandled?: boolean } | null)?.editsHandled === true;

// A registry instead of one blocker per screen: React Router allows one blocker at a time, and a page
// can hold several pieces of unsaved work (the transcript and a translation tab).
let works: readonly UnsavedWork[] = [];
const listeners = new Set<() => void>();

export const unsavedWorks = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => works,
  add(work: UnsavedWork) {
    works = [...works, work];
    for (const l of listeners) l();
    return () => {
      works = works.filter((w) => w !== work);
      for (const l of listeners) l();
    };
  },
};
