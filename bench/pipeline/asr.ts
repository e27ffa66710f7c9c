// Speech recognition bench: per engine and model, in the same run, WER on the LibriVox reader
// (pocketsphinx-testdata, twice, 1.5 s apart) clean and over asc-music 14 dB under the speech, on a
// 12-line two-voice dialogue over the same music, and on Spanish, French and German monologues (no
// recording of those is packaged: synthetic speech, espeak-ng and SVOX Pico, each language by both); the
// share of the reference speech covered by segments; segments in stretches without speech (invented);
// speaker labels right on the dialogue; the realtime factor of a 5-minute video (English, and Spanish for
// a model that hears it) and the worker's peak memory; then "Detect" on every clip (the language found,
// how sure, right or not). Prints figures only; never fails on them. Each transcription is the whole
// pipeline a user gets (separation included).
//   node bench/pipeline/asr.ts [--models tiny.en,base] [--no-before] [--skip-long | --long-only]
//   [--no-detect] [--threads]
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  ASR_WORKER_SCRIPT,
  DEFAULT_ASR_PYTHON,
  SHARED_MODELS_DIR,
} from "../../packages/dubbing/src/asr/faster-whisper.ts";
import { AsrWorker } from "../../packages/dubbing/src/asr/worker.ts";
import { arrayTrack } from "../../packages/dubbing/src/audio/track.ts";
import { parseWav, toMono } from "../../packages/dubbing/src/audio/wav.ts";
import { createLocalDiarizer } from "../../packages/dubbing/src/diarize/local.ts";
import type { LanguageCode } from "../../packages/dubbing/src/languages.ts";
import { catalogueEntry } from "../../packages/dubbing/src/models/catalog.ts";
import { DETECT_MIN_PROBABILITY, transcribe } from "../../packages/dubbing/src/pipeline/transcribe.ts";
import { type Line, makeDialogue, wordErrorRate } from "../../packages/dubbing/src/testing/dialogue.ts";
import { speechOverMusic } from "../../packages/dubbing/src/testing/music.ts";
import { TWENTY } from "../../packages/dubbing/src/testing/turns.ts";
import { createDefaultRegistry } from "../../packages/dubbing/src/wiring/default.ts";
import { fiveMinuteScript } from "./script.ts";
import { coverage, librivoxTwice, type Region } from "./speech-truth.ts";

const { values } = parseArgs({
  options: {
    models: { type: "string", default: "tiny.en,base" },
    "skip-long": { type: "boolean", default: false },
    threads: { type: "boolean", default: false },
    /** Leave out pocketsphinx (the figures before), e.g. when only the models are compared. */
    "no-before": { type: "boolean", default: false },
    /** Leave out "Detect" on every clip. */
    "no-detect": { type: "boolean", default: false },
    /** Only the 5-minute video's realtime factor and memory. */
    "long-only": { type: "boolean", default: false },
  },
});
const dir = mkdtempSync(join(tmpdir(), "dub-bench-asr-"));
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const load = () => loadavg()[0]!.toFixed(2);

/**
 * Pure: text as both sides are compared: lower case, accents and punctuation off, the abbreviations
 * Whisper writes spelled out as the LibriVox references spell them.
 */
export function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\bmr\./g, "mister")
    .replace(/\bmrs\./g, "missus")
    .replace(/[-–—]/g, " ");
}
const wer = (ref: string, hyp: string) => wordErrorRate(normalise(ref), normalise(hyp));

/** Segments of which less than a fifth lies on reference speech: words invented in the music. */
function invented(truth: Region[], segs: Region[]): number {
  return segs.filter((s) => coverage([s], truth) < 0.2).length;
}

