// Voices that follow the speaker: generated dialogues of 2, 3 and 4 speakers of different pitch
// (flite and espeak-ng voices, and the LibriVox reader of pocketsphinx-testdata), each dubbed (English to
// English, the same lines) with offline voices of the speaker's gender that do not sound like them: once
// not following (every voice at its own pitch and pace) and once following the speakers. Prints, per
// speaker, the dub's median pitch against the original's (before, after) and the pace, then the time
// the following costs per minute of speech. Prints figures only.
//   node bench/pipeline/voices.ts [--keep DIR]
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { concatRegions, measureSpeech } from "../../packages/dubbing/src/audio/prosody.ts";
import { parseWav, toMono } from "../../packages/dubbing/src/audio/wav.ts";
import type { TranscriptDoc } from "../../packages/dubbing/src/doc.ts";
import { dub } from "../../packages/dubbing/src/pipeline/dub.ts";
import { type Line, makeDialogue } from "../../packages/dubbing/src/testing/dialogue.ts";
import { LIBRIVOX_DIR } from "../../packages/dubbing/src/testing/fixtures.ts";
import { A, B } from "./script.ts";

const { values } = parseArgs({ options: { keep: { type: "string" } } });
const dir = values.keep ?? mkdtempSync(join(tmpdir(), "dub-bench-voices-"));
mkdirSync(dir, { recursive: true });

/** A speaker of a dialogue: who speaks in the original, and the dub voice given to them. */
interface Cast {
  original: string;
  dubVoice: string;
}

const LIBRIVOX = readFileSync(join(LIBRIVOX_DIR, "transcription"), "utf8")
  .trim()
  .split("\n")
  .map((l) => /<s> (.*) <\/s> \((.*)\)/.exec(l))
  .filter((m): m is RegExpExecArray => m !== null)
  .filter((m) => readdirSync(LIBRIVOX_DIR).includes(`${m[2]}.wav`))
  .map((m) => ({ file: join(LIBRIVOX_DIR, `${m[2]}.wav`), text: m[1] as string }));

// each speaker's dub voice is of their gender but not their pitch (what the catalogue gives when voices do not follow)
const DIALOGUES: { name: string; cast: Cast[] }[] = [
  {
    name: "2 speakers",
    cast: [
      { original: "awb", dubVoice: "flite:rms" },
      { original: "espeak:en-us+f3", dubVoice: "espeak-ng:en-us+f2" },
    ],
  },
  {
    name: "3 speakers",
    cast: [
      { original: "slt", dubVoice: "espeak-ng:en-us+f2" },
      { original: "espeak:en-us+m7", dubVoice: "flite:awb" },
      { original: "kal16", dubVoice: "espeak-ng:en-us+m3" },
    ],
  },
  {
    name: "4 speakers",
    cast: [
      { original: "awb", dubVoice: "espeak-ng:en-us+m1" },
      { original: "slt", dubVoice: "espeak-ng:en-us+f4" },
      { original: "espeak:en-us+f5", dubVoice: "flite:slt" },
      { original: "espeak:en-us+m1", dubVoice: "flite:awb" },
    ],
  },
  {
    name: "LibriVox + 1",
    cast: [
      { original: "librivox", dubVoice: "espeak-ng:en-us+m3" },
      { original: "slt", dubVoice: "flite:slt" },
    ],
  },
];

/** Six lines a speaker, in turns; the LibriVox reader reads the five recordings. */
function script(cast: Cast[]): Line[] {
  const pool = A.flatMap((a, i) => [a, B[i] as string]);
  const lines: Line[] = [];
  let next = 0;
  for (let k = 0; k < 6; k++)
    for (const c of cast) {
      if (c.original === "librivox") {
        const r = LIBRIVOX[k];
        if (r) lines.push({ voice: `file:${r.file}`, text: r.text });
      } else lines.push({ voice: c.original, text: pool[next++ % pool.length] as string });
    }
  return lines;
}

/** 16 kHz mono samples of a media file's audio. */
function decode(file: string): Float32Array {
  const wav = execFileSync(
    "ffmpeg",
    ["-hide_banner", "-loglevel", "error", "-i", file, "-vn", "-ac", "1", "-ar", "16000", "-f", "wav", "-"],
    { maxBuffer: 1 << 30 },
  );
  return toMono(parseWav(wav));
}

