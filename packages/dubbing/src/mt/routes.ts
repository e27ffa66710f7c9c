// Pure: language-pair graphs and routes.
import type { Pair } from "../engines/types.ts";
import { baseLanguage, LANGUAGES, type LanguageCode } from "../languages.ts";

/** A directed pair an engine serves directly, with the engine-specific mode name. */
export interface Edge {
  from: string;
  to: string;
  mode: string;
}

/**
 * Pure: the shortest route from → to over the edges (fewest hops), preferring routes through `pivot`
 * among equally short ones. Returns the languages passed through (from … to) or null.
 */
export function findRoute(
  edges: Edge[],
  from: string,
  to: string,
  opts: { pivot?: string; maxHops?: number } = {},
): string[] | null {
  const { pivot = "es", maxHops = 3 } = opts;
  if (from === to) return [from];
  let frontier: string[][] = [[from]];
  for (let hop = 0; hop < maxHops; hop++) {
    const next: string[][] = [];
    for (const path of frontier) {
      const last = path.at(-1)!;
      for (const e of edges) {
        if (e.from !== last || path.includes(e.to)) continue;
        next.push([...path, e.to]);
      }
    }
    const done = next.filter((p) => p.at(-1) === to);
    if (done.length) {
      done.sort((a, b) => Number(b.includes(pivot)) - Number(a.includes(pivot)));
      return done[0]!;
    }
    frontier = next;
  }
  return null;
}

/**
 * Pure: the directed pairs between app languages whose source and target an engine accepts. "zh" and
 * "cmn" are one language (Mandarin), so never a pair.
 */
export function directPairs(
  source: (code: LanguageCode) => boolean = () => true,
  target: (code: LanguageCode) => boolean = () => true,
): Pair[] {
  const pairs: Pair[] = [];
  for (const { code: from } of LANGUAGES) {
    if (!source(from)) continue;
    for (const { code: to } of LANGUAGES) {
      if (target(to) && baseLanguage(from) !== baseLanguage(to)) pairs.push({ from, to });
    }
  }
  return pairs;
}