// ---- fixtures ---------------------------------------------------------------------------------------
const { wav: lvWav, text: lvText, truth: lvTruth } = librivoxTwice(dir);
const dlgLines = fiveMinuteScript().slice(0, 12);
const dlg = makeDialogue(dir, dlgLines, { name: "dlg", leadMs: 2000 });
const SPANISH: Line[] = [
  "Buenos días y bienvenidos a nuestro programa de esta semana.",
  "Hoy vamos a hablar de la vida en los pueblos pequeños.",
  "Muchos jóvenes se van a la ciudad cuando terminan la escuela.",
  "Buscan trabajo, amigos y una vida diferente.",
  "Pero algunos vuelven a casa después de unos años.",
].map((text) => ({ voice: "espeak:es", text }));
const es = makeDialogue(dir, SPANISH, { name: "es", leadMs: 1000 });
const FRENCH = [
  "Bonjour et bienvenue dans notre émission de cette semaine.",
  "Aujourd'hui nous parlons de la vie dans les petits villages.",
  "Beaucoup de jeunes partent en ville après l'école.",
  "Ils cherchent du travail, des amis et une autre vie.",
  "Mais certains reviennent à la maison quelques années plus tard.",
];
const GERMAN = [
  "Guten Morgen und willkommen zu unserer Sendung in dieser Woche.",
  "Heute sprechen wir über das Leben in kleinen Dörfern.",
  "Viele junge Leute ziehen nach der Schule in die Stadt.",
  "Sie suchen Arbeit, Freunde und ein anderes Leben.",
  "Aber manche kommen nach ein paar Jahren wieder nach Hause.",
];
/** A monologue in one synthetic voice: "espeak:fr", "pico:fr-FR". */
function monologue(voice: string, texts: string[], language: LanguageCode, label: string): Case {
  const lines = texts.map((text) => ({ voice, text }));
  const made = makeDialogue(dir, lines, { name: voice.replace(/\W/g, "-"), leadMs: 1000 });
  return { name: label, video: made.video, text: texts.join(" "), truth: made.truth, language };
}
const SPANISH_TEXTS = SPANISH.map((l) => l.text);
// short turns ("Great.", "Me too, let us."): where a line's speaker was its neighbour's (issue #57)
const turns = makeDialogue(dir, TWENTY, { name: "t20", leadMs: 1500, turnMs: 350, pauseMs: 500 });

interface Case {
  name: string;
  video: string;
  text: string;
  truth: Region[];
  language: LanguageCode;
  /** The voice of each truth line (speaker labels). */
  voices?: string[];
}
const cases: Case[] = [
  {
    name: "LibriVox, clean",
    video: speechOverMusic(dir, lvWav, { name: "lv", musicDb: -90 }).video,
    text: lvText,
    truth: lvTruth,
    language: "en",
  },
  {
    name: "LibriVox, music -14 dB",
    video: speechOverMusic(dir, lvWav, { name: "lv14", music: "machine_wars.mp3", musicDb: -14 }).video,
    text: lvText,
    truth: lvTruth,
    language: "en",
  },
  {
    name: "dialogue (12 lines), music -14 dB",
    video: speechOverMusic(dir, dlg.wav, { name: "dlg14", music: "machine_wars.mp3", musicDb: -14 }).video,
    text: dlgLines.map((l) => l.text).join(" "),
    truth: dlg.truth,
    language: "en",
    voices: dlg.truth.map((t) => t.voice),
  },
  {
    name: "Spanish monologue (espeak-ng)",
    video: es.video,
    text: SPANISH.map((l) => l.text).join(" "),
    truth: es.truth,
    language: "es",
  },
  {
    name: "turns dialogue (20 lines, short turns)",
    video: turns.video,
    text: TWENTY.map((l) => l.text).join(" "),
    truth: turns.truth,
    language: "en",
    voices: turns.truth.map((t) => t.voice),
  },
  monologue("pico:es-ES", SPANISH_TEXTS, "es", "Spanish monologue (Pico)"),
  monologue("espeak:fr", FRENCH, "fr", "French monologue (espeak-ng)"),
  monologue("pico:fr-FR", FRENCH, "fr", "French monologue (Pico)"),
  monologue("espeak:de", GERMAN, "de", "German monologue (espeak-ng)"),
  monologue("pico:de-DE", GERMAN, "de", "German monologue (Pico)"),
];

