// What an idle server costs: a real server process (as `make start` runs it) with no user and no job,
// sampled from /proc for CPU time and resident memory. Prints figures; never fails.
//   node bench/service/idle.ts [--minutes 10] [--postgres]
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startBenchPostgres, startBenchServer } from "./server.ts";

const { values } = parseArgs({
  options: { minutes: { type: "string", default: "10" }, postgres: { type: "boolean", default: false } },
});
const minutes = Number(values.minutes);
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const PAGE_BYTES = 4096;

interface Sample {
  at: number;
  cpuSeconds: number;
  rssMiB: number;
}

async function sample(pid: number): Promise<Sample> {
  const stat = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]!.split(" ");
  // fields after the command: state is [0], utime [11], stime [12], rss [21] (proc(5), minus 2)
  const cpuSeconds = (Number(stat[11]) + Number(stat[12])) / TICKS_PER_SECOND;
  const rssMiB = (Number(stat[21]) * PAGE_BYTES) / 2 ** 20;
  return { at: performance.now() / 1000, cpuSeconds, rssMiB };
}

const dir = await mkdtemp(path.join(os.tmpdir(), "bench-idle-"));
const postgres = values.postgres ? startBenchPostgres() : null;
const server = await startBenchServer(dir, postgres ? { DATABASE_URL: postgres.url } : {});
const pid = server.process.pid as number;
try {
  // start-up work (migrations, engine probes, first sweeps) is not idleness
  await new Promise((r) => setTimeout(r, 20_000));
  const samples: Sample[] = [await sample(pid)];
  const step = Math.min(60, (minutes * 60) / 10);
  while (samples.at(-1)!.at - samples[0]!.at < minutes * 60 - 0.5) {
    await new Promise((r) => setTimeout(r, step * 1000));
    samples.push(await sample(pid));
  }
  const first = samples[0]!;
  const last = samples.at(-1)!;
  const cpuShare = (last.cpuSeconds - first.cpuSeconds) / (last.at - first.at);
  const peak = Math.max(...samples.map((s) => s.rssMiB));
  console.log(
    `mode: ${values.postgres ? "PostgreSQL" : "embedded"}; idle for ${minutes} min after a 20 s start`,
  );
  console.log(
    `CPU: ${(cpuShare * 100).toFixed(2)} % of a core (${(cpuShare * 60).toFixed(2)} CPU-s per minute)`,
  );
  console.log(
    `RSS: ${first.rssMiB.toFixed(0)} MiB at the start, ${last.rssMiB.toFixed(0)} MiB at the end, peak ${peak.toFixed(0)} MiB`,
  );
  console.log(`RSS by sample (MiB): ${samples.map((s) => s.rssMiB.toFixed(0)).join(" ")}`);
} finally {
  server.stop();
  await new Promise((r) => server.process.once("exit", r));
  postgres?.stop();
  await rm(dir, { recursive: true, force: true });
}
