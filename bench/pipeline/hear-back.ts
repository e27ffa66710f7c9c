// Hearing a dub back: the report card's recognition job on an English dub's clips (the five-minute
// script's 76 lines, flite, 0.7 s apart as the joined recording has them), decoded with the beam (5, the
// transcription's) and greedily (1, what the check uses), alternated in one run on the same recording:
// wall time and word error rate against the lines. Figures only.   node bench/pipeline/hear-back.ts
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseWav, toMono } from "../../packages/dubbing/src/audio/wav.ts";
import type { AsrEngine } from "../../packages/dubbing/src/engines/types.ts";
import { makeDialogue, wordErrorRate } from "../../packages/dubbing/src/testing/dialogue.ts";
import { createDefaultRegistry } from "../../packages/dubbing/src/wiring/default.ts";
import { fiveMinuteScript } from "./script.ts";

const dir = mkdtempSync(join(tmpdir(), "dub-bench-hear-"));
const d = makeDialogue(dir, fiveMinuteScript(), { name: "hear", pauseMs: 700, turnMs: 700 });
const samples = toMono(parseWav(readFileSync(d.wav)));
const engine = createDefaultRegistry().get("asr", "faster-whisper") as AsrEngine;
const reference = d.truth.map((t) => t.text).join(" ");

async function hear(greedy: boolean) {
  const t = performance.now();
  const r = await engine.transcribe({
    ...{ wavFile: d.wav, samples, sampleRate: 16_000, language: "en" },
    ...{ speech: d.truth.map((s) => ({ start: s.start, end: s.end })), greedy },
  });
  const hypothesis = r.words.map((w) => w.text).join(" ");
  return { s: (performance.now() - t) / 1000, wer: wordErrorRate(reference, hypothesis) };
}

await hear(true); // the worker starts and loads the model once, outside the figures
const runs: Record<"beam" | "greedy", { s: number; wer: number }[]> = { beam: [], greedy: [] };
for (const greedy of [false, true, true, false]) runs[greedy ? "greedy" : "beam"].push(await hear(greedy));
const audioS = d.durationMs / 1000;
console.log(`recording: ${audioS.toFixed(1)} s, ${d.truth.length} lines; load ${loadavg()[0]!.toFixed(2)}`);
console.log("decoding        wall (each run)         RTF     WER");
for (const [name, rs] of Object.entries(runs)) {
  const mean = rs.reduce((a, r) => a + r.s, 0) / rs.length;
  console.log(
    `${name.padEnd(15)} ${rs
      .map((r) => `${r.s.toFixed(1)} s`)
      .join(", ")
      .padEnd(23)} ${(mean / audioS).toFixed(3)}   ${(rs[0]!.wer * 100).toFixed(1)} %`,
  );
}
rmSync(dir, { recursive: true, force: true });
process.exit(0);
