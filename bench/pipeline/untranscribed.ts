// "Untranscribed speech" marks bench (#60 item 6): the LibriVox reader over asc-music, the recordings
// 100 ms apart over "time_to_strike" (the reader over continuous music) and twice, 1.5 s apart, over
// "frontiers", each with the separation (speech heard on the voice stem) and without (heard on the mix).
// Each clip goes through the whole transcription a user gets (separation, VAD, recognition, speech.json);
// the marks (separate/stems.ts untranscribedSpeech over speech.json: the energy VAD's regions, old, and
// the voice model's, new: untranscribedMarks) are computed against its segments
// and against its segments less each sentence in turn (a lost sentence). Music: the marked time farther
// than 250 ms from any of the reader's speech. A lost sentence is found when marks cover half of it.
// Prints figures; never fails on them.
// --edge-ms: music alone before the first sentence and after the last (an intro and an outro; default:
// the gap between sentences).
//   node bench/pipeline/untranscribed.ts [--keep DIR] [--music-db=-14] [--edge-ms=5000]
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { transcribe } from "../../packages/dubbing/src/pipeline/transcribe.ts";
import {
  readSpeechActivity,
  type SpeechActivity,
  untranscribedMarks,
  untranscribedSpeech,
} from "../../packages/dubbing/src/separate/stems.ts";
import { joinSpeech, speechOverMusic } from "../../packages/dubbing/src/testing/music.ts";
import { createDefaultRegistry } from "../../packages/dubbing/src/wiring/default.ts";
import { librivoxLines, type Region } from "./speech-truth.ts";

const { values } = parseArgs({
  options: {
    keep: { type: "string" },
    "music-db": { type: "string", default: "-14" },
    "edge-ms": { type: "string" },
  },
});
const dir = values.keep ?? mkdtempSync(join(tmpdir(), "bench-untranscribed-"));
mkdirSync(dir, { recursive: true });
const registry = createDefaultRegistry();

const overlap = (a: Region, b: Region) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const clock = (r: Region) => `${seconds(r.start)}–${seconds(r.end)}`;

/** Marked ms farther than 250 ms from the truth's speech. */
function overMusic(marks: Region[], truth: Region[]): number {
  const near = truth.map((t) => ({ start: t.start - 250, end: t.end + 250 }));
  return marks.reduce((a, m) => a + (m.end - m.start) - near.reduce((b, t) => b + overlap(m, t), 0), 0);
}

const parts = librivoxLines().map((l) => l.wav);
const twice = [...parts, ...parts];
const cases = [
  { name: "continuous", parts, gapMs: 100, music: "time_to_strike.mp3", separate: true },
  { name: "twice 1.5 s apart", parts: twice, gapMs: 1500, music: "frontiers.mp3", separate: true },
  // the separation failed (or none is installed): speech is heard on the mix
  { name: "continuous, mix", parts, gapMs: 100, music: "time_to_strike.mp3", separate: false },
  { name: "twice, mix", parts: twice, gapMs: 1500, music: "frontiers.mp3", separate: false },
];
const edgeMs = values["edge-ms"] === undefined ? undefined : Number(values["edge-ms"]);
console.log(
  `music ${values["music-db"]} dB under the speech` +
    (edgeMs === undefined ? "" : `, ${edgeMs / 1000} s of it alone before and after the reading`),
);
type Marks = (heard: SpeechActivity, segments: Region[]) => Region[];
const oldMarks: Marks = (heard, segments) => untranscribedSpeech(heard.regions, segments);

/** The marks and how many lost sentences they find (half of it covered). */
function score(marksOf: Marks, heard: SpeechActivity, segments: Region[], truth: Region[]) {
  const marks = marksOf(heard, segments);
  let found = 0;
  for (const t of truth) {
    const kept = segments.filter((s) => overlap(s, t) < (s.end - s.start) / 2);
    const lost = marksOf(heard, kept);
    if (lost.reduce((a, m) => a + overlap(m, t), 0) >= (t.end - t.start) / 2) found++;
  }
  const cell = `${marks.length} (${seconds(overMusic(marks, truth))})`.padEnd(20);
  return { marks, cell: `${cell} | ${`${found} of ${truth.length}`.padEnd(8)}` };
}

console.log(
  "old: marks over the energy VAD's regions; new: where the voice model (Silero VAD) hears a voice (untranscribedMarks)",
);
console.log(
  "case              | heard on | segments | old marks (over music s) | lost marked | new marks (over music s) | lost marked",
);
for (const c of cases) {
  const slug = c.name.replace(/\W+/g, "-");
  const wav = join(dir, `${slug}.wav`);
  const truth = joinSpeech(wav, c.parts, c.gapMs, edgeMs ?? c.gapMs);
  const clip = speechOverMusic(dir, wav, { name: slug, music: c.music, musicDb: Number(values["music-db"]) });
  const stemsDir = join(dir, `stems-${slug}`);
  const doc = await transcribe(clip.video, { registry, stemsDir, separate: c.separate });
  const heard = (await readSpeechActivity(stemsDir))!;
  const segments = doc.transcript.map((s) => ({ start: s.start, end: s.end }));
  const old = score(oldMarks, heard, segments, truth);
  const now = score(untranscribedMarks, heard, segments, truth);
  console.log(
    [
      c.name.padEnd(17),
      heard.heardOn.padEnd(8),
      String(segments.length).padEnd(8),
      `${old.cell.padEnd(36)}`,
      now.cell,
    ].join(" | "),
  );
  console.log(`  asr ${doc.meta?.asr?.id}, separation ${doc.meta?.separation?.id ?? "none"}`);
  console.log(`  old marks: ${old.marks.map(clock).join(", ") || "none"}`);
  console.log(`  new marks: ${now.marks.map(clock).join(", ") || "none"}`);
  console.log(`  segments: ${segments.map(clock).join(", ")}`);
  console.log(`  VAD: ${heard.regions.map(clock).join(", ")}`);
  console.log(`  voice (Silero): ${heard.voiced?.map(clock).join(", ") ?? "not run"}`);
  console.log(`  truth: ${truth.map(clock).join(", ")}`);
}
if (!values.keep) rmSync(dir, { recursive: true, force: true });
