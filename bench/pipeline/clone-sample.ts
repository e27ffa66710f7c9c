// The voice-cloning sample: one speaker's speech cut from a 10-minute recording (the LibriVox files
// of pocketsphinx-testdata, 24.7 s, repeated) as 4-second "segments", longest first, up to ElevenLabs'
// 180 s; ffmpeg's wall time and the MP3's size and length. Prints figures only.
//   node bench/pipeline/clone-sample.ts
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ELEVENLABS_CLONE_LIMITS } from "../../packages/dubbing/src/clone/elevenlabs.ts";
import { extractCloneSample, planCloneSample } from "../../packages/dubbing/src/clone/sample.ts";
import { probe } from "../../packages/dubbing/src/media/probe.ts";
import { LIBRIVOX_DIR } from "../../packages/dubbing/src/testing/fixtures.ts";

const dir = mkdtempSync(join(tmpdir(), "bench-clone-"));
try {
  const wavs = readdirSync(LIBRIVOX_DIR)
    .filter((f) => f.endsWith(".wav"))
    .sort()
    .map((f) => join(LIBRIVOX_DIR, f));
  const inputs = Array.from({ length: 25 }, () => wavs).flat();
  const source = join(dir, "voice.flac");
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...inputs.flatMap((w) => ["-i", w]),
    "-filter_complex",
    `${inputs.map((_, i) => `[${i}:a]`).join("")}concat=n=${inputs.length}:v=0:a=1[a]`,
    ...["-map", "[a]", "-ar", "16000", "-ac", "1", source],
  ]);
  let durationMs = 0;
  for (const w of inputs) durationMs += (await probe(w)).durationMs;
  // two speakers taking turns every 4 s: "a" has half of the recording
  const segments = Array.from({ length: Math.floor(durationMs / 4000) }, (_, i) => ({
    speaker: i % 2 === 0 ? "a" : "b",
    start: i * 4000,
    end: i * 4000 + 3900,
  }));
  const plan = planCloneSample(segments, "a", ELEVENLABS_CLONE_LIMITS);
  if (!plan.ok) throw new Error("no plan");
  const out = join(dir, "sample.mp3");
  const t0 = performance.now();
  await extractCloneSample(source, plan, out);
  const ms = performance.now() - t0;
  const info = await probe(out);
  console.log(
    `source ${(durationMs / 1000).toFixed(1)} s, speaker a: ${segments.filter((s) => s.speaker === "a").length} segments`,
  );
  console.log(
    `sample: ${plan.pieces.length} pieces, ${(info.durationMs / 1000).toFixed(1)} s, ${(statSync(out).size / 1e6).toFixed(2)} MB`,
  );
  console.log(`ffmpeg cut and encode: ${ms.toFixed(0)} ms`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
