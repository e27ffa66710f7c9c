// pocketsphinx decoder settings: WER and time on the generated dialogue and the LibriVox recordings.
// Prints a table; the chosen settings are POCKETSPHINX_SETTINGS (docs/ENGINES.md records why).
//   node bench/pipeline/asr-tuning.ts
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createPocketsphinxEngine,
  POCKETSPHINX_SETTINGS,
} from "../../packages/dubbing/src/asr/pocketsphinx.ts";
import { createLocalDiarizer } from "../../packages/dubbing/src/diarize/local.ts";
import { EngineRegistry } from "../../packages/dubbing/src/engines/registry.ts";
import { transcribe } from "../../packages/dubbing/src/pipeline/transcribe.ts";
import { DIALOGUE, makeDialogue, wordErrorRate } from "../../packages/dubbing/src/testing/dialogue.ts";
import { librivoxLines } from "./speech-truth.ts";

const CANDIDATES: Record<string, Record<string, string>> = {
  defaults: {},
  chosen: { ...POCKETSPHINX_SETTINGS },
  "chosen, no best path": { ...POCKETSPHINX_SETTINGS, "-bestpath": "no" },
  "chosen, -ds 2": { ...POCKETSPHINX_SETTINGS, "-ds": "2" },
  "chosen, -ds 3": { ...POCKETSPHINX_SETTINGS, "-ds": "3" },
  "chosen, narrow beams": {
    ...POCKETSPHINX_SETTINGS,
    "-beam": "1e-40",
    "-wbeam": "1e-30",
    "-pbeam": "1e-40",
  },
  "chosen + fwdflat": { ...POCKETSPHINX_SETTINGS, "-fwdflat": "yes" },
};

/** CPU seconds used by finished child processes (decoders), from /proc/self/stat (cutime + cstime). */
function childCpu(): number {
  const f = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(f[13]) + Number(f[14])) / 100;
}

async function hypothesis(file: string, registry: EngineRegistry): Promise<string> {
  try {
    const doc = await transcribe(file, { registry, concurrency: 1 });
    return doc.transcript.map((s) => s.text).join(" ");
  } catch {
    return ""; // nothing recognised: every word is an error
  }
}

const dir = mkdtempSync(join(tmpdir(), "dub-asr-tuning-"));
try {
  const d = makeDialogue(dir);
  const script = DIALOGUE.map((l) => l.text).join(" ");
  console.log(
    "CPU = decoder CPU seconds (children), one process, so figures do not depend on the machine's load",
  );
  console.log(
    `${"settings".padEnd(24)} ${"dialogue WER".padStart(12)} ${"CPU".padStart(7)} ${"LibriVox WER".padStart(13)} ${"CPU".padStart(7)}`,
  );
  for (const [name, settings] of Object.entries(CANDIDATES)) {
    const registry = new EngineRegistry()
      .register(createPocketsphinxEngine({ settings }))
      .register(createLocalDiarizer());
    let t = childCpu();
    const dWer = wordErrorRate(script, await hypothesis(d.video, registry));
    const dTime = childCpu() - t;
    t = childCpu();
    let errs = 0;
    let words = 0;
    for (const { wav, text: ref } of librivoxLines()) {
      errs += wordErrorRate(ref, await hypothesis(wav, registry)) * ref.split(" ").length;
      words += ref.split(" ").length;
    }
    const lTime = childCpu() - t;
    console.log(
      `${name.padEnd(24)} ${`${(dWer * 100).toFixed(1)} %`.padStart(12)} ${`${dTime.toFixed(1)} s`.padStart(7)} ${`${((errs / words) * 100).toFixed(1)} %`.padStart(13)} ${`${lTime.toFixed(1)} s`.padStart(7)}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
