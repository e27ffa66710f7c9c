import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// Icons from Lucide (lucide-static, ISC licence): their drawings and the words they are tagged with.

/** One element of an icon's 24×24 drawing, e.g. ["path", { d: "M12 2v20" }]. */
export type IconNode = [string, Record<string, string | number>];

export interface IconSet {
  nodes: Record<string, IconNode[]>;
  tags: Record<string, string[]>;
}

let loaded: IconSet | null = null;

/** Lucide's icons, read once from the package. */
export function lucide(): IconSet {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const read = (file: string) => JSON.parse(readFileSync(require.resolve(`lucide-static/${file}`), "utf8"));
    loaded = { nodes: read("icon-nodes.json"), tags: read("tags.json") };
  }
  return loaded;
}

/** Pure: the forms of a word an icon may be named or tagged by (cars → car, stories → story). */
export function wordForms(word: string): string[] {
  const w = word.toLowerCase();
  const forms = [w];
  if (w.endsWith("ies") && w.length > 4) forms.push(`${w.slice(0, -3)}y`);
  else if (/(ches|shes|xes|sses)$/.test(w)) forms.push(w.slice(0, -2));
  else if (w.endsWith("s") && !w.endsWith("ss") && w.length > 3) forms.push(w.slice(0, -1));
  return forms;
}

/**
 * Pure: how well an icon stands for a word: its whole name (100), a part of its name ("cloud-snow" for
 * snow: 60, less for longer names), one of its tags (30). Zero when it has nothing to do with the word.
 */
export function iconScore(name: string, tags: readonly string[], word: string): number {
  const forms = wordForms(word);
  if (forms.includes(name)) return 100;
  const parts = name.split("-");
  if (parts.some((p) => forms.includes(p))) return 60 - parts.length;
  if (tags.some((t) => forms.includes(t.toLowerCase()))) return 30;
  return 0;
}

/** Pure: the best icon for each word that has one, each icon once, in the words' order. */
export function iconsFor(words: readonly string[], set: IconSet): string[] {
  const chosen: string[] = [];
  for (const word of words) {
    let best = "";
    let bestScore = 0;
    for (const name of Object.keys(set.nodes)) {
      if (chosen.includes(name)) continue;
      const score = iconScore(name, set.tags[name] ?? [], word);
      // on a tie the shorter (plainer) name wins: "car" before "car-front"
      if (score > bestScore || (score === bestScore && score > 0 && name.length < best.length)) {
        best = name;
        bestScore = score;
      }
    }
    if (best) chosen.push(best);
  }
  return chosen;
}
