// Separation bench: real speech over real music, dubbed English → Spanish, and what is left
// of each source in the dub's audio under the dubbed lines — least-squares shares of the two source
// stems, relative to the music's level outside speech:
//   S  speech suppression: how far the original speech is below that level (dB down, higher is better)
//   M  music retention: the music under the lines relative to outside (dB, 0 is kept at full level)
// plus the separation's real-time factor, the dub's loudness and true peak, and whether the video
// stream was copied bit for bit. One row per fixture and per background mode / engine that can run.
// Installs Debian's asc-music (the music) if it is missing. Prints figures; never fails on them.
//   node bench/pipeline/separation.ts [--keep DIR] [--engines spectral,deepfilter,demucs] [--music-db -14]
//   [--only LibriVox,continuous,dialogue]
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type BackgroundMode, dub } from "../../packages/dubbing/src/pipeline/dub.ts";
import { transcribe } from "../../packages/dubbing/src/pipeline/transcribe.ts";
import { translate } from "../../packages/dubbing/src/pipeline/translate.ts";
import { makeDialogue } from "../../packages/dubbing/src/testing/dialogue.ts";
import {
  decodeF32,
  joinSpeech,
  MUSIC_DIR,
  type SpeechOverMusic,
  STEM_RATE,
  speechOverMusic,
  stemShares,
  suppressionAndRetention,
} from "../../packages/dubbing/src/testing/music.ts";
import { createDefaultRegistry } from "../../packages/dubbing/src/wiring/default.ts";

const { values } = parseArgs({
  options: {
    keep: { type: "string" },
    engines: { type: "string", default: "spectral,deepfilter,demucs,musicai" },
    "music-db": { type: "string", default: "-14" },
    only: { type: "string" },
  },
});
const musicDb = Number(values["music-db"]);
const dir = values.keep ?? mkdtempSync(join(tmpdir(), "sep-bench-"));
mkdirSync(dir, { recursive: true });

if (!existsSync(MUSIC_DIR)) {
  console.log("installing asc-music (Debian) for the music …");
  execFileSync("apt-get", ["install", "-y", "-q", "asc-music"], { stdio: "inherit" });
}

const registry = createDefaultRegistry();
const engines: string[] = [];
for (const id of values.engines.split(",")) {
  const e = registry.get("separation", id);
  const a = e ? await registry.availability(e) : { ok: false, reason: "not registered" };
  if (a.ok) engines.push(id);
  else console.log(`${id}: skipped (${a.reason})`);
}

/** An MD5 of the video stream's packets (ffmpeg's -c copy into the md5 muxer). */
function videoMd5(file: string): string {
  return execFileSync("ffmpeg", ["-v", "error", "-i", file, "-map", "0:v", "-c", "copy", "-f", "md5", "-"])
    .toString()
    .trim();
}

interface Fixture {
  name: string;
  src: SpeechOverMusic;
  /** Where the source speech is (ms). */
  truth: { start: number; end: number }[];
}

function fixtures(): Fixture[] {
  const lib = "/usr/share/pocketsphinx/test/data/librivox";
  const ids = readFileSync(join(lib, "fileids"), "utf8").trim().split("\n");
  const parts = ids.map((id) => join(lib, `${id}.wav`));
  // a talking head: the five recordings twice, 1.5 s apart (61 s), over "frontiers"
  const lvWav = join(dir, "librivox.wav");
  const lvTruth = joinSpeech(lvWav, [...parts, ...parts], 1500);
  const lv = speechOverMusic(dir, lvWav, { name: "librivox", music: "frontiers.mp3", musicDb });
  // a reader who hardly pauses (100 ms between recordings) over continuous music: little speech-free audio
  const lcWav = join(dir, "librivox-continuous.wav");
  const lcTruth = joinSpeech(lcWav, parts, 100);
  const lc = speechOverMusic(dir, lcWav, {
    name: "librivox-continuous",
    music: "time_to_strike.mp3",
    musicDb,
  });
  // the flite two-voice dialogue over "machine_wars"
  const d = makeDialogue(dir, undefined, { name: "dialogue", leadMs: 2000, turnMs: 1200 });
  const dl = speechOverMusic(dir, d.wav, { name: "dialogue-music", music: "machine_wars.mp3", musicDb });
  return [
    { name: "LibriVox", src: lv, truth: lvTruth },
    { name: "continuous", src: lc, truth: lcTruth },
    { name: "dialogue", src: dl, truth: d.truth },
  ];
}

