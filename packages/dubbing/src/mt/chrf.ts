// chrF, as sacreBLEU computes it by default (chrF2: character n-grams of orders 1–6, whitespace left out,
// no word n-grams, β = 2, precision and recall averaged over the orders both sides have): the measure the
// translation bench and the report card's meaning check read. Pure.

export const CHRF_ORDER = 6;
const BETA = 2;

/** Per order: the hypothesis' n-grams, the reference's, and how many they share. */
export type ChrfStats = number[];

function ngrams(text: string, n: number): Map<string, number> {
  const chars = Array.from(text.split(/\s+/u).join(""));
  const out = new Map<string, number>();
  for (let i = 0; i + n <= chars.length; i++) {
    const g = chars.slice(i, i + n).join("");
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** Pure: one sentence's statistics against one reference (3 numbers per order). */
export function chrfStats(hypothesis: string, reference: string): ChrfStats {
  const stats: number[] = [];
  for (let n = 1; n <= CHRF_ORDER; n++) {
    const h = ngrams(hypothesis, n);
    const r = ngrams(reference, n);
    let match = 0;
    for (const [g, c] of h) match += Math.min(c, r.get(g) ?? 0);
    stats.push(total(h), total(r), match);
  }
  return stats;
}

/** Pure: the score (0–100) of summed statistics. */
export function chrfFromStats(stats: ChrfStats): number {
  let prec = 0;
  let rec = 0;
  let orders = 0;
  for (let i = 0; i < CHRF_ORDER; i++) {
    const [hyp, ref, match] = stats.slice(3 * i, 3 * i + 3) as [number, number, number];
    if (hyp > 0 && ref > 0) {
      prec += match / hyp;
      rec += match / ref;
      orders++;
    }
  }
  if (orders === 0) return 0;
  prec /= orders;
  rec /= orders;
  if (prec + rec === 0) return 0;
  const f = BETA ** 2;
  return (100 * (1 + f) * prec * rec) / (f * prec + rec);
}

/** Pure: a sentence's chrF against its reference. */
export const sentenceChrf = (hypothesis: string, reference: string) =>
  chrfFromStats(chrfStats(hypothesis, reference));

/** Pure: a corpus' chrF (every sentence's statistics summed, then scored, as sacreBLEU does). */
export function corpusChrf(hypotheses: readonly string[], references: readonly string[]): number {
  if (hypotheses.length !== references.length) throw new Error("chrF: as many hypotheses as references");
  const sum = new Array<number>(3 * CHRF_ORDER).fill(0);
  hypotheses.forEach((h, i) => {
    chrfStats(h, references[i]!).forEach((v, j) => {
      sum[j]! += v;
    });
  });
  return chrfFromStats(sum);
}
