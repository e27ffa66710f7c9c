// The API's read path under load: a real server process (as `make start` runs it) with a signed-in
// user and three ready projects; autocannon sends `GET /api/video`, `GET /api/video/{id}` and the first
// 4 KiB of the project's signed media link (`GET /media/…`, a member's link: its membership check) from 50
// connections. Prints figures; never fails. Besides the wall-clock rate it prints the server process's
// CPU time per request (utime+stime from /proc/<pid>/stat around each run), which survives a loaded
// machine: "per core" is the rate one fully available core could serve at that cost.
// The same load goes first to the server of another commit (`--against`, by default c2aaa7d, the 11-27 main
// before workspaces; "none" skips it), checked out beside this one (old-tree.ts), then to this checkout's:
// both printed side by side, from one run on the same machine.
//   node bench/service/api-load.ts [--postgres] [--seconds 15] [--connections 50] [--against c2aaa7d]
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { makeTestVideo } from "../../packages/dubbing/src/testing/fixtures.ts";
import { checkOutOld } from "./old-tree.ts";
import { benchUpload, benchUsers, readyProject, startBenchPostgres, startBenchServer } from "./server.ts";

const { values } = parseArgs({
  options: {
    postgres: { type: "boolean", default: false },
    seconds: { type: "string", default: "15" },
    connections: { type: "string", default: "50" },
    against: { type: "string", default: "c2aaa7d" },
  },
});

/** CPU seconds (user + system) the process has used so far, from /proc (Linux). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // fields after the command name, which is in parentheses and may hold spaces
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime (fields 14, 15) in clock ticks
}

/** One server (this checkout's, or the tree at `root`) under the load: a line per URL, then its memory. */
async function measure(root?: string): Promise<string[]> {
  const lines: string[] = [];
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-api-"));
  const postgres = values.postgres ? startBenchPostgres() : null;
  const [cookie] = await benchUsers(dir, ["load@example.com"], postgres?.url, root);
  const server = await startBenchServer(dir, postgres ? { DATABASE_URL: postgres.url } : {}, root);
  try {
    const video = makeTestVideo(path.join(dir, "clip.mp4"), 3);
    const ids = [];
    for (let i = 1; i <= 3; i++) ids.push(await benchUpload(server.base, cookie!, video, `Project ${i}`));
    for (const id of ids) await readyProject(server.base, cookie!, id);
    const detail = await fetch(`${server.base}/api/video/${ids[0]}`, { headers: { cookie: cookie! } });
    const media = ((await detail.json()) as { originalVideoUrl: string }).originalVideoUrl;
    for (const url of ["/api/video", `/api/video/${ids[0]}`, media]) {
      // the media link needs no cookie; a range keeps the measure on the route, not on sending the file
      const headers: Record<string, string> = url === media ? { range: "bytes=0-4095" } : { cookie: cookie! };
      // not measured: the first requests compile the path (JIT), which would count against this URL
      await autocannon({
        url: `${server.base}${url}`,
        connections: Number(values.connections),
        duration: 2,
        headers,
      });
      const cpuBefore = await cpuSeconds(server.process.pid!);
      const result = await autocannon({
        url: `${server.base}${url}`,
        connections: Number(values.connections),
        duration: Number(values.seconds),
        headers,
      });
      const cpu = (await cpuSeconds(server.process.pid!)) - cpuBefore;
      const errors = result.non2xx + result.errors;
      const cpuPerRequest = cpu / result.requests.total;
      lines.push(
        `GET ${(url === media ? "/media/{key}" : url.replace(ids[0]!, "{id}")).padEnd(16)} ${result.requests.average.toFixed(0).padStart(6)} req/s` +
          `  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms` +
          `  CPU ${(cpuPerRequest * 1e6).toFixed(0)} µs/request = ${(1 / cpuPerRequest).toFixed(0)} req/s per core` +
          (errors ? `  (${errors} errors or non-2xx)` : ""),
      );
    }
    // resident memory after the load, and its high-water mark (the price of a larger young generation)
    const status = await readFile(`/proc/${server.process.pid}/status`, "utf8");
    const kib = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
    lines.push(
      `server RSS after the load ${(kib("VmRSS") / 1024).toFixed(0)} MiB, peak ${(kib("VmHWM") / 1024).toFixed(0)} MiB`,
    );
    return lines;
  } finally {
    server.stop();
    await new Promise((r) => server.process.once("exit", r));
    postgres?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

console.log(
  `mode: ${values.postgres ? "PostgreSQL, one API process" : "embedded"}; ${values.connections} connections, ${values.seconds} s each`,
);
if (values.against !== "none") {
  const old = checkOutOld(values.against);
  try {
    const lines = await measure(old.root);
    console.log(`old (${old.commit}):\n  ${lines.join("\n  ")}`);
  } finally {
    old.remove();
  }
}
console.log(`new (this checkout):\n  ${(await measure()).join("\n  ")}`);
