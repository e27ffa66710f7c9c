// The CLI's render as a user runs it: the real `dub` command in its own process, on the bench's 5-minute
// two-speaker video (the five-minute script, flite awb and slt) transcribed and translated into Spanish by
// `dub transcribe` and `dub translate` (once, not timed; the stems are kept beside and the render reuses
// them). Prints, per render: the time until the MP4 was written (its last write), until the process
// ended, the CPU seconds of the process and the children it waited for, the report's stages and, where
// the tree records them, the card's checks by kind. With --against REF, that commit's CLI (checked out
// beside this one) and this checkout's render the same files alternately in one run, old first.
// Also what is heard (the report's lines too long, fastest line, speeds) and, with --count-runs,
// pico2wave's runs (through a wrapper first on PATH that counts them: a shell start each, ~2 ms).
// Figures only; never fails on time.
//   node bench/pipeline/cli-render.ts [--against REF] [--rounds N] [--keep DIR] [--count-runs]
//     [-- extra render args]
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { makeDialogue } from "../../packages/dubbing/src/testing/dialogue.ts";
import { checkOutOld } from "../service/old-tree.ts";
import { renderFloors } from "./floors.ts";
import { fiveMinuteScript } from "./script.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    against: { type: "string", default: "none" },
    rounds: { type: "string", default: "1" },
    keep: { type: "string" },
    "count-runs": { type: "boolean", default: false },
  },
});
const ROOT = join(import.meta.dirname, "../..");
const dir = values.keep ?? mkdtempSync(join(tmpdir(), "dub-bench-cli-"));
mkdirSync(dir, { recursive: true });
const s = (ms: number) => (ms / 1000).toFixed(2);
/** The video's length (ms), for the realtime factors. */
let durationMs = 0;

/** With --count-runs: a PATH folder whose pico2wave appends a line to a log and runs the real one. */
function picoCounter(): { env: NodeJS.ProcessEnv; runs: () => number } | null {
  if (!values["count-runs"]) return null;
  const real = spawnSync("sh", ["-c", "command -v pico2wave"], { encoding: "utf8" }).stdout.trim();
  if (!real) return null;
  const bin = join(dir, "count-bin");
  mkdirSync(bin, { recursive: true });
  const log = join(dir, "pico-runs.log");
  writeFileSync(join(bin, "pico2wave"), `#!/bin/sh\necho >> '${log}'\nexec '${real}' "$@"\n`);
  chmodSync(join(bin, "pico2wave"), 0o755);
  return {
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    runs: () => (existsSync(log) ? readFileSync(log, "utf8").length : 0),
  };
}
const counter = picoCounter();

/** CPU seconds of the children this process waited for (the CLI and the children it waited for). */
function childCpu(): number {
  const f = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(f[13]) + Number(f[14])) / 100;
}

/** A process's command name, parent, own CPU seconds and start time from /proc, or null once it is gone. */
function procStat(pid: number) {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, "utf8");
    const comm = raw.slice(raw.indexOf("(") + 1, raw.lastIndexOf(")"));
    const f = raw.slice(raw.lastIndexOf(") ") + 2).split(" ");
    return { comm, ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / 100, start: f[19] ?? "" };
  } catch {
    return null;
  }
}

/**
 * The CLI's process tree, sampled every 100 ms: each process's own CPU seconds as last seen, by command
 * name. A process still alive when the CLI ended (a worker it did not wait for) is not in the CLI's
 * children's time: its own time is added, read until it is gone. Runs shorter than a sample are missed
 * by name but counted in the total through the CLI's children's time.
 */
