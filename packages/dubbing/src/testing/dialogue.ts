// Builds a known two-speaker dialogue video for tests and the bench: each line spoken by a flite voice,
// trimmed, placed after planted pauses, over a faint noise floor; a test-pattern video of the same length.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { trimBounds } from "../audio/dsp.ts";
import { encodeWav, parseWav, toMono } from "../audio/wav.ts";

export interface Line {
  voice: string;
  text: string;
}

export interface TruthSegment extends Line {
  /** ms, where the speech really starts and ends */
  start: number;
  end: number;
}

export interface Dialogue {
  video: string;
  wav: string;
  durationMs: number;
  truth: TruthSegment[];
}

export const DIALOGUE: Line[] = [
  { voice: "awb", text: "Good morning and welcome to the program." },
  { voice: "slt", text: "Thank you, it is a pleasure to be here today." },
  { voice: "awb", text: "Let us talk about the weather in the mountains this week." },
  { voice: "awb", text: "Many people are planning to travel on the weekend." },
  { voice: "slt", text: "The forecast says it will be cold and windy with some snow." },
  { voice: "slt", text: "Most roads will be open, but drivers should be careful." },
  { voice: "awb", text: "Thank you very much for your time." },
  { voice: "slt", text: "You are welcome, have a good evening." },
];

const SR = 16_000;

/**
 * Speaks one line into a 16 kHz mono WAV: a flite voice ("awb", "slt"), or espeak-ng for other languages
 * ("espeak:es") or SVOX Pico ("pico:fr-FR"), resampled by ffmpeg, or a recording ("file:/path.wav").
 */