const fr = (ms: number) => Math.round((ms * STEM_RATE) / 1000);
/** Seconds of music without speech the outside level is measured over, at least. */
const MIN_OUTSIDE_S = 3;

/** Frames outside every range widened by `marginMs`. */
function outsideOf(ranges: { start: number; end: number }[], frames: number, marginMs: number) {
  const out: { start: number; end: number }[] = [];
  let t = 0;
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    const a = fr(r.start - marginMs);
    if (a > t) out.push({ start: t, end: a });
    t = Math.max(t, fr(r.end + marginMs));
  }
  if (t < frames) out.push({ start: t, end: frames });
  return out;
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  `${pad("fixture", 10)} ${pad("mode / engine", 18)} ${pad("S dB", 6)} ${pad("M dB", 6)} ${pad("RTF sep (CPU)", 14)} ${pad("LUFS", 7)} ${pad("dBTP", 6)} video`,
);
try {
  for (const f of fixtures()) {
    if (values.only && !values.only.split(",").includes(f.name)) continue;
    // as the service does: transcription makes the stems (default engine) and every dub reuses them
    const projectStems = join(dir, `stems-${f.name}`);
    rmSync(projectStems, { recursive: true, force: true });
    const doc = await transcribe(f.src.video, { registry, stemsDir: projectStems });
    const made = (doc.meta?.separation?.id ?? null) as string | null;
    const es = await translate(doc, "es", { registry });
    const source = videoMd5(f.src.video);
    const runs: { label: string; mode: BackgroundMode; engine?: string }[] = [
      { label: "duck (before)", mode: "duck" },
      ...engines.map((e) => ({ label: `keep / ${e}`, mode: "keep" as const, engine: e })),
    ];
    for (const run of runs) {
      const out = join(dir, `${f.name}-${run.mode}-${run.engine ?? ""}.mp4`);
      const stemsDir = run.engine === made ? projectStems : join(dir, `stems-${f.name}-${run.engine}`);
      if (stemsDir !== projectStems) rmSync(stemsDir, { recursive: true, force: true });
      const r = await dub(f.src.video, es, {
        ...{ output: out, registry, background: run.mode, separationEngine: run.engine },
        ...(run.engine ? { stemsDir } : {}),
      });
      const y = decodeF32(out, 2);
      const lines = r.report.segments.flatMap((s) => (s.placed ? [s.placed] : []));
      const inside = lines.map((p) => ({ start: fr(p.start), end: fr(p.end) }));
      const outside = outsideOf([...lines, ...f.truth], f.src.frames, 300);
      // A reader who hardly pauses leaves too little music alone to measure its level by: the reference
      // is then the music as it was mixed in (coefficient 1), not a fit over a few frames of nothing.
      const outsideFrames = outside.reduce((n, r) => n + r.end - r.start, 0);
      const mixReference = outsideFrames < MIN_OUTSIDE_S * STEM_RATE;
      const { S, M } = suppressionAndRetention(
        stemShares(y, f.src.speech, f.src.music, inside),
        mixReference ? { speech: 0, music: 1 } : stemShares(y, f.src.speech, f.src.music, outside),
      );
      const stems = run.engine
        ? (JSON.parse(readFileSync(join(stemsDir, "stems.json"), "utf8")) as {
            seconds: number;
            cpuSeconds: number;
          })
        : null;
      const secs = f.src.frames / STEM_RATE;
      const rtf = stems
        ? `${(stems.seconds / secs).toFixed(3)} (${(stems.cpuSeconds / secs).toFixed(3)} CPU)`
        : "–";
      const enc = r.report.loudness.encoded;
      const sep = r.report.separation;
      const used =
        sep?.engine === null
          ? ` (ducked: ${sep.reason})`
          : sep && sep.engine !== run.engine
            ? ` (${run.engine} refused: ${sep.engine} separated)`
            : "";
      const reference = mixReference
        ? ` (S/M against the mixed-in music: ${(outsideFrames / STEM_RATE).toFixed(1)} s without speech)`
        : "";
      console.log(
        `${pad(f.name, 10)} ${pad(run.label, 18)} ${pad(S.toFixed(1), 6)} ${pad(M.toFixed(1), 6)} ${pad(rtf, 14)} ${pad(enc.lufs.toFixed(2), 7)} ${pad(enc.truePeakDb.toFixed(2), 6)} ${videoMd5(out) === source ? "copied" : "CHANGED"}${used}${reference}`,
      );
    }
  }
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