/** Lines whose segments all carry the speaker that most of that voice's segments carry. */
function speakersRight(c: Case, segs: (Region & { speaker: string })[]): string {
  if (!c.voices) return "";
  const voiceOf = (s: Region) => {
    let best = 0;
    let bestOverlap = -1;
    c.truth.forEach((t, i) => {
      const o = Math.min(s.end, t.end) - Math.max(s.start, t.start);
      if (o > bestOverlap) [best, bestOverlap] = [i, o];
    });
    return c.voices![best]!;
  };
  const vote = new Map<string, Map<string, number>>();
  for (const s of segs) {
    const m = vote.get(voiceOf(s)) ?? new Map<string, number>();
    m.set(s.speaker, (m.get(s.speaker) ?? 0) + 1);
    vote.set(voiceOf(s), m);
  }
  const labelOf = new Map([...vote].map(([v, m]) => [v, [...m].sort((a, b) => b[1] - a[1])[0]![0]]));
  // a line is right when every segment over it carries its voice's label
  let right = 0;
  c.truth.forEach((t, i) => {
    const voice = c.voices![i]!;
    const over = segs.filter((s) => Math.min(s.end, t.end) - Math.max(s.start, t.start) > 0);
    if (over.length && over.every((s) => labelOf.get(voice) === s.speaker && voiceOf(s) === voice)) right++;
  });
  return `, speakers right on ${right} of ${c.truth.length} lines`;
}

const engines: { name: string; asrEngine: string; model?: string }[] = [
  ...(values["no-before"] ? [] : [{ name: "pocketsphinx (before)", asrEngine: "pocketsphinx" }]),
  ...String(values.models)
    .split(",")
    .filter(Boolean)
    .map((m) => ({ name: `faster-whisper ${m}`, asrEngine: "faster-whisper", model: m })),
];

