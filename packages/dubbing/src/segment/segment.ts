// Pure: recognised words → sentence-sized segments (ms).
import type { Word } from "../engines/types.ts";

export interface Utterance {
  start: number;
  end: number;
  words: Word[];
}

export interface SegmentOptions {
  /** A gap between words at least this long ends a segment. */
  pauseMs?: number;
  /** Segments longer than this are split at their longest inner gap. */
  maxMs?: number;
  /** Times (ms) where a segment must end, e.g. detected speaker changes. */
  breaks?: number[];
}

/** Splits words into utterances at pauses and breaks, then splits long ones at their longest gap. */
export function segmentWords(words: Word[], opts: SegmentOptions = {}): Utterance[] {
  const { pauseMs = 400, maxMs = 15_000, breaks = [] } = opts;
  const sorted = [...words].filter((w) => w.end > w.start || w.text).sort((a, b) => a.start - b.start);
  const groups: Word[][] = [];
  let cur: Word[] = [];
  for (const w of sorted) {
    const prev = cur.at(-1);
    const brk = prev && breaks.some((b) => b > prev.start && b <= w.start);
    if (prev && (w.start - prev.end >= pauseMs || brk)) {
      groups.push(cur);
      cur = [];
    }
    cur.push(w);
  }
  if (cur.length) groups.push(cur);
  const out: Utterance[] = [];
  const split = (g: Word[]) => {
    const start = g[0]!.start;
    const end = g.at(-1)!.end;
    if (end - start <= maxMs || g.length < 2) {
      out.push({ start, end, words: g });
      return;
    }
    // the longest gap, preferring cuts near the middle (gap weighted by distance from the edges)
    let best = 1;
    let bestScore = -Infinity;
    for (let i = 1; i < g.length; i++) {
      const gap = g[i]!.start - g[i - 1]!.end;
      const at = g[i]!.start - start;
      const balance = Math.min(at, end - g[i]!.start) / (end - start);
      const score = gap + 400 * balance;
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    split(g.slice(0, best));
    split(g.slice(best));
  };
  for (const g of groups) split(g);
  return out;
}

/** Pure: words → readable sentence text ("i" → "I", capitalised, final full stop). */
export function sentenceText(words: Word[]): string {
  const t = words
    .map((w) => w.text.toLowerCase().replace(/_/g, " "))
    .map((w) => (w === "i" || w.startsWith("i'") ? `I${w.slice(1)}` : w))
    .join(" ")
    .trim();
  if (!t) return "";
  return `${t[0]!.toUpperCase()}${t.slice(1)}.`;
}

/**
 * Pure: moves utterance edges onto the energy VAD's speech edges when one lies within `maxShiftMs`
 * (the decoder's word edges are coarse: 20 ms frames and beam pruning), never across a neighbour.
 */
export function snapToSpeech(
  utts: Utterance[],
  speech: { start: number; end: number }[],
  maxShiftMs = 250,
): Utterance[] {
  return utts.map((u, i) => {
    const prevEnd = i > 0 ? utts[i - 1]!.end : -Infinity;
    const nextStart = i + 1 < utts.length ? utts[i + 1]!.start : Infinity;
    let start = u.start;
    let end = u.end;
    let bestS = Infinity;
    let bestE = Infinity;
    for (const r of speech) {
      const ds = Math.abs(r.start - u.start);
      if (ds <= maxShiftMs && ds < bestS && r.start >= prevEnd && r.start < u.end) {
        bestS = ds;
        start = r.start;
      }
      const de = Math.abs(r.end - u.end);
      if (de <= maxShiftMs && de < bestE && r.end <= nextStart && r.end > u.start) {
        bestE = de;
        end = r.end;
      }
    }
    return end > start ? { ...u, start, end } : u;
  });
}
