// What recognition should listen to: the original audio, the voice separated by the spectral engine, or
// the voice cleaned by DeepFilterNet3 (the deepfilter engine), each decoded by the same recognizer. WER on
// a real reader (pocketsphinx-testdata's LibriVox) clean and over real music (asc-music) 14 dB under it,
// and on the generated two-voice dialogue over music. Prints a table; never fails on the figures.
//   node bench/pipeline/asr-input.ts [--engine pocketsphinx] [--music-db -14] [--keep DIR]
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { engineOptionsFromEnv } from "../../packages/dubbing/src/engines/options.ts";
import { type TranscribeOptions, transcribe } from "../../packages/dubbing/src/pipeline/transcribe.ts";
import { DIALOGUE, makeDialogue, wordErrorRate } from "../../packages/dubbing/src/testing/dialogue.ts";
import { joinSpeech, MUSIC_DIR, speechOverMusic } from "../../packages/dubbing/src/testing/music.ts";
import { createDefaultRegistry } from "../../packages/dubbing/src/wiring/default.ts";
import { librivoxLines } from "./speech-truth.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "pocketsphinx" },
    "music-db": { type: "string", default: "-14" },
    keep: { type: "string" },
  },
});
if (!existsSync(MUSIC_DIR)) throw new Error("asc-music is not installed (scripts/setup.sh test)");
const musicDb = Number(values["music-db"]);
const dir = values.keep ?? mkdtempSync(join(tmpdir(), "asr-input-"));
mkdirSync(dir, { recursive: true });
const registry = createDefaultRegistry(engineOptionsFromEnv());

const reader = librivoxLines();
const readerWav = join(dir, "reader.wav");
joinSpeech(
  readerWav,
  reader.map((l) => l.wav),
  1500,
);
const readerRef = reader.map((l) => l.text).join(" ");
const dialogue = makeDialogue(dir, undefined, { name: "dialogue", leadMs: 2000, turnMs: 1200 });
const fixtures = [
  {
    name: "reader, clean",
    video: speechOverMusic(dir, readerWav, { name: "clean", musicDb: -120 }).video,
    ref: readerRef,
  },
  {
    name: `reader, music ${musicDb} dB`,
    video: speechOverMusic(dir, readerWav, { name: "reader-music", music: "frontiers.mp3", musicDb }).video,
    ref: readerRef,
  },
  {
    name: `dialogue, music ${musicDb} dB`,
    video: speechOverMusic(dir, dialogue.wav, { name: "dialogue-music", music: "machine_wars.mp3", musicDb })
      .video,
    ref: DIALOGUE.map((l) => l.text).join(" "),
  },
];
const inputs: { label: string; opts: TranscribeOptions }[] = [
  { label: "original", opts: { separate: false } },
  { label: "voice (spectral)", opts: { separationEngine: "spectral", asrOn: "voice" } },
  { label: "voice (deepfilter)", opts: { separationEngine: "deepfilter", asrOn: "voice" } },
];

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(`recognizer: ${values.engine}`);
console.log(
  `${pad("fixture", 24)} ${pad("input", 20)} ${pad("WER %", 7)} ${pad("separated by", 14)} seconds`,
);
try {
  for (const f of fixtures) {
    for (const input of inputs) {
      const t = performance.now();
      const doc = await transcribe(f.video, { registry, asrEngine: values.engine, ...input.opts }).catch(
        (err: unknown) => ({ transcript: [], meta: { separation: { id: null, reason: String(err) } } }),
      );
      const hyp = doc.transcript.map((s) => s.text).join(" ");
      const sep = doc.meta?.separation;
      const by = sep ? (sep.id ?? `none (${sep.reason})`) : "–";
      const wer = (100 * wordErrorRate(f.ref, hyp)).toFixed(1);
      console.log(
        `${pad(f.name, 24)} ${pad(input.label, 20)} ${pad(wer, 7)} ${pad(by, 14)} ${((performance.now() - t) / 1000).toFixed(1)}`,
      );
    }
  }
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