/** ffmpeg, quiet, overwriting its output. */
function ffmpeg(args: string[]) {
  execFileSync("ffmpeg", ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", ...args]);
}

function speak(line: Line, out: string) {
  // a recording ("file:<path>", its text the transcript's): 16 kHz mono as the rest
  if (line.voice.startsWith("file:")) {
    ffmpeg(["-i", line.voice.slice("file:".length), "-ar", "16000", "-ac", "1", out]);
    return;
  }
  const pico = line.voice.startsWith("pico:");
  if (!line.voice.startsWith("espeak:") && !pico) {
    execFileSync("flite", ["-voice", line.voice, "-t", line.text, "-o", out]);
    return;
  }
  // SVOX Pico ("pico:es-ES"; en-US, en-GB, de-DE, es-ES, fr-FR, it-IT) or espeak-ng ("espeak:es")
  const raw = `${out}.tts.wav`;
  if (pico) execFileSync("pico2wave", ["-l", line.voice.slice("pico:".length), "-w", raw, line.text]);
  else execFileSync("espeak-ng", ["-v", line.voice.slice("espeak:".length), "-w", raw, line.text]);
  ffmpeg(["-i", raw, "-ar", "16000", "-ac", "1", out]);
  rmSync(raw, { force: true });
}

export interface DialogueOptions {
  name?: string;
  pauseMs?: number;
  turnMs?: number;
  leadMs?: number;
  noiseDb?: number;
  width?: number;
  /** More silence before line i (ms), on top of the pause or turn: room a longer translation can use. */
  extraPauseMs?: readonly number[];
}

/**
 * Each dialogue once per test run: ~80 test files and specs make one in their setup, most of them the same
 * few (DIALOGUE or its first lines), each a flite run per line and an H.264 encode (~1.3 CPU-s for the
 * eight lines). Kept in the run's temporary folder (`make test` gives each run its own), named by the
 * lines, the options and this file's own text (a changed recipe is a new name); recordings ("file:")
 * are made each time.
 */
const DIALOGUE_CACHE = join(tmpdir(), "dub-test-dialogues");
const RECIPE = createHash("sha256")
  .update(readFileSync(new URL(import.meta.url)))
  .digest("hex");

/**
 * Writes `<name>.mp4` (H.264 test pattern + AAC) and `<name>.wav` into dir (copies of the run's one:
 * change them freely). Pauses: `pauseMs` between lines of one speaker, `turnMs` at a change of speaker;
 * `leadMs` before the first line and after the last.
 */
export function makeDialogue(dir: string, lines: Line[] = DIALOGUE, opts: DialogueOptions = {}): Dialogue {
  const name = opts.name ?? "dialogue";
  if (lines.some((l) => l.voice.startsWith("file:"))) return renderDialogue(dir, lines, opts);
  const recipe = JSON.stringify([lines, { ...opts, name: undefined }]);
  const key = createHash("sha256").update(RECIPE).update(recipe).digest("hex").slice(0, 24);
  const cached = join(DIALOGUE_CACHE, key);
  if (!existsSync(`${cached}.json`)) {
    mkdirSync(DIALOGUE_CACHE, { recursive: true });
    // made aside and renamed, the JSON last: two test files asking at once each get whole files
    const made = renderDialogue(DIALOGUE_CACHE, lines, {
      ...opts,
      name: `${key}.${process.pid}.${threadId}`,
    });
    const json = `${made.wav}.json`;
    writeFileSync(json, JSON.stringify({ durationMs: made.durationMs, truth: made.truth }));
    renameSync(made.video, `${cached}.mp4`);
    renameSync(made.wav, `${cached}.wav`);
    renameSync(json, `${cached}.json`);
  }
  const { durationMs, truth } = JSON.parse(readFileSync(`${cached}.json`, "utf8")) as Omit<
    Dialogue,
    "video" | "wav"
  >;
  const video = join(dir, `${name}.mp4`);
  const wav = join(dir, `${name}.wav`);
  copyFileSync(`${cached}.mp4`, video);
  copyFileSync(`${cached}.wav`, wav);
  return { video, wav, durationMs, truth };
}

function renderDialogue(dir: string, lines: Line[], opts: DialogueOptions): Dialogue {
  const { name = "dialogue", pauseMs = 700, turnMs = 1000, leadMs = 600, noiseDb = -62, width = 320 } = opts;
  const extra = (i: number) => Math.max(0, Math.round(opts.extraPauseMs?.[i] ?? 0));
  const parts: Float32Array[] = [];
  const truth: TruthSegment[] = [];
  let t = 0;
  const silence = (ms: number) => {
    parts.push(new Float32Array(Math.round((ms * SR) / 1000)));
    t += Math.round((ms * SR) / 1000);
  };
  silence(leadMs);
  const tmp = join(dir, `${name}-line.wav`);
  lines.forEach((line, i) => {
    if (i > 0) silence((line.voice === lines[i - 1]!.voice ? pauseMs : turnMs) + extra(i));
    speak(line, tmp);
    const pcm = parseWav(readFileSync(tmp));
    const mono = toMono(pcm);
    if (pcm.sampleRate !== SR) throw new Error(`flite gave ${pcm.sampleRate} Hz`);
    const b = trimBounds(mono, SR, { padMs: 0 });
    const speech = mono.slice(b.start, b.end);
    truth.push({
      ...line,
      start: Math.round((t * 1000) / SR),
      end: Math.round(((t + speech.length) * 1000) / SR),
    });
    parts.push(speech);
    t += speech.length;
  });
  rmSync(tmp, { force: true });
  silence(leadMs);
  const all = new Float32Array(t);
  let o = 0;
  for (const p of parts) {
    all.set(p, o);
    o += p.length;
  }
  // deterministic faint noise so the audio is not digital silence between lines
  const amp = 10 ** (noiseDb / 20);
  let seed = 12345;
  for (let i = 0; i < all.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    all[i] = (all[i] as number) + amp * ((seed / 0x7fffffff) * 2 - 1);
  }
  const wav = join(dir, `${name}.wav`);
  writeFileSync(wav, encodeWav(all, SR));
  const durationMs = Math.round((t * 1000) / SR);
  const video = join(dir, `${name}.mp4`);
  const height = Math.round((width * 3) / 4 / 2) * 2;
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    `testsrc=size=${width}x${height}:rate=25:duration=${durationMs / 1000}`,
    "-i",
    wav,
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-b:a",
    "96k",
    "-ar",
    "48000",
    "-shortest",
    video,
  ]);
  return { video, wav, durationMs, truth };
}

/** Word error rate of a hypothesis against a reference (case and punctuation ignored). */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9' ]+/g, " ")
      .split(/\s+/)
      .filter(Boolean);
  const r = norm(reference);
  const h = norm(hypothesis);
  if (r.length === 0) return h.length === 0 ? 0 : 1;
  let prev = Array.from({ length: h.length + 1 }, (_, j) => j);
  for (let i = 1; i <= r.length; i++) {
    const cur = [i];
    for (let j = 1; j <= h.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (r[i - 1] === h[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[h.length]! / r.length;
}
