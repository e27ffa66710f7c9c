// How good the offline voices are: the same lines spoken by each engine, every clip heard back by
// faster-whisper and compared with its text (round-trip word error rate: intelligibility), beside the TTS
// real-time factor for a 5-minute dub's worth of lines (76 lines, both cores: two runs at once, or the
// Piper worker's two threads) and the peak memory of the engine's processes. English: Piper, flite and
// espeak-ng, recognised by tiny.en; Spanish: espeak-ng and Pico when installed, recognised by a
// multilingual model when one is installed ("not recognised here" otherwise). Prints figures only.
// `--models-dir DIR` adds a folder of recognition models (e.g. `dub models install base -d DIR`, which
// recognises Spanish); `--languages es` measures only those.
//   node bench/pipeline/voices-quality.ts [--keep DIR] [--models-dir DIR] [--languages en,es]
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  createFasterWhisperEngine,
  SHARED_MODELS_DIR,
} from "../../packages/dubbing/src/asr/faster-whisper.ts";
import { resample } from "../../packages/dubbing/src/audio/dsp.ts";
import { speechRegions } from "../../packages/dubbing/src/audio/features.ts";
import { encodeWav } from "../../packages/dubbing/src/audio/wav.ts";
import type { Clip, SynthesisRequest, TtsEngine } from "../../packages/dubbing/src/engines/types.ts";
import type { LanguageCode } from "../../packages/dubbing/src/languages.ts";
import { CATALOGUE } from "../../packages/dubbing/src/models/catalog.ts";
import { installedFolder } from "../../packages/dubbing/src/models/installed.ts";
import { wordErrorRate } from "../../packages/dubbing/src/testing/dialogue.ts";
import { createDefaultRegistry } from "../../packages/dubbing/src/wiring/default.ts";
import { A, B, fiveMinuteScript } from "./script.ts";

const { values } = parseArgs({
  options: {
    keep: { type: "string" },
    "models-dir": { type: "string" },
    languages: { type: "string", default: "en,es" },
  },
});
const modelDirs = [values["models-dir"], SHARED_MODELS_DIR].filter((d): d is string => Boolean(d));
const languages = new Set(values.languages.split(","));
const dir = values.keep ?? mkdtempSync(join(tmpdir(), "dub-bench-voices-quality-"));
mkdirSync(dir, { recursive: true });
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const seconds = (c: Clip) => c.samples.length / c.sampleRate;

const SPANISH = [
  "Buenos días y bienvenidos a nuestro programa de esta semana.",
  "Hoy vamos a hablar de la vida en los pueblos pequeños.",
  "Muchos jóvenes se van a la ciudad cuando terminan la escuela.",
  "Buscan trabajo, amigos y una vida diferente.",
  "Pero algunos vuelven a casa después de unos años.",
  "En la ciudad un piso pequeño cuesta la mitad de un sueldo.",
  "En un pueblo el mismo dinero paga una casa con jardín.",
  "Es una gran diferencia para una familia con hijos.",
];
/** Pure: text compared without accents (the error rate's normalisation keeps a-z only). */
const plain = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

const registry = createDefaultRegistry();
const asr = createFasterWhisperEngine({ modelsDir: values["models-dir"] });

/** Peak resident memory (MiB) of this process's TTS child processes (not the recogniser), while `work` runs. */
async function withChildMemory<T>(work: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peak = 0;
  const sample = () => {
    try {
      const out = execFileSync("ps", ["--ppid", String(process.pid), "-o", "rss=,args="], {
        encoding: "utf8",
      });
      const kb = out
        .split("\n")
        .filter((l) => !l.includes("asr_worker") && !l.includes(" ps "))
        .reduce((n, l) => n + (Number.parseInt(l.trim(), 10) || 0), 0);
      peak = Math.max(peak, kb / 1024);
    } catch {
      // no child at this instant
    }
  };
  const timer = setInterval(sample, 200);
  try {
    return { value: await work(), peakMb: peak };
  } finally {
    clearInterval(timer);
  }
}

