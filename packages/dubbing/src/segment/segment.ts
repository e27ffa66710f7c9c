// Pure: recognised words → sentence-sized segments (ms).
import type { Word } from "../engines/types.ts";

interface Utterance {
  start: number;
  end: number;
  words: Word[];
}

interface SegmentOptions {
  /** A gap between words at least this long ends a segment. */
  pauseMs?: number;
  /** Segments longer than this are split at their longest inner gap. */
  maxMs?: number;
  /** Times (ms) where a segment must end, e.g. detected speaker changes. */
  breaks?: number[];
  /**
   * A word ending a sentence (punctuated by the ASR engine) followed by a gap at least this long ends
   * a segment ("Mr. Smith" is said without a pause).
   */
  sentenceGapMs?: number;
}

/** A word that ends a sentence: ., !, ?, …, or their CJK forms, maybe followed by a closing quote. */
const SENTENCE_END = /[.!?…。！？]["'”’」』)]*$/;
/** Scripts written without spaces between words. */
const NO_SPACES = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\u0e00-\u0e7f]/;

/** Splits words into utterances at pauses and breaks, then splits long ones at their longest gap. */
export function segmentWords(words: Word[], opts: SegmentOptions = {}): Utterance[] {
  const { pauseMs = 400, maxMs = 15_000, breaks = [], sentenceGapMs = 150 } = opts;
  const sorted = [...words].filter((w) => w.end > w.start || w.text).sort((a, b) => a.start - b.start);
  const groups: Word[][] = [];
  let cur: Word[] = [];
  for (const w of sorted) {
    const prev = cur.at(-1);
    const brk = prev && breaks.some((b) => b > prev.start && b <= w.start);
    const gap = prev ? w.start - prev.end : 0;
    const sentenceEnd = prev && SENTENCE_END.test(prev.text) && gap >= sentenceGapMs;
    if (prev && (gap >= pauseMs || brk || sentenceEnd)) {
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

/**
 * Pure: words → readable sentence text. Words an engine already formatted (capitals or punctuation, as
 * cloud engines give) are kept as they are; bare lower-case words (pocketsphinx) get "I", a capital
 * and a full stop. No space is put between two characters of scripts written without spaces.
 */
export function sentenceText(words: Word[]): string {
  const formatted = words.some((w) => /[\p{Lu}.,!?;:…。，、！？]/u.test(w.text));
  const texts = words
    .map((w) => (formatted ? w.text.trim() : w.text.toLowerCase().replace(/_/g, " ")))
    .map((w) => (!formatted && (w === "i" || w.startsWith("i'")) ? `I${w.slice(1)}` : w))
    .filter(Boolean);
  let t = "";
  for (const w of texts) {
    const joined = t && NO_SPACES.test(t.at(-1) as string) && NO_SPACES.test(w[0] as string);
    t += t && !joined ? ` ${w}` : w;
  }
  if (!t) return "";
  if (!formatted) t = `${t[0]!.toUpperCase()}${t.slice(1)}`;
  if (SENTENCE_END.test(t) || /[,;:，、]$/.test(t)) return t;
  return `${t}${NO_SPACES.test(t.at(-1) as string) ? "。" : "."}`;
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