console.log(`speech recognition bench, ${new Date().toISOString()}, load ${load()}`);
try {
  {
    // the turns dialogue's speakers by the diarization alone, on its true lines: before (a short line
    // follows its neighbour) and now (by its own voice)
    const pcm = parseWav(readFileSync(turns.wav));
    const input = { audio: arrayTrack(toMono(pcm), pcm.sampleRate), segments: turns.truth, maxSpeakers: 8 };
    const rightOf = (labels: number[]) => {
      const voiceOf = new Map<number, string>();
      for (const [i, l] of labels.entries()) voiceOf.set(l, voiceOf.get(l) ?? turns.truth[i]!.voice);
      return labels.filter((l, i) => voiceOf.get(l) === turns.truth[i]!.voice).length;
    };
    const before = await createLocalDiarizer({ shortFrames: 0 }).diarize(input);
    const now = await createLocalDiarizer().diarize(input);
    console.log(
      `turns dialogue, diarization on the true lines: before ${rightOf(before.labels)} of 20 lines, now ${rightOf(now.labels)} of 20`,
    );
  }
  for (const e of engines) {
    const registry = createDefaultRegistry({ fasterWhisper: { model: e.model } });
    console.log(`\n${e.name}`);
    for (const c of values["long-only"] ? [] : cases) {
      const asr = await registry.pickAsr(c.language, e.asrEngine).catch(() => null);
      if (!asr || asr.id !== e.asrEngine || (e.model && !asr.languages.includes(c.language))) {
        console.log(`  ${c.name.padEnd(36)} not served`);
        continue;
      }
      const t = performance.now();
      const doc = await transcribe(c.video, { language: c.language, registry, asrEngine: e.asrEngine }).catch(
        (err: Error) => err,
      );
      if (doc instanceof Error) {
        console.log(`  ${c.name.padEnd(36)} failed: ${doc.message}`);
        continue;
      }
      if (e.model && doc.meta?.asr?.params?.model !== e.model) {
        console.log(`  ${c.name.padEnd(36)} not served by ${e.model}`);
        continue;
      }
      const hyp = doc.transcript.map((s) => s.text).join(" ");
      console.log(
        `  ${c.name.padEnd(36)} WER ${pct(wer(c.text, hyp)).padStart(7)}, covered ${pct(coverage(c.truth, doc.transcript)).padStart(7)}, ` +
          `invented ${invented(c.truth, doc.transcript)}${speakersRight(c, doc.transcript)}, ` +
          `${((performance.now() - t) / 1000).toFixed(1)} s (load ${load()})` +
          (doc.meta?.separation?.id === null ? " [not separated]" : ""),
      );
      if (process.env.BENCH_VERBOSE) console.log(`    ${hyp}`);
    }
    if (values["skip-long"]) continue;
    // realtime factor of a 5-minute two-speaker video (the whole transcription) and the worker's memory
    const script = fiveMinuteScript();
    const long = makeDialogue(dir, script, { name: "five", width: 320 });
    const t = performance.now();
    const doc = await transcribe(long.video, { registry, asrEngine: e.asrEngine });
    const ms = performance.now() - t;
    console.log(
      `  5-minute video: RTF ${(ms / long.durationMs).toFixed(3)} (${(ms / 1000).toFixed(1)} s, asr stage ${doc.meta?.timings?.asr?.toFixed(1)} s), ` +
        `WER ${pct(wer(script.map((l) => l.text).join(" "), doc.transcript.map((s) => s.text).join(" ")))}` +
        (doc.meta?.asr?.params?.peakRssMb ? `, worker peak RSS ${doc.meta.asr.params.peakRssMb} MB` : "") +
        ` (load ${load()})`,
    );
    // the model itself must hear Spanish (faster-whisper otherwise hands Spanish to another model)
    if (!e.model || !catalogueEntry(e.model)?.languages.includes("es")) continue;
    // the same length in Spanish (Pico's voice, the monologue's five lines over and over)
    const spanishScript = Array.from({ length: 100 }, (_, i) => ({
      voice: "pico:es-ES",
      text: SPANISH_TEXTS[i % SPANISH_TEXTS.length]!,
    }));
    const longEs = makeDialogue(dir, spanishScript, { name: "five-es", width: 320 });
    const tEs = performance.now();
    const docEs = await transcribe(longEs.video, { language: "es", registry, asrEngine: e.asrEngine });
    const msEs = performance.now() - tEs;
    console.log(
      `  ${(longEs.durationMs / 60_000).toFixed(1)}-minute Spanish video: RTF ${(msEs / longEs.durationMs).toFixed(3)} (${(msEs / 1000).toFixed(1)} s), ` +
        `WER ${pct(wer(spanishScript.map((l) => l.text).join(" "), docEs.transcript.map((s) => s.text).join(" ")))} (load ${load()})`,
    );
  }

  if (!values["no-detect"]) {
    // "Detect" on every clip, as a user's upload does it: the detecting model (base) finds the language
    const registry = createDefaultRegistry();
    console.log(`\nDetect (taken from ${DETECT_MIN_PROBABILITY * 100} % sure)`);
    let right = 0;
    for (const c of cases) {
      const doc = await transcribe(c.video, { language: "detect", registry }).catch((err: Error) => err);
      const found =
        doc instanceof Error
          ? `not taken: ${doc.message}`
          : `${doc.language} (${pct(doc.meta?.detected?.probability ?? 0)} sure), WER ${pct(wer(c.text, doc.transcript.map((s) => s.text).join(" ")))}`;
      const ok = !(doc instanceof Error) && doc.language === c.language;
      if (ok) right++;
      console.log(`  ${c.name.padEnd(36)} ${ok ? "right" : "WRONG"}: ${found}`);
    }
    console.log(`  right on ${right} of ${cases.length} clips (${pct(right / cases.length)})`);
  }

  if (values.threads) {
    // bounded concurrency on 2 cores: two 30-second jobs, one after the other with 2 threads each, or
    // at once in two workers with 1 thread each
    const file = join(dir, "lv16k.wav");
    const { execFileSync } = await import("node:child_process");
    execFileSync("ffmpeg", ["-loglevel", "error", "-i", lvWav, "-t", "30", "-ar", "16000", "-ac", "1", file]);
    const model = join(SHARED_MODELS_DIR, "tiny.en");
    const job = (threads: number) => ({ file, model, language: "en", threads });
    const a = new AsrWorker({ python: DEFAULT_ASR_PYTHON, script: ASR_WORKER_SCRIPT });
    const b = new AsrWorker({ python: DEFAULT_ASR_PYTHON, script: ASR_WORKER_SCRIPT });
    await Promise.all([a.transcribe(job(2)), b.transcribe(job(1))]); // models loaded
    let t = performance.now();
    await a.transcribe(job(2));
    await a.transcribe(job(2));
    const serial = performance.now() - t;
    t = performance.now();
    await Promise.all([a.transcribe(job(1)), b.transcribe(job(1))]);
    const parallel = performance.now() - t;
    console.log(
      `\ntwo 30-s jobs (tiny.en): one at a time with 2 threads ${(serial / 1000).toFixed(1)} s, two at once with 1 thread ${(parallel / 1000).toFixed(1)} s (load ${load()})`,
    );
    a.close();
    b.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
