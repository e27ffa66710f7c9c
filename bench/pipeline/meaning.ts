// The report card's meaning check (checks/meaning.ts), measured like the other checks: the five-minute
// script's sentences translated by Apertium into each language it serves from English, every line
// translated back into English by Apertium as a dub does, and the check run on the good lines and on three
// kinds of planted bad ones: another line's translation, the English line left untranslated, and a
// garbled line (its words shuffled, every third letter replaced). Prints, per language, the good lines'
// back-translation chrF (min, 5th percentile, mean), the planted lines found and the false alarms.
//   node bench/pipeline/meaning.ts [--languages es,fr,pt,it]
import { parseArgs } from "node:util";
import { checkMeaning } from "../../packages/dubbing/src/checks/meaning.ts";
import type { LanguageCode } from "../../packages/dubbing/src/languages.ts";
import { createApertiumEngine } from "../../packages/dubbing/src/mt/apertium.ts";
import { A, B } from "./script.ts";

const { values } = parseArgs({ options: { languages: { type: "string", default: "es,fr,pt,it" } } });
const languages = values.languages.split(",") as LanguageCode[];
const sentences = [...new Set([...A, ...B])];
const engine = createApertiumEngine();

// a fixed pseudo-random sequence, so every run plants the same garbled lines
let seed = 7;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
function garble(text: string): string {
  const words = text.split(" ").sort(() => rand() - 0.5);
  return [...words.join(" ")]
    .map((c, i) => (i % 3 === 0 && c !== " " ? "aeiouxzqk"[Math.floor(rand() * 9)] : c))
    .join("");
}

const q = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return `min ${s[0]!.toFixed(1)}, p5 ${s[Math.floor(s.length / 20)]!.toFixed(1)}, mean ${mean.toFixed(1)}`;
};

console.log(`${sentences.length} sentences; Apertium there and back (en → xx → en)`);
for (const to of languages) {
  const there = (await engine.translate(sentences, "en", to)).texts;
  const back = async (texts: string[]) => (await engine.translate(texts, to, "en")).texts;
  const planted = {
    another: there.map((_, i) => there[(i + 7) % there.length]!),
    english: sentences,
    garbled: there.map(garble),
  };
  const judge = async (texts: string[]) => {
    const b = await back(texts);
    return texts.map((text, i) =>
      checkMeaning({ text, targetLanguage: to, source: sentences[i], sourceLanguage: "en", back: b[i] }),
    );
  };
  const good = await judge(there);
  const alarms = good.filter((f) => f.status !== "ok");
  const found: string[] = [];
  for (const [kind, texts] of Object.entries(planted)) {
    const f = await judge(texts);
    found.push(`${kind} ${f.filter((x) => x.status === "fail").length}/${f.length}`);
    for (const [i, x] of f.entries())
      if (x.status !== "fail") console.log(`   missed ${kind}: ${x.status} "${texts[i]}": ${x.message}`);
  }
  console.log(
    `${to}: good lines chrF ${q(good.map((f) => f.value ?? 0))}; false alarms ${alarms.length}/${good.length}; found ${found.join(", ")}`,
  );
  for (const a of alarms) console.log(`   alarm: ${a.status} ${a.message}`);
}