function watchTree(root: number) {
  const seen = new Map<number, { comm: string; cpu: number; start: string }>();
  const sample = () => {
    const parent = new Map<number, number>();
    for (const name of readdirSync("/proc")) {
      const pid = Number(name);
      if (!pid) continue;
      const st = procStat(pid);
      if (st) parent.set(pid, st.ppid);
    }
    const inTree = (pid: number) => {
      for (let p = pid, n = 0; p > 1 && n < 20; p = parent.get(p) ?? 0, n++) if (p === root) return true;
      return seen.has(pid);
    };
    for (const pid of parent.keys()) {
      if (!inTree(pid)) continue;
      const st = procStat(pid);
      const was = seen.get(pid);
      if (st && (!was || was.start === st.start))
        seen.set(pid, { comm: st.comm, cpu: st.cpu, start: st.start });
    }
  };
  const timer = setInterval(sample, 100);
  return {
    /** After the CLI ended: CPU seconds by command name, and those of the processes it left running. */
    async stop() {
      clearInterval(timer);
      const left = [...seen].filter(([pid, p]) => pid !== root && procStat(pid)?.start === p.start);
      for (let i = 0; i < 50 && left.some(([pid, p]) => procStat(pid)?.start === p.start); i++) {
        for (const [pid, p] of left) {
          const st = procStat(pid);
          if (st?.start === p.start) p.cpu = st.cpu;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      const byName = new Map<string, number>();
      for (const p of seen.values()) byName.set(p.comm, (byName.get(p.comm) ?? 0) + p.cpu);
      return { byName, orphaned: left.reduce((n, [, p]) => n + p.cpu, 0) };
    },
  };
}

function cli(root: string, args: string[]) {
  const r = spawnSync(process.execPath, [join(root, "packages/dubbing/src/cli/main.ts"), ...args], {
    cwd: dir,
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`dub ${args[0]} failed (${r.status}): ${r.stderr}`);
}

interface Run {
  videoMs: number;
  exitMs: number;
  cpu: number;
  byName: Map<string, number>;
  timings: Record<string, number>;
  lines: { ms: number; text: string }[];
  /** What is heard: the report's totals (lines too long, fastest line, speeds). */
  heard: { tooLong: number; maxSpeed: number; speedHistogram: Record<string, number> };
  picoRuns: number | null;
}

/** One `dub render` from a fresh work dir: every clip synthesized, every line heard. */
async function render(root: string, label: string): Promise<Run> {
  const out = join(dir, `out-${label}`);
  rmSync(out, { recursive: true, force: true });
  const mp4 = join(out, "bench.es.mp4");
  const cpu = childCpu();
  const runs0 = counter?.runs() ?? 0;
  const t0 = Date.now();
  const child = spawn(
    process.execPath,
    [
      join(root, "packages/dubbing/src/cli/main.ts"),
      "render",
      "bench.mp4",
      "bench.es.json",
      "-o",
      mp4,
      ...positionals,
    ],
    { cwd: dir, stdio: ["ignore", "ignore", "pipe"], ...(counter && { env: counter.env }) },
  );
  const tree = watchTree(child.pid!);
  const lines: Run["lines"] = [];
  let rest = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop() ?? "";
    for (const text of parts) lines.push({ ms: Date.now() - t0, text });
  });
  const code = await new Promise<number | null>((r) => child.once("close", r));
  const exitMs = Date.now() - t0;
  const { byName, orphaned } = await tree.stop();
  if (code !== 0)
    throw new Error(`${label}: dub render exited ${code}: ${lines.map((l) => l.text).join("\n")}`);
  const report = JSON.parse(readFileSync(join(out, "bench.es.report.json"), "utf8"));
  return {
    videoMs: statSync(mp4).mtimeMs - t0,
    exitMs,
    cpu: childCpu() - cpu + orphaned,
    byName,
    timings: report.timings ?? {},
    lines,
    heard: report.totals,
    picoRuns: counter ? counter.runs() - runs0 : null,
  };
}

function print(label: string, r: Run) {
  console.log(
    `${label.padEnd(22)} video written ${s(r.videoMs).padStart(6)} s  process ended ${s(r.exitMs).padStart(6)} s  ` +
      `${r.cpu.toFixed(1)} CPU-s  (${(r.videoMs / durationMs).toFixed(4)} / ${(r.exitMs / durationMs).toFixed(4)} × realtime)`,
  );
  const names = [...r.byName].sort((a, b) => b[1] - a[1]).filter(([, c]) => c >= 0.05);
  console.log(`  CPU-s by process        ${names.map(([n, c]) => `${n} ${c.toFixed(1)}`).join(", ")}`);
  const { checks: card, ...stages } = r.timings;
  console.log(`  stages (s)             ${JSON.stringify(stages)}`);
  if (card !== undefined) console.log(`  card's wait after the encode ${card} s`);
  const { tooLong, maxSpeed, speedHistogram } = r.heard;
  console.log(
    `  heard                  tooLong ${tooLong}, fastest ${maxSpeed}, speeds ${JSON.stringify(speedHistogram)}` +
      (r.picoRuns === null ? "" : `; pico2wave runs ${r.picoRuns}`),
  );
  for (const l of r.lines.filter((x) => /written|checks|heard|card/i.test(x.text)))
    console.log(`  at ${s(l.ms).padStart(6)} s  ${l.text}`);
}

try {
  const video = join(dir, "bench.mp4");
  if (!existsSync(video)) makeDialogue(dir, fiveMinuteScript(), { name: "bench", width: 640 });
  durationMs =
    JSON.parse(
      spawnSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "json", video], {
        encoding: "utf8",
      }).stdout,
    ).format.duration * 1000;
  if (!existsSync(join(dir, "bench.json"))) cli(ROOT, ["transcribe", "bench.mp4", "-o", "bench.json"]);
  if (!existsSync(join(dir, "bench.es.json")))
    cli(ROOT, ["translate", "bench.json", "--to", "es", "-o", "bench.es.json"]);
  const lines = JSON.parse(readFileSync(join(dir, "bench.es.json"), "utf8")).transcript.length;
  console.log(
    `video ${s(durationMs)} s, ${lines} lines into Spanish; render args: ${positionals.join(" ") || "-"}`,
  );
  const old = values.against === "none" ? null : checkOutOld(values.against);
  try {
    for (let round = 1; round <= Number(values.rounds); round++) {
      console.log(`round ${round}, load ${loadavg()[0]!.toFixed(2)}`);
      if (old) print(`old (${old.commit})`, await render(old.root, "old"));
      print("new (this checkout)", await render(ROOT, "new"));
    }
  } finally {
    old?.remove();
  }
  const floors = await renderFloors(video, join(dir, "out-new", "bench.es.mp4"), dir);
  console.log(
    `floors: AAC encode ${s(floors.aacEncodeMs)} s + copy-mux ${s(floors.copyMuxMs)} s; load ${loadavg()[0]!.toFixed(2)}`,
  );
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
