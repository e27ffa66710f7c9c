import type { Segment } from "./segments.ts";

// Pure edits of a transcript's structure: add, delete, split, merge. Times stay whole milliseconds, in
// order, inside the video; a new segment goes on the first speech in the room up to the next one, or
// gets DEFAULT_MS of that room when there is no speech to go by.

/** How long a new, empty segment is when there is room and no speech is known there. */
export const DEFAULT_MS = 2000;

/** A stretch of the audio with speech (ms), from GET /api/video/{id}/speech. */
export interface SpeechRegion {
  start: number;
  end: number;
}

/** The slot for a new line in [from, until): the first speech there, else DEFAULT_MS from `from`. */
export function newSlot(from: number, until: number, speech: readonly SpeechRegion[] = []) {
  const region = speech.find((r) => r.end > from && r.start < until);
  if (region) return { start: Math.max(from, region.start), end: Math.min(until, region.end) };
  return { start: from, end: Math.max(from, Math.min(until, from + DEFAULT_MS)) };
}

/** Where a new segment may go: the speaker it gets when no neighbour has one, the video's end, its speech. */
export interface NewLineRoom {
  speaker: string;
  durationMs: number;
  speech?: readonly SpeechRegion[];
}

/** A new segment after `index` (or first, for -1), in the gap before the next one. */
export function insertAfter(
  segments: readonly Segment[],
  index: number,
  { speaker, durationMs, speech }: NewLineRoom,
) {
  const previous = segments[index];
  const next = segments[index + 1];
  const { start, end } = newSlot(previous ? previous.end : 0, next ? next.start : durationMs, speech);
  const added = { speaker: previous?.speaker ?? speaker, text: "", start, end };
  return {
    segments: [...segments.slice(0, index + 1), added, ...segments.slice(index + 1)],
    index: index + 1,
  };
}

/** A new segment at `ms` (the player's position): placed in order, in the gap there. */
export function insertAt(
  segments: readonly Segment[],
  ms: number,
  { speaker, durationMs, speech }: NewLineRoom,
) {
  const index = segments.findIndex((s) => s.start > ms);
  const at = index === -1 ? segments.length : index;
  const previous = segments[at - 1];
  const next = segments[at];
  const from = Math.min(Math.max(Math.round(ms), previous ? previous.end : 0), durationMs);
  const { start, end } = newSlot(from, next ? next.start : durationMs, speech);
  const added = { speaker: previous?.speaker ?? next?.speaker ?? speaker, text: "", start, end };
  return { segments: [...segments.slice(0, at), added, ...segments.slice(at)], index: at };
}

export function removeAt(segments: readonly Segment[], index: number): Segment[] {
  return segments.filter((_, i) => i !== index);
}

/** Splits at a text position: the time is divided as the text is. */
export function splitAtCaret(segments: readonly Segment[], index: number, caret: number): Segment[] {
  const seg = segments[index];
  if (!seg) return [...segments];
  const at = Math.max(0, Math.min(caret, seg.text.length));
  const fraction = seg.text.length === 0 ? 0.5 : at / seg.text.length;
  const cut = Math.round(seg.start + (seg.end - seg.start) * fraction);
  return splitInTwo(segments, index, at, cut);
}

/** Splits at a time (the player's position): the text is divided as the time is, at a word boundary. */
export function splitAtTime(segments: readonly Segment[], index: number, ms: number): Segment[] {
  const seg = segments[index];
  if (!seg) return [...segments];
  const cut = Math.max(seg.start, Math.min(Math.round(ms), seg.end));
  const fraction = seg.end === seg.start ? 0.5 : (cut - seg.start) / (seg.end - seg.start);
  return splitInTwo(segments, index, nearestSpace(seg.text, Math.round(seg.text.length * fraction)), cut);
}

function splitInTwo(segments: readonly Segment[], index: number, at: number, cut: number): Segment[] {
  const seg = segments[index]!;
  const first = { ...seg, text: seg.text.slice(0, at).trimEnd(), end: cut };
  const second = { ...seg, text: seg.text.slice(at).trimStart(), start: cut };
  return [...segments.slice(0, index), first, second, ...segments.slice(index + 1)];
}

/** The position of the space nearest to `at` (or `at` when the text has none). */
function nearestSpace(text: string, at: number): number {
  for (let d = 0; d <= text.length; d++) {
    if (text[at - d] === " ") return at - d;
    if (text[at + d] === " ") return at + d;
  }
  return at;
}

/** Joins a segment with the next: the first one's speaker, both texts, from the first start to the last end. */
export function mergeWithNext(segments: readonly Segment[], index: number): Segment[] {
  const a = segments[index];
  const b = segments[index + 1];
  if (!a || !b) return [...segments];
  const merged = {
    ...a,
    text: [a.text.trim(), b.text.trim()].filter(Boolean).join(" "),
    end: Math.max(a.end, b.end),
  };
  return [...segments.slice(0, index), merged, ...segments.slice(index + 2)];
}
