// Pico's male voice, line by line against in batches: the five-minute script translated into Spanish
// (Apertium), every line said by Pico's es-ES male voice (pico2wave, then lowered 5 semitones with its
// formants by ffmpeg's rubberband), two at a time as a dub runs them. Old: synthesize() per line, one
// shift per line; new: synthesizeMany() per half (two batches), one shift per batch. Alternated in one run;
// wall seconds and CPU seconds (this process and its children). Then a male voice that follows a speaker
// 2 semitones lower, the two shifts of each batch (Pico's male voice, formants with the pitch; then the
// speaker's pitch, formants kept) in two ffmpeg runs as the dub does, or chained in one filter graph:
// time, and how far apart the two results are (difference energy in dB, median pitch). Figures only.
//   node bench/pipeline/pico-batch.ts [--rounds N] [--shifts-only]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { measureSpeech } from "../../packages/dubbing/src/audio/prosody.ts";
import type { Clip, SynthesisRequest } from "../../packages/dubbing/src/engines/types.ts";
import { ffmpegSamples } from "../../packages/dubbing/src/media/run.ts";
import { createApertiumEngine } from "../../packages/dubbing/src/mt/apertium.ts";
import { createPicoEngine, MALE_SHIFT_ST } from "../../packages/dubbing/src/tts/pico.ts";
import { shiftPitchMany } from "../../packages/dubbing/src/tts/shift.ts";
import { mapLimit } from "../../packages/dubbing/src/util/pool.ts";
import { fiveMinuteScript } from "./script.ts";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "2" }, "shifts-only": { type: "boolean", default: false } },
});

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
for (let round = 1; round <= (values["shifts-only"] ? 0 : Number(values.rounds)); round++)
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

/** The follow shift the second stage applies (a speaker 2 semitones under the voice). */
const FOLLOW_ST = -2;
const GAP = 4000; // 250 ms at 16 kHz, as shiftPitchMany lays clips out
const ratio = (st: number) => (2 ** (st / 12)).toFixed(5);

/** Both shifts in one ffmpeg run: the clips end to end with silence between, two filters, cut again. */
async function chained(clips: Clip[]): Promise<Clip[]> {
  const offsets: number[] = [];
  let n = GAP;
  for (const c of clips) {
    offsets.push(n);
    n += c.samples.length + GAP;
  }
  const all = new Float32Array(n);
  clips.forEach((c, i) => {
    all.set(c.samples, offsets[i]!);
  });
  const raw = ["-f", "f32le", "-ar", "16000", "-ac", "1"];
  const graph =
    `rubberband=pitch=${ratio(MALE_SHIFT_ST)}:formant=shifted:pitchq=quality,` +
    `rubberband=pitch=${ratio(FOLLOW_ST)}:formant=preserved:pitchq=quality`;
  const out = await ffmpegSamples([...raw, "-i", "pipe:0", "-af", graph, ...raw, "pipe:3"], {
    input: Buffer.from(all.buffer),
  });
  return clips.map((c, i) => ({
    samples: out.slice(offsets[i]!, offsets[i]! + c.samples.length),
    sampleRate: c.sampleRate,
  }));
}

const female = reqs.map((r) => ({ ...r, voice: "es-ES" }));
const halves = [female.slice(0, Math.ceil(female.length / 2)), female.slice(Math.ceil(female.length / 2))];
const said = await Promise.all(halves.map((b) => pico.synthesizeMany!(b)));
const shifts = {
  "two runs a batch": (b: Clip[]) =>
    shiftPitchMany(b, MALE_SHIFT_ST, undefined, "shifted").then((m) => shiftPitchMany(m, FOLLOW_ST)),
  "one chained run": chained,
};
const results = new Map<string, Clip[]>();
for (let round = 1; round <= Number(values.rounds); round++)
  for (const [name, run] of Object.entries(shifts)) {
    const t = performance.now();
    const c = cpu();
    const clips = (await Promise.all(said.map(run))).flat();
    results.set(name, clips);
    console.log(
      `round ${round} ${name.padEnd(24)} ${((performance.now() - t) / 1000).toFixed(2)} s wall, ` +
        `${(cpu() - c).toFixed(2)} CPU-s, ${seconds(clips).toFixed(1)} s of speech shifted twice`,
    );
  }
const [a, b] = [...results.values()] as [Clip[], Clip[]];
const median = (xs: number[]) => xs.sort((x, y) => x - y)[xs.length >> 1]!;
const diffDb = a.map((c, i) => {
  let e = 0;
  let d = 0;
  c.samples.forEach((x, k) => {
    e += x * x;
    d += (x - b[i]!.samples[k]!) ** 2;
  });
  return 10 * Math.log10(d / e);
});
const pitch = (cs: Clip[]) => median(cs.map((c) => measureSpeech(c.samples, c.sampleRate).pitchHz));
console.log(
  `two runs against one: difference energy median ${median(diffDb).toFixed(1)} dB, worst ` +
    `${Math.max(...diffDb).toFixed(1)} dB; median pitch ${pitch(a).toFixed(1)} | ${pitch(b).toFixed(1)} Hz`,
);