/** Speaks the texts with both cores: the engine's batches, two at once (Piper's worker queues them). */
async function speak(engine: TtsEngine, voice: string, language: LanguageCode, texts: string[]) {
  const reqs: SynthesisRequest[] = texts.map((text) => ({ text, voice, language }));
  const halves = [reqs.filter((_, i) => i % 2 === 0), reqs.filter((_, i) => i % 2 === 1)];
  const run = async (part: SynthesisRequest[]) => {
    if (engine.synthesizeMany) return engine.synthesizeMany(part);
    const out: Clip[] = [];
    for (const r of part) out.push(await engine.synthesize(r));
    return out;
  };
  const [even, odd] = await Promise.all(halves.map(run));
  return reqs.map((_, i) => (i % 2 === 0 ? even![i / 2] : odd![(i - 1) / 2]) as Clip);
}

/** The clips heard back one by one; the word error rate over all the lines. */
async function roundTrip(clips: Clip[], texts: string[], language: LanguageCode): Promise<number> {
  const heard: string[] = [];
  for (const [i, clip] of clips.entries()) {
    const samples = resample(clip.samples, clip.sampleRate, 16000);
    const wavFile = join(dir, `heard-${language}-${i}.wav`);
    writeFileSync(wavFile, encodeWav(samples, 16000));
    const r = await asr.transcribe({
      ...{ wavFile, samples, sampleRate: 16000, language },
      speech: speechRegions(samples, 16000),
    });
    heard.push(r.words.map((w) => w.text).join(" "));
  }
  return wordErrorRate(plain(texts.join(" ")), plain(heard.join(" ")));
}

interface Row {
  language: string;
  engine: string;
  voice: string;
  wer: string;
  rtf: string;
  perDub: string;
  peakMb: string;
}
const rows: Row[] = [];

async function measure(language: LanguageCode, engineId: string, voice: string, texts: string[]) {
  if (!languages.has(language)) return;
  const engine = registry.get("tts", engineId);
  const a = engine ? await registry.availability(engine) : { ok: false, reason: "not in this build" };
  if (!engine || !a.ok) {
    console.error(`${engineId}: not available (${a.reason})`);
    return;
  }
  const clips = await speak(engine, voice, language, texts);
  const served = CATALOGUE.filter((m) => m.engine === "faster-whisper" && m.languages.includes(language));
  const recognised = served.some((m) => installedFolder(modelDirs, m.id));
  const wer = recognised ? pct(await roundTrip(clips, texts, language)) : "not recognised here";
  // the 5-minute dub's lines (English; the Spanish lines repeated to as many), the engine already warm
  const dubTexts =
    language === "en"
      ? fiveMinuteScript().map((l) => l.text)
      : Array.from({ length: 76 }, (_, i) => SPANISH[i % SPANISH.length] as string);
  const t0 = performance.now();
  const { value: dub, peakMb } = await withChildMemory(() => speak(engine, voice, language, dubTexts));
  const wall = (performance.now() - t0) / 1000;
  const audio = dub.reduce((n, c) => n + seconds(c), 0);
  rows.push({
    ...{ language, engine: engineId, voice, wer },
    rtf: (wall / audio).toFixed(3),
    perDub: `${wall.toFixed(1)} s for ${audio.toFixed(0)} s of speech`,
    peakMb: peakMb ? peakMb.toFixed(0) : "-",
  });
  console.error(
    `${language} ${engineId} ${voice}: ${wer}, ${wall.toFixed(1)} s (load ${loadavg()[0]?.toFixed(2)})`,
  );
}

const english = [...new Set([...A, ...B])];
const load0 = loadavg()[0]?.toFixed(2);
await measure("en", "piper", "en_US-joe-medium", english);
await measure("en", "flite", "rms", english);
await measure("en", "espeak-ng", "en-us+m3", english);
await measure("es", "espeak-ng", "es+m3", SPANISH);
await measure("es", "pico", "es-ES", SPANISH);

console.log(
  `\nOffline voices: round-trip WER (faster-whisper) and TTS real-time factor, 2 cores (load ${load0} at the start)`,
);
console.log(`English: ${english.length} lines heard back by tiny.en; the dub: 76 lines of a 5-minute script`);
console.log(
  "| language | engine | voice | round-trip WER | TTS RTF | 5-minute dub | peak MB (engine processes) |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const r of rows)
  console.log(
    `| ${r.language} | ${r.engine} | ${r.voice} | ${r.wer} | ${r.rtf} | ${r.perDub} | ${r.peakMb} |`,
  );
if (!values.keep) rmSync(dir, { recursive: true, force: true });
process.exit(0);
