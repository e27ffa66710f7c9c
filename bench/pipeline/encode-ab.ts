// The render's encode stage alone (encodeWithinCeiling: AAC in parts, mux, the decoded check) on a
// 5-minute stereo mix, against its floor (bench/pipeline/floors.ts), and optionally against another
// checkout's encode stage in the same run, rounds alternating so that both see the same load. Prints wall
// and CPU seconds (this process's threads and its ffmpeg children): on a loaded machine the CPU figures
// are the comparable ones. Prints figures only; never fails on time.
//   node bench/pipeline/encode-ab.ts [--base OTHER_CHECKOUT] [--rounds 3] [--seconds 300]
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { EncodeInput } from "../../packages/dubbing/src/pipeline/dub/encode.ts";
import { makeTestVideo } from "../../packages/dubbing/src/testing/fixtures.ts";
import { renderFloors } from "./floors.ts";

const { values } = parseArgs({
  options: {
    base: { type: "string" },
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "300" },
  },
});
const RATE = 44_100;
const seconds = Number(values.seconds);
const dir = mkdtempSync(join(tmpdir(), "encode-ab-"));

/** CPU seconds of this process's finished children (ffmpeg). */
function childCpu(): number {
  const f = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(f[13]) + Number(f[14])) / 100;
}
/** CPU seconds of this process (all threads: the measuring workers too) and its finished children. */
function cpu(): number {
  const u = process.cpuUsage();
  return childCpu() + (u.user + u.system) / 1e6;
}

type Encode = (input: EncodeInput) => Promise<{ truePeakDb: number; lufs: number; attempts: number }>;
const load = async (root: string): Promise<Encode> =>
  (await import(resolve(root, "packages/dubbing/src/pipeline/dub/encode.ts"))).encodeWithinCeiling;
const versions: [string, Encode][] = [["this checkout", await load(resolve(import.meta.dirname, "../.."))]];
if (values.base) versions.unshift([`base (${values.base})`, await load(values.base)]);

try {
  const video = makeTestVideo(join(dir, "video.mp4"), seconds);
  // speech-like: tone bursts at syllable rate over a quieter noise bed, peaks well under −1 dBTP, so one
  // attempt passes as in most renders
  const mix = new Float32Array(seconds * RATE * 2);
  let seed = 1;
  for (let i = 0; i < mix.length / 2; i++) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    const t = i / RATE;
    const env = Math.max(0, Math.sin(2 * Math.PI * 4 * t)) ** 2;
    const v =
      0.3 * env * Math.sin(2 * Math.PI * (180 + 40 * Math.sin(t)) * t) + 0.02 * (seed / 0x7fffffff - 0.5);
    mix[2 * i] = v;
    mix[2 * i + 1] = 0.8 * v;
  }
  const mixFile = join(dir, "mix.f32");
  writeFileSync(mixFile, new Uint8Array(mix.buffer));
  mkdirSync(join(dir, "work"));
  const rows: Record<string, { wall: number[]; cpu: number[]; ffmpeg: number[] }> = {};
  let result = "";
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [name, encode] of versions) {
      const input = join(dir, "input.f32");
      copyFileSync(mixFile, input); // a later attempt lowers the mix in place
      const c = cpu();
      const cc = childCpu();
      const t = performance.now();
      const r = await encode({
        ...{ video, mixFile: input, channels: 2, output: join(dir, "out.mp4") },
        ...{ workDir: join(dir, "work"), concurrency: 2 },
      });
      rows[name] ??= { wall: [], cpu: [], ffmpeg: [] };
      const row = rows[name];
      row.wall.push((performance.now() - t) / 1000);
      row.cpu.push(cpu() - c);
      row.ffmpeg.push(childCpu() - cc);
      result = `${r.lufs} LUFS, ${r.truePeakDb} dBTP, ${r.attempts} attempt(s)`;
    }
  }
  const c = cpu();
  const floors = await renderFloors(video, join(dir, "out.mp4"), dir);
  const floorCpu = cpu() - c;
  const floorWall = (floors.aacEncodeMs + floors.copyMuxMs) / 1000;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  console.log(`${seconds} s stereo at ${RATE} Hz; ${values.rounds} rounds; encoded: ${result}`);
  console.log(
    `floor (one AAC encode + copy-mux)  ${floorWall.toFixed(2)} s wall  ${floorCpu.toFixed(2)} CPU-s`,
  );
  for (const [name, row] of Object.entries(rows)) {
    const w = median(row.wall);
    const k = median(row.cpu);
    console.log(
      `${name.padEnd(34)} ${w.toFixed(2)} s wall (${(w / floorWall).toFixed(2)}× floor)  ` +
        `${k.toFixed(2)} CPU-s (${(k / floorCpu).toFixed(2)}× floor's CPU; ffmpeg ${median(row.ffmpeg).toFixed(2)})  ` +
        `[wall ${row.wall.map((x) => x.toFixed(2)).join(" ")}; CPU ${row.cpu.map((x) => x.toFixed(2)).join(" ")}]`,
    );
  }
  console.log(`machine load (1 min average) ${(await import("node:os")).loadavg()[0]!.toFixed(2)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
