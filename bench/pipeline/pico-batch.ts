// Pico's male voice, line by line against in batches: the five-minute script translated into Spanish
// (Apertium), every line said by Pico's es-ES male voice (pico2wave, then lowered 5 semitones with its
// formants by ffmpeg's rubberband), two at a time as a dub runs them. Old: synthesize() per line, one
// shift per line; new: synthesizeMany() per half (two batches), one shift per batch. Alternated in one run;
// wall seconds and CPU seconds (this process and its children). Figures only.
//   node bench/pipeline/pico-batch.ts [--rounds N]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import type { Clip, SynthesisRequest } from "../../packages/dubbing/src/engines/types.ts";
import { createApertiumEngine } from "../../packages/dubbing/src/mt/apertium.ts";
import { createPicoEngine } from "../../packages/dubbing/src/tts/pico.ts";
import { mapLimit } from "../../packages/dubbing/src/util/pool.ts";
import { fiveMinuteScript } from "./script.ts";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "2" } } });

/** CPU seconds of this process and its finished children. */
function cpu(): number {
  const f = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  const u = process.cpuUsage();
  return (Number(f[13]) + Number(f[14])) / 100 + (u.user + u.system) / 1e6;
}

const english = fiveMinuteScript().map((l) => l.text);
const { texts } = await createApertiumEngine().translate(english, "en", "es");
const reqs: SynthesisRequest[] = texts.map((text) => ({ text, voice: "es-ES+male", language: "es" }));
const pico = createPicoEngine();
const seconds = (clips: Clip[]) => clips.reduce((n, c) => n + c.samples.length / c.sampleRate, 0);

const ways = {
  "old: a shift per line": () => mapLimit(reqs, 2, (r) => pico.synthesize(r)),
  "new: a shift per batch": async () => {
    const half = Math.ceil(reqs.length / 2);
    const parts = await Promise.all(
      [reqs.slice(0, half), reqs.slice(half)].map((b) => pico.synthesizeMany!(b)),
    );
    return parts.flat();
  },
};
console.log(`${reqs.length} Spanish lines, Pico es-ES male; load ${loadavg()[0]!.toFixed(2)}`);
for (let round = 1; round <= Number(values.rounds); round++)
  for (const [name, run] of Object.entries(ways)) {
    const t = performance.now();
    const c = cpu();
    const clips = await run();
    console.log(
      `round ${round} ${name.padEnd(24)} ${((performance.now() - t) / 1000).toFixed(2)} s wall, ` +
        `${(cpu() - c).toFixed(2)} CPU-s, ${seconds(clips).toFixed(1)} s of speech`,
    );
  }
console.log(`load ${loadavg()[0]!.toFixed(2)}`);
