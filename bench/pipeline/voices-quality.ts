// How good the offline voices are: the same lines spoken by each engine, every clip heard back by
// faster-whisper and compared with its text (round-trip word error rate: intelligibility), beside the TTS
// real-time factor for a 5-minute dub's worth of lines (76 lines, both cores: two runs at once, or the
// Piper worker's two threads), the voice's median pitch and range (p10–p90) over the lines, and the peak
// memory of the engine's processes. English: Piper, Pico, flite and espeak-ng, recognised by tiny.en;
// Spanish, French, German, Italian and Portuguese: each local voice a man or a woman is given there (Pico's
// woman and lowered man, espeak-ng's), recognised by the multilingual base model ("not recognised here"
// when none is installed). Prints figures only. `--models-dir DIR` adds a folder of recognition models;
// `--languages es` measures only those.
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
import { pitchTrack, speechRegions } from "../../packages/dubbing/src/audio/features.ts";
import { pitchStats } from "../../packages/dubbing/src/audio/prosody.ts";
import { encodeWav } from "../../packages/dubbing/src/audio/wav.ts";
import type {
  Clip,
  LocalVoice,
  SynthesisRequest,
  TtsEngine,
} from "../../packages/dubbing/src/engines/types.ts";
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
    languages: { type: "string", default: "en,es,fr,de,it,pt" },
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
const FRENCH = [
  "Bonjour et bienvenue dans notre émission de cette semaine.",
  "Aujourd'hui nous allons parler de la vie dans les petits villages.",
  "Beaucoup de jeunes partent en ville quand ils finissent l'école.",
  "Ils cherchent du travail, des amis et une autre vie.",
  "Mais certains reviennent à la maison après quelques années.",
  "En ville un petit appartement coûte la moitié d'un salaire.",
  "Dans un village le même argent paie une maison avec un jardin.",
  "C'est une grande différence pour une famille avec des enfants.",
];
const GERMAN = [
  "Guten Morgen und willkommen zu unserer Sendung in dieser Woche.",
  "Heute sprechen wir über das Leben in kleinen Dörfern.",
  "Viele junge Leute ziehen in die Stadt, wenn sie die Schule beenden.",
  "Sie suchen Arbeit, Freunde und ein anderes Leben.",
  "Aber manche kommen nach ein paar Jahren nach Hause zurück.",
  "In der Stadt kostet eine kleine Wohnung ein halbes Gehalt.",
  "In einem Dorf bezahlt das gleiche Geld ein Haus mit Garten.",
  "Das ist ein großer Unterschied für eine Familie mit Kindern.",
];
const ITALIAN = [
  "Buongiorno e benvenuti al nostro programma di questa settimana.",
  "Oggi parliamo della vita nei piccoli paesi.",
  "Molti giovani vanno in città quando finiscono la scuola.",
  "Cercano lavoro, amici e una vita diversa.",
  "Ma alcuni tornano a casa dopo qualche anno.",
  "In città un piccolo appartamento costa metà di uno stipendio.",
  "In un paese gli stessi soldi pagano una casa con giardino.",
  "È una grande differenza per una famiglia con figli.",
];
const PORTUGUESE = [
  "Bom dia e bem-vindos ao nosso programa desta semana.",
  "Hoje vamos falar da vida nas pequenas aldeias.",
  "Muitos jovens vão para a cidade quando terminam a escola.",
  "Procuram trabalho, amigos e uma vida diferente.",
  "Mas alguns voltam para casa depois de alguns anos.",
  "Na cidade um apartamento pequeno custa metade de um salário.",
  "Numa aldeia o mesmo dinheiro paga uma casa com jardim.",
  "É uma grande diferença para uma família com filhos.",
];
const TEXTS: Partial<Record<LanguageCode, string[]>> = {
  es: SPANISH,
  fr: FRENCH,
  de: GERMAN,
  it: ITALIAN,
  pt: PORTUGUESE,
};

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

/** Pure: the median pitch (Hz) and range (semitones, p10–p90) of the clips' voiced frames. */
function pitchOf(clips: Clip[]): string {
  const track = clips.flatMap((c) =>
    pitchTrack(c.samples, c.sampleRate, [{ start: 0, end: Math.floor(seconds(c) * 1000) }], 10_000),
  );
  const { pitchHz, rangeSt } = pitchStats(track);
  return `${pitchHz.toFixed(0)} Hz, ${rangeSt.toFixed(1)} st`;
}

interface Row {
  language: string;
  engine: string;
  voice: string;
  wer: string;
  pitch: string;
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
      : Array.from({ length: 76 }, (_, i) => texts[i % texts.length] as string);
  const t0 = performance.now();
  const { value: dub, peakMb } = await withChildMemory(() => speak(engine, voice, language, dubTexts));
  const wall = (performance.now() - t0) / 1000;
  const audio = dub.reduce((n, c) => n + seconds(c), 0);
  rows.push({
    ...{ language, engine: engineId, voice, wer, pitch: pitchOf(clips) },
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
await measure("en", "pico", "en-US", english);
await measure("en", "pico", "en-US+male", english);
await measure("en", "flite", "rms", english);
await measure("en", "espeak-ng", "en-us+m3", english);
for (const [language, texts] of Object.entries(TEXTS) as [LanguageCode, string[]][]) {
  // the voices a woman and a man are given there: Pico's first of each gender where it speaks the
  // language, and espeak-ng's m3 and f2
  const first = (engine: string, pick: (id: string, i: number, all: LocalVoice[]) => boolean) =>
    (registry.get("tts", engine)?.voices(language) ?? []).filter((v, i, all) => pick(v.id, i, all));
  const pico = first("pico", (_, i, all) => all.findIndex((q) => q.gender === all[i]!.gender) === i);
  const espeak = first("espeak-ng", (id) => id.endsWith("+m3") || id.endsWith("+f2"));
  for (const v of [...pico, ...espeak]) await measure(language, v.engine, v.id, texts);
}

console.log(
  `\nOffline voices: round-trip WER (faster-whisper) and TTS real-time factor, 2 cores (load ${load0} at the start)`,
);
console.log(
  `English: ${english.length} lines heard back by tiny.en, the others 8 lines each by base; the dub: 76 lines`,
);
console.log(
  "| language | engine | voice | round-trip WER | pitch (median, p10–p90) | TTS RTF | 76-line dub | peak MB (engine processes) |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const r of rows)
  console.log(
    `| ${r.language} | ${r.engine} | ${r.voice} | ${r.wer} | ${r.pitch} | ${r.rtf} | ${r.perDub} | ${r.peakMb} |`,
  );
if (!values.keep) rmSync(dir, { recursive: true, force: true });
process.exit(0);
