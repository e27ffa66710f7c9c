import type { Region } from "../audio/features.ts";

/**
 * Pure: utterances to decode from speech regions (ms): each region padded by `padMs` (the decoder
 * wants a little silence around speech), overlapping ones merged, and regions longer than `maxMs` cut
 * into equal parts. Clamped to [0, totalMs].
 */
export function planUtterances(
  speech: Region[],
  totalMs: number,
  opts: { padMs?: number; maxMs?: number } = {},
): Region[] {
  const { padMs = 200, maxMs = 30_000 } = opts;
  const padded: Region[] = [];
  for (const r of [...speech].sort((a, b) => a.start - b.start)) {
    const p = { start: Math.max(0, r.start - padMs), end: Math.min(totalMs, r.end + padMs) };
    const last = padded.at(-1);
    if (last && p.start <= last.end) last.end = Math.max(last.end, p.end);
    else if (p.end > p.start) padded.push(p);
  }
  const out: Region[] = [];
  for (const r of padded) {
    const parts = Math.ceil((r.end - r.start) / maxMs);
    const len = (r.end - r.start) / parts;
    for (let i = 0; i < parts; i++)
      out.push({
        start: Math.round(r.start + i * len),
        end: Math.round(i === parts - 1 ? r.end : r.start + (i + 1) * len),
      });
  }
  return out;
}

/**
 * Pure: splits items (in order) into at most `n` contiguous groups of similar total duration, for one
 * decoder process per core.
 */
export function balance<T extends Region>(items: T[], n: number): T[][] {
  if (items.length === 0) return [];
  const groups = Math.max(1, Math.min(n, items.length));
  const total = items.reduce((a, r) => a + (r.end - r.start), 0);
  const out: T[][] = [[]];
  let acc = 0;
  for (const it of items) {
    const target = (total * out.length) / groups;
    if (out.length < groups && acc >= target && out.at(-1)!.length > 0) out.push([]);
    out.at(-1)!.push(it);
    acc += it.end - it.start;
  }
  return out;
}
