// Undo and redo for the editor: a bounded list of past states. Typing into one field is one step (edits
// with the same key within COALESCE_MS replace the last step instead of adding one).

export const HISTORY_LIMIT = 200;
export const COALESCE_MS = 1000;

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The key and time of the last recorded edit, for coalescing. */
  last: { key: string; at: number } | null;
}

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [], last: null });

/** Records `next` as the new present. `key` names the field typed into ("text:3"); null never coalesces. */
export function record<T>(h: History<T>, next: T, key: string | null, at: number): History<T> {
  if (next === h.present) return h;
  const coalesce = key !== null && h.last?.key === key && at - h.last.at < COALESCE_MS;
  const past = coalesce ? h.past : [...h.past, h.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], last: key === null ? null : { key, at } };
}

export function undo<T>(h: History<T>): History<T> {
  const previous = h.past.at(-1);
  if (previous === undefined) return h;
  return { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future], last: null };
}

export function redo<T>(h: History<T>): History<T> {
  const [next, ...rest] = h.future;
  if (next === undefined) return h;
  return { past: [...h.past, h.present], present: next, future: rest, last: null };
}
