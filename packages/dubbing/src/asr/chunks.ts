import type { Region } from "../audio/features.ts";

/**
 * Pure: cuts [0, totalMs) into about `n` chunks of similar length, each cut in the middle of a silence
 * between speech regions (never inside speech). Returns chunk regions covering the whole range.
 */
export function planChunks(speech: Region[], totalMs: number, n: number): Region[] {
  if (n <= 1 || speech.length < 2) return [{ start: 0, end: totalMs }];
  const gaps: number[] = [];
  for (let i = 1; i < speech.length; i++) {
    const a = speech[i - 1]!.end;
    const b = speech[i]!.start;
    if (b > a) gaps.push(Math.round((a + b) / 2));
  }
  const cuts: number[] = [];
  for (let k = 1; k < n; k++) {
    const target = (totalMs * k) / n;
    let best: number | undefined;
    for (const g of gaps) {
      if (cuts.includes(g) || (cuts.length && g <= cuts.at(-1)!)) continue;
      if (best === undefined || Math.abs(g - target) < Math.abs(best - target)) best = g;
    }
    if (best !== undefined) cuts.push(best);
  }
  const edges = [0, ...cuts, totalMs];
  const out: Region[] = [];
  for (let i = 1; i < edges.length; i++)
    if (edges[i]! > edges[i - 1]!) out.push({ start: edges[i - 1]!, end: edges[i]! });
  return out;
}

/** Pure: how many chunks to decode for `totalMs` of audio on `cores` cores (≤ maxChunkMs each). */
export function chunkCount(
  totalMs: number,
  cores: number,
  maxChunkMs = 180_000,
  minChunkMs = 15_000,
): number {
  if (totalMs < 2 * minChunkMs) return 1;
  const rounds = Math.max(1, Math.ceil(totalMs / (cores * maxChunkMs)));
  return Math.max(1, Math.min(rounds * cores, Math.floor(totalMs / minChunkMs)));
}