const pct = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1).padStart(6)} %`;
const rows: string[][] = [];
let worstBefore = 0;
let worstAfter = 0;
let speechMs = 0;
let followSec = 0;
let ttsBefore = 0;
let ttsAfter = 0;
for (const d of DIALOGUES) {
  const lines = script(d.cast);
  const dlg = makeDialogue(dir, lines, { name: d.name.replace(/\W+/g, "-") });
  // the speaker of a line: the LibriVox reader's lines are their recordings
  const id = (voice: string) =>
    `s${d.cast.findIndex((c) => c.original === (voice.startsWith("file:") ? "librivox" : voice)) + 1}`;
  const doc: TranscriptDoc = {
    language: "en",
    speakers: d.cast.map((c, i) => ({ id: `s${i + 1}`, name: c.original, selectedVoice: c.dubVoice })),
    transcript: dlg.truth.map((t) => ({
      speaker: id(t.voice),
      text: t.text,
      start: t.start,
      end: t.end,
    })),
  };
  const original = decode(dlg.wav);
  speechMs += dlg.truth.reduce((n, t) => n + t.end - t.start, 0);
  const dubbed: Record<string, Float32Array> = {};
  const placed: Record<string, Record<string, { start: number; end: number }[]>> = {};
  for (const follow of [false, true]) {
    const tag = follow ? "after" : "before";
    const r = await dub(dlg.video, doc, {
      ...{ follow, background: "remove", subtitles: false },
      output: join(dir, `${d.name.replace(/\W+/g, "-")}.${tag}.mp4`),
      workDir: join(dir, `work-${d.name.replace(/\W+/g, "-")}-${tag}`),
    });
    dubbed[tag] = decode(r.mp4);
    if (follow) followSec += r.report.timings.follow ?? 0;
    if (follow) ttsAfter += r.report.timings.tts ?? 0;
    else ttsBefore += r.report.timings.tts ?? 0;
    placed[tag] = Object.fromEntries(
      doc.speakers.map((s) => [
        s.id,
        r.report.segments.flatMap((g) => (g.speaker === s.id && g.placed ? [g.placed] : [])),
      ]),
    );
    if (follow) {
      for (const s of doc.speakers) {
        const v = r.report.voices[s.id];
        const truth = doc.transcript.filter((g) => g.speaker === s.id);
        const orig = measureSpeech(concatRegions(original, 16000, truth), 16000);
        // the dub's clips of this speaker where the dub placed them (the pace there is after the fit)
        const of = (tag: string) =>
          measureSpeech(concatRegions(dubbed[tag]!, 16000, placed[tag]![s.id]!), 16000);
        const before = of("before");
        const after = of("after");
        const eb = Math.abs((before.pitchHz - orig.pitchHz) / orig.pitchHz);
        const ea = Math.abs((after.pitchHz - orig.pitchHz) / orig.pitchHz);
        worstBefore = Math.max(worstBefore, eb);
        worstAfter = Math.max(worstAfter, ea);
        const st = v?.follow?.style as { pitch?: number; shift?: number; rate?: number } | undefined;
        rows.push([
          d.name,
          s.name.replace(/^espeak:/, "e:"),
          s.selectedVoice,
          orig.pitchHz.toFixed(0),
          before.pitchHz.toFixed(0),
          pct(before.pitchHz, orig.pitchHz),
          after.pitchHz.toFixed(0),
          pct(after.pitchHz, orig.pitchHz),
          `${st?.pitch ?? "–"}/${st?.shift ?? 0}/${st?.rate ?? 1}`,
          orig.syllablesPerSec.toFixed(2),
          before.syllablesPerSec.toFixed(2),
          after.syllablesPerSec.toFixed(2),
        ]);
      }
    }
  }
}

const head = [
  "dialogue",
  "speaker",
  "dub voice",
  "orig Hz",
  "before",
  "err",
  "after",
  "err",
  "p/shift/rate",
  "orig syl/s",
  "before",
  "after",
];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
const line = (r: string[]) => r.map((c, i) => c.padStart(widths[i] as number)).join("  ");
console.log("Median pitch of each speaker: the dub against the original (not following, following)");
console.log(line(head));
for (const r of rows) console.log(line(r));
console.log(
  `worst pitch error: before ${(worstBefore * 100).toFixed(1)} %, after ${(worstAfter * 100).toFixed(1)} %`,
);
const minutes = speechMs / 60000;
console.log(
  `time per minute of speech: measuring and setting the voices ${(followSec / minutes).toFixed(2)} s; ` +
    `TTS ${(ttsBefore / minutes).toFixed(2)} s before, ${(ttsAfter / minutes).toFixed(2)} s after (pitch shifts included)`,
);
if (!values.keep) rmSync(dir, { recursive: true, force: true });
