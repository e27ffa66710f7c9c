// Translation offline, per language and engine: the 76 lines of the five-minute script translated, the
// seconds it took (the neural worker's first run includes loading its model; the second is warm), the
// largest process' peak memory, and chrF (mt/chrf.ts, sacreBLEU's chrF2) where there is a reference:
//   - Apertium, English into es, fr, pt, it: no reference here; the lines translated back into English
//     by Apertium, scored against the originals (the report card's meaning measure, not a quality score);
//   - Argos zh → en: the script's sentences in Chinese (script-zh.ts, written for this bench), the English
//     scored against the script's own English;
//   - Argos zh → en, then Apertium (zh → es …): seconds and memory only.
// With --refs DIR (a FLORES-200 folder: eng_Latn.devtest, spa_Latn.devtest, zho_Hans.devtest, …) it also
// scores the first --count sentences of every direction an engine serves against the professional
// translations (no such set ships in any package reachable here, docs/ENGINES.md).
//   node bench/pipeline/translate.ts [--refs DIR] [--count 200]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { MtEngine } from "../../packages/dubbing/src/engines/types.ts";
import type { LanguageCode } from "../../packages/dubbing/src/languages.ts";
import { createApertiumEngine } from "../../packages/dubbing/src/mt/apertium.ts";
import {
  createArgosEngine,
  DEFAULT_MT_PYTHON,
  neuralWorkerFor,
} from "../../packages/dubbing/src/mt/argos.ts";
import { corpusChrf } from "../../packages/dubbing/src/mt/chrf.ts";
import { fiveMinuteScript } from "./script.ts";
import { ZH } from "./script-zh.ts";

const { values } = parseArgs({
  options: { refs: { type: "string" }, count: { type: "string", default: "200" } },
});
const apertium = createApertiumEngine();
const argos = createArgosEngine({ pivot: apertium });
const lines = fiveMinuteScript().map((l) => l.text);
const zh = lines.map((l) => ZH[l] ?? "");
if (zh.some((l) => !l)) throw new Error("script-zh.ts lacks a sentence of the script");

const seconds = async (f: () => Promise<unknown>) => {
  const t = performance.now();
  await f();
  return (performance.now() - t) / 1000;
};

/** Apertium's largest process over the hops of a route (each a pipeline of short-lived processes), MB. */
function apertiumPeakMb(modes: string[], texts: string[]): number {
  const dir = mkdtempSync(join(tmpdir(), "dub-bench-mt-"));
  try {
    writeFileSync(join(dir, "in"), texts.join("\n\n"));
    let peak = 0;
    for (const mode of modes) {
      const r = spawnSync("/usr/bin/time", ["-f", "%M", "apertium", mode, join(dir, "in"), join(dir, "out")]);
      peak = Math.max(peak, Number(r.stderr.toString().trim().split("\n").pop()) / 1024);
    }
    return Math.round(peak);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Row {
  engine: string;
  direction: string;
  seconds: string;
  peakMb: string;
  chrf: string;
}
const rows: Row[] = [];
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");

for (const to of ["es", "fr", "pt", "it"] as LanguageCode[]) {
  let out: string[] = [];
  const s = await seconds(async () => {
    out = (await apertium.translate(lines, "en", to)).texts;
  });
  const back = (await apertium.translate(out, to, "en")).texts;
  const modes = (await apertium.translate(["Hello."], "en", to)).params.modes as string[];
  rows.push({
    engine: "apertium",
    direction: `en → ${to}`,
    seconds: f1(s),
    peakMb: String(apertiumPeakMb(modes, lines)),
    chrf: `${f1(corpusChrf(back, lines))} (round trip)`,
  });
}

const worker = neuralWorkerFor(DEFAULT_MT_PYTHON);
worker.close();
let en: string[] = [];
const cold = await seconds(async () => {
  en = (await argos.translate(zh, "zh", "en")).texts;
});
const warm = await seconds(() => argos.translate(zh, "zh", "en"));
rows.push({
  engine: "argos",
  direction: "zh → en",
  seconds: `${f1(warm)} (first ${f1(cold)})`,
  peakMb: String(Math.round(await worker.peakRssMb())),
  chrf: `${f1(corpusChrf(en, lines))} (script-zh → the script)`,
});
for (const to of ["es", "fr"] as LanguageCode[]) {
  const s = await seconds(() => argos.translate(zh, "zh", to));
  rows.push({
    engine: "argos + apertium",
    direction: `zh → en → ${to}`,
    seconds: f1(s),
    peakMb: String(Math.round(await worker.peakRssMb())),
    chrf: "–",
  });
}

/** FLORES-200 file names of the app's languages. */
const FLORES: Partial<Record<LanguageCode, string>> = {
  en: "eng_Latn",
  es: "spa_Latn",
  fr: "fra_Latn",
  pt: "por_Latn",
  it: "ita_Latn",
  zh: "zho_Hans",
};
if (values.refs) {
  const count = Number(values.count);
  const read = (l: LanguageCode) => {
    const f = join(values.refs!, `${FLORES[l]}.devtest`);
    return existsSync(f) ? readFileSync(f, "utf8").split("\n").slice(0, count) : null;
  };
  const runs: [MtEngine, LanguageCode, LanguageCode][] = [
    ...(["es", "fr", "pt", "it"] as LanguageCode[]).map(
      (t) => [apertium, "en", t] as [MtEngine, LanguageCode, LanguageCode],
    ),
    [argos, "zh", "en"],
  ];
  for (const [engine, from, to] of runs) {
    const src = read(from);
    const ref = read(to);
    if (!src || !ref) continue;
    const hyp = (await engine.translate(src, from, to)).texts;
    rows.push({
      engine: engine.id,
      direction: `${from} → ${to}`,
      seconds: "–",
      peakMb: "–",
      chrf: `${f1(corpusChrf(hyp, ref))} (FLORES-200 devtest, ${src.length})`,
    });
  }
}
worker.close();

console.log(`${lines.length} lines of the five-minute script; 2 threads for the neural worker`);
console.log("| engine | direction | seconds, 76 lines | largest process, MB | chrF |");
console.log("|---|---|---|---|---|");
for (const r of rows)
  console.log(`| ${r.engine} | ${r.direction} | ${r.seconds} | ${r.peakMb} | ${r.chrf} |`);
