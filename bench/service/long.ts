// Long videos through the service (issue #61 item 1): 5-, 30- and 60-minute two-speaker videos with
// music (bench/service/long-media.ts) uploaded to a real embedded server, transcribed and dubbed into
// Spanish. Per length: each stage's time (from the project's progress events), the RTF, the peak RSS of
// every process of the server's tree (the server, its engine workers: Python ASR, MT, separation, ffmpeg
// children; /proc every 250 ms) and of their sum, disk used in DATA_DIR, per-minute figures and the
// longest wait between two progress reports. A fresh server and data folder per length. Prints figures
// only: it never fails on time.
//   node bench/service/long.ts [--minutes 5,30,60] [--keep DIR] [--language es]
// (bench/render-long stays the in-process render of a long video; this one is the whole service.)
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Job } from "@dubbing/contract";
import { longVideo } from "./long-media.ts";
import { TreeSampler } from "./proc-tree.ts";
import { benchUpload, benchUsers, startBenchServer } from "./server.ts";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "5,30,60" },
    keep: { type: "string" },
    language: { type: "string", default: "es" },
  },
});
const language = values.language!;
const mediaDir = values.keep ?? mkdtempSync(path.join(os.tmpdir(), "dub-long-media-"));
mkdirSync(mediaDir, { recursive: true });
const MiB = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MiB`;
const line = (k: string, v: string) => console.log(`  ${k.padEnd(34)} ${v}`);

interface Seen {
  t: number;
  job: Job;
}

/** Reads the project's progress events into `log` until `signal` aborts. */
async function follow(base: string, cookie: string, id: string, log: Seen[], signal: AbortSignal) {
  const res = await fetch(`${base}/api/video/${id}/events`, { headers: { cookie }, signal });
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for await (const chunk of res.body!) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
        const event = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (/^event: progress$/m.test(event) && data)
          log.push({ t: performance.now(), job: JSON.parse(data) as Job });
      }
    }
  } catch (err) {
    if (!signal.aborted) throw err;
  }
}

/** Waits for the job of `kind` to end; answers when it ended. */
async function settled(log: Seen[], kind: Job["kind"]): Promise<number> {
  for (;;) {
    const end = log.find(
      (s) => s.job.kind === kind && (s.job.status === "done" || s.job.status === "failed"),
    );
    if (end?.job.status === "failed") throw new Error(`${kind} failed: ${end.job.message}`);
    if (end) return end.t;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Pure: each stage (a job's message), how long it showed and its longest gap between two reports (a gap
 * counts for the stage that showed during it), and the job's longest gap.
 */
function stagesOf(log: Seen[], kind: Job["kind"]) {
  const events = log.filter((s) => s.job.kind === kind);
  const stages: { name: string; seconds: number; gap: number }[] = [];
  let gap = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const next = events[i + 1];
    if (next) gap = Math.max(gap, next.t - e.t);
    const name = e.job.message ?? e.job.status;
    const last = stages.at(-1);
    const seconds = next ? (next.t - e.t) / 1000 : 0;
    if (last?.name === name) {
      last.seconds += seconds;
      last.gap = Math.max(last.gap, seconds);
    } else stages.push({ name, seconds, gap: seconds });
  }
  const total = events.length > 1 ? (events.at(-1)!.t - events[0]!.t) / 1000 : 0;
  return { stages, gap: gap / 1000, total };
}

/** Pure: the job and stage that showed at time t. */
function stageAt(log: Seen[], t: number): string {
  const last = log.filter((s) => s.t <= t).at(-1);
  return last ? `during ${last.job.kind}: ${last.job.message ?? last.job.status}` : "before the first report";
}

function duBytes(dir: string): number {
  return Number(execFileSync("du", ["-sb", dir], { encoding: "utf8" }).split("\t")[0]);
}

async function runLength(minutes: number) {
  const t = performance.now();
  const video = longVideo(mediaDir, minutes);
  const built = (performance.now() - t) / 1000;
  const seconds = minutes * 60;
  const dir = mkdtempSync(path.join(os.tmpdir(), "dub-long-data-"));
  const cookie = (await benchUsers(dir, ["long@example.com"]))[0]!;
  // a plan with room for an hour's upload and its dub (the free plan has 30 minutes a month)
  const server = await startBenchServer(dir, { SIGNUP_PLAN: "executive" });
  const sampler = new TreeSampler(server.process.pid!).start(250);
  let diskPeak = 0;
  const disk = setInterval(() => {
    diskPeak = Math.max(diskPeak, duBytes(dir));
  }, 5000);
  const stop = new AbortController();
  try {
    const log: Seen[] = [];
    const t0 = performance.now();
    const id = await benchUpload(server.base, cookie, video, `Long ${minutes}`);
    const uploaded = performance.now();
    void follow(server.base, cookie, id, log, stop.signal);
    await settled(log, "transcribe");
    console.log(`  ${minutes} min transcribed; peak of the sum so far ${MiB(sampler.result().sumPeak)}`);
    const call = (url: string, body: unknown) =>
      fetch(`${server.base}${url}`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then(async (r) => {
        if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
      });
    await call(`/api/video/${id}/translate`, { language });
    await settled(log, "translate");
    const tDub = performance.now();
    await call(`/api/video/${id}/dub`, { language });
    const done = await settled(log, "dub");
    const project = (await (
      await fetch(`${server.base}/api/video/${id}`, { headers: { cookie } })
    ).json()) as { transcript: unknown[]; speakers: unknown[] };
    diskPeak = Math.max(diskPeak, duBytes(dir));
    const { processes, sumPeak, sumAt } = sampler.result();

    console.log(
      `\n${minutes} min (${seconds} s; media built/reused in ${built.toFixed(1)} s): ${project.transcript.length} segments, ${project.speakers.length} speakers`,
    );
    line("upload (POST answered)", `${((uploaded - t0) / 1000).toFixed(1)} s`);
    let gapMax = 0;
    for (const kind of ["ingest", "transcribe", "translate", "dub"] as const) {
      const { stages, gap, total } = stagesOf(log, kind);
      gapMax = Math.max(gapMax, gap);
      line(`${kind}`, `${total.toFixed(1)} s (longest gap between reports ${gap.toFixed(1)} s)`);
      for (const s of stages)
        if (s.seconds >= 0.05)
          line(`  ${s.name}`, `${s.seconds.toFixed(1)} s (longest gap ${s.gap.toFixed(1)} s)`);
    }
    const whole = (done - t0) / 1000;
    const dubOnly = (done - tDub) / 1000;
    line("upload → dubbed", `${whole.toFixed(1)} s, RTF ${(whole / seconds).toFixed(3)}`);
    line("dub request → dubbed", `${dubOnly.toFixed(1)} s, RTF ${(dubOnly / seconds).toFixed(3)}`);
    line(
      "peak RSS, sum of all processes",
      `${MiB(sumPeak)} (${MiB(sumPeak / minutes)} per minute), ${stageAt(log, sumAt)}`,
    );
    for (const p of processes)
      if (p.peak >= 1024 * 1024) line(`  ${p.label} (×${p.count})`, `${MiB(p.peak)}, ${stageAt(log, p.at)}`);
    line("disk used in DATA_DIR (peak)", `${MiB(diskPeak)} (${MiB(diskPeak / minutes)} per minute)`);
    line("longest gap between progress", `${gapMax.toFixed(1)} s`);
  } finally {
    stop.abort();
    clearInterval(disk);
    sampler.stop();
    server.stop();
    await new Promise((r) => server.process.once("exit", r));
    rmSync(dir, { recursive: true, force: true });
  }
}

try {
  console.log(
    `machine: ${os.cpus().length} cores, ${MiB(os.totalmem())} RAM, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  for (const m of values.minutes!.split(",").map(Number)) await runLength(m);
  console.log(
    `load at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
} finally {
  if (!values.keep) rmSync(mediaDir, { recursive: true, force: true });
}
