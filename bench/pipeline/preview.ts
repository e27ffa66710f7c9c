// The project card's preview (made at every upload's ingest): the arguments before (scaled to 480 px
// wide whatever the source, x264 "fast") and now (previewArgs: never wider than the source, "veryfast"),
// on test-pattern sources of three sizes (10 s; the preview takes the first 8), rounds alternating so that both see the same load. Prints CPU
// seconds of ffmpeg (the comparable figure on a loaded machine) and the file's size. Figures only.
//   node bench/pipeline/preview.ts [--rounds 3]
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { previewArgs } from "../../packages/dubbing/src/media/args.ts";
import { makeTestVideo } from "../../packages/dubbing/src/testing/fixtures.ts";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "3" } } });
const rounds = Number(values.rounds);
const dir = mkdtempSync(join(tmpdir(), "preview-bench-"));

/** CPU seconds of this process's finished children. */
function childCpu(): number {
  const f = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(f[13]) + Number(f[14])) / 100;
}

/** The arguments of the preview before this change, for the side-by-side figures. */
function previewArgsBefore(input: string, output: string): string[] {
  const now = previewArgs(input, output);
  const at = (flag: string) => now.indexOf(flag) + 1;
  const before = [...now];
  before[at("-vf")] = "scale=480:-2";
  before[at("-preset")] = "fast";
  return before;
}

const ways = [
  ["before (480 px, fast)", previewArgsBefore],
  ["now (≤ 480 px, veryfast)", previewArgs],
] as const;

try {
  console.log("source     way                        CPU s (median)   bytes");
  for (const size of ["320x240", "1280x720", "1920x1080"]) {
    const source = makeTestVideo(join(dir, `${size}.mp4`), 10, { size });
    const cpu = ways.map(() => [] as number[]);
    const bytes = ways.map(() => 0);
    for (let r = 0; r < rounds; r++)
      ways.forEach(([, args], i) => {
        const out = join(dir, `out-${i}.mp4`);
        const before = childCpu();
        execFileSync("ffmpeg", ["-v", "error", "-nostdin", "-y", ...args(source, out)]);
        cpu[i]!.push(childCpu() - before);
        bytes[i] = statSync(out).size;
      });
    ways.forEach(([name], i) => {
      const sorted = cpu[i]!.toSorted((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      console.log(`${size.padEnd(10)} ${name.padEnd(26)} ${median.toFixed(2).padStart(13)}   ${bytes[i]}`);
    });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
