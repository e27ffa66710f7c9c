// Speaker count bench: generated dialogues of 2, 3 and 4 flite voices, transcribed offline
// (pocketsphinx + the local diarization) once each; the transcript's segments are then diarized on the
// 16 kHz track with the count detected and with the right count given, by this checkout's diarizer and,
// with --against REF, by that commit's on the same segments in the same run. Prints, per dialogue, how
// many speakers were found and the share of recognised words whose speaker label matches the script's
// speaker (labels mapped one-to-one onto the script's speakers, the best mapping). --avg-merge X sets
// this checkout's average-linkage floor (its default otherwise). Prints figures only.
//   node bench/pipeline/speakers.ts [--lines 24] [--against REF] [--avg-merge X] [--keep DIR]
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { readWavMono } from "../../packages/dubbing/src/audio/speech-file.ts";
import { arrayTrack } from "../../packages/dubbing/src/audio/track.ts";
import { createLocalDiarizer } from "../../packages/dubbing/src/diarize/local.ts";
import type { Segment } from "../../packages/dubbing/src/doc.ts";
import type { DiarizationEngine } from "../../packages/dubbing/src/engines/types.ts";
import { extractAudioArgs } from "../../packages/dubbing/src/media/args.ts";
import { runFfmpeg } from "../../packages/dubbing/src/media/run.ts";
import { transcribe } from "../../packages/dubbing/src/pipeline/transcribe.ts";
import { makeDialogue, type TruthSegment } from "../../packages/dubbing/src/testing/dialogue.ts";
import { checkOutOld } from "../service/old-tree.ts";
import { turnsScript } from "./script.ts";

const { values } = parseArgs({
  options: {
    lines: { type: "string", default: "24" },
    keep: { type: "string" },
    against: { type: "string" },
    "avg-merge": { type: "string" },
  },
});
const dir = values.keep ?? mkdtempSync(join(tmpdir(), "dub-bench-speakers-"));
mkdirSync(dir, { recursive: true });
const VOICES = ["awb", "slt", "rms", "kal16"];

/** The script's speaker at `ms`: the truth segment containing it, else the nearest. */
function truthAt(truth: TruthSegment[], ms: number): string {
  let best = truth[0]!;
  let gap = Number.POSITIVE_INFINITY;
  for (const t of truth) {
    const d = ms < t.start ? t.start - ms : ms > t.end ? ms - t.end : 0;
    if (d < gap) [best, gap] = [t, d];
  }
  return best.voice;
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((p) => [x, ...p]),
  );
}

/**
 * Share of words (each segment's words spread evenly over its time) whose label, mapped one-to-one onto
 * the script's voices by the best mapping, is the script's speaker there.
 */
function agreement(segments: Segment[], truth: TruthSegment[], voices: string[]): number {
  const words: { label: string; voice: string }[] = [];
  for (const s of segments) {
    const n = s.text.split(/\s+/).filter(Boolean).length;
    for (let k = 0; k < n; k++)
      words.push({ label: s.speaker, voice: truthAt(truth, s.start + ((k + 0.5) * (s.end - s.start)) / n) });
  }
  const labels = [...new Set(words.map((w) => w.label))];
  // pad with "none" so that extra labels map to no voice (counted wrong), or missing ones leave voices out
  const slots = [...voices, ...Array(Math.max(0, labels.length - voices.length)).fill("none")];
  let best = 0;
  for (const p of permutations(slots)) {
    const map = new Map(labels.map((l, i) => [l, p[i]]));
    best = Math.max(best, words.filter((w) => map.get(w.label) === w.voice).length);
  }
  return words.length ? best / words.length : 0;
}

const old = values.against ? checkOutOld(values.against) : null;
const engines: { name: string; diarizer: DiarizationEngine }[] = [];
if (old) {
  const mod = await import(join(old.root, "packages/dubbing/src/diarize/local.ts"));
  engines.push({ name: `old (${old.commit})`, diarizer: mod.createLocalDiarizer() });
}
const avgMerge = values["avg-merge"] ? Number(values["avg-merge"]) : undefined;
engines.push({ name: "new", diarizer: createLocalDiarizer(avgMerge === undefined ? {} : { avgMerge }) });

const rows: string[][] = [];
try {
  for (const n of [2, 3, 4]) {
    const voices = VOICES.slice(0, n);
    const d = makeDialogue(dir, turnsScript(voices, Number(values.lines)), { name: `speakers-${n}` });
    const work = join(dir, `w${n}`);
    mkdirSync(work, { recursive: true });
    const doc = await transcribe(d.video, { language: "en", workDir: work });
    const wav = join(dir, `speakers-${n}.16k.wav`);
    await runFfmpeg(extractAudioArgs(d.video, wav));
    const { samples, sampleRate } = await readWavMono(wav);
    // an older diarizer takes the floats, this one a track read by region
    const audio = { samples, sampleRate, audio: arrayTrack(samples, sampleRate) };
    for (const { name, diarizer } of engines)
      for (const given of [undefined, n]) {
        const t = performance.now();
        const { labels } = await diarizer.diarize({
          ...audio,
          segments: doc.transcript,
          speakers: given,
          maxSpeakers: 8,
        });
        const labelled = doc.transcript.map((s, i) => ({ ...s, speaker: String(labels[i]) }));
        rows.push([
          String(n),
          given ? `given (${n})` : "detected",
          name,
          String(new Set(labels).size),
          `${(agreement(labelled, d.truth, voices) * 100).toFixed(1)} %`,
          `${((performance.now() - t) / 1000).toFixed(1)} s`,
        ]);
        console.log(rows.at(-1)!.join("\t"));
      }
  }
} finally {
  old?.remove();
}
console.log(`\nDialogues of ${values.lines} lines (flite ${VOICES.join(", ")}), pocketsphinx + mfcc-bic:`);
console.log("| speakers | count | diarizer | found | words with the script's speaker | diarization time |");
console.log("|---|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
if (!values.keep) rmSync(dir, { recursive: true, force: true });
