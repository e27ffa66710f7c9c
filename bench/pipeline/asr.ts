// Speech recognition bench: per engine and model, in the same run, WER on the LibriVox reader
// (pocketsphinx-testdata, twice, 1.5 s apart) clean and over asc-music 14 dB under the speech, on a
// 12-line two-voice dialogue over the same music, and on an espeak-ng Spanish monologue; the share of the
// reference speech covered by segments; segments in stretches without speech (invented); speaker labels
// right on the dialogue; the realtime factor of a 5-minute video and the worker's peak memory. Prints
// figures only; never fails on them. Each transcription is the whole pipeline a user gets (separation
// included).   node bench/pipeline/asr.ts [--models tiny.en,base] [--no-before] [--skip-long | --long-only]
// [--threads]
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  ASR_WORKER_SCRIPT,
  DEFAULT_ASR_PYTHON,
  SHARED_MODELS_DIR,
} from "../../packages/dubbing/src/asr/faster-whisper.ts";
import { AsrWorker } from "../../packages/dubbing/src/asr/worker.ts";
import type { LanguageCode } from "../../packages/dubbing/src/languages.ts";
import { transcribe } from "../../packages/dubbing/src/pipeline/transcribe.ts";
import { type Line, makeDialogue, wordErrorRate } from "../../packages/dubbing/src/testing/dialogue.ts";
import { speechOverMusic } from "../../packages/dubbing/src/testing/music.ts";
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
