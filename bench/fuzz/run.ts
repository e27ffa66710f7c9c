// Fuzzes the upload path of a real server process (embedded mode, as `make start` runs it): hand-crafted
// files that name other files (HLS playlists, nested and keyed, concat scripts, an SDP description,
// pictures) pointing at a named-pipe canary and at another user's stored video, broken and lying
// containers, and seeded mutations of real clips in every accepted container. Prints the count, the
// status histogram, the slowest answers, how every accepted upload ended, and whether anything outside
// an upload was opened (the canary) or read (a project with the victim's length).
// Usage: node bench/fuzz/run.ts [mutations=300] [seed=27] [minutes to wait for processing=30]
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { projectKeys } from "../../apps/server/src/storage/keys.ts";
import { type Crafted, canary, handCrafted, mutate, random, seeds } from "../../apps/server/test/crafted.ts";
import { makeVideo } from "../../apps/server/test/fixtures.ts";
import { benchUpload, benchUsers, startBenchServer } from "../service/server.ts";

const mutations = Number(process.argv[2] ?? 300);
const seed = Number(process.argv[3] ?? 27);
const waitMinutes = Number(process.argv[4] ?? 30);
const line = (label: string, value: string | number) => console.log(`${label.padEnd(42)} ${value}`);
const dir = await mkdtemp(path.join(os.tmpdir(), "dub-bench-fuzz-"));
const work = path.join(dir, "corpus");
mkdirSync(work);
const uploadsDir = path.join(dir, "tmp", "uploads");

// 20 users take the uploads in turn (each may send 4 at once and has a month of minutes); one is the victim.
const cookies = await benchUsers(
  dir,
  Array.from({ length: 21 }, (_, i) => `fuzz-${i}@example.com`),
);
const victimCookie = cookies.pop()!;
const server = await startBenchServer(dir);
const watched = canary(work);
try {
  // The victim's video, stored in the data folder: what a playlist would read.
  const victimVideo = makeVideo(work, "mp4", { seconds: 7 });
  const victimId = await benchUpload(server.base, victimCookie, victimVideo, "Victim");
  const victimStored = path.join(dir, "storage", projectKeys(victimId).original(".mp4"));

  console.log("building the corpus…");
  const crafted = (sub: string, target: string) => {
    mkdirSync(path.join(work, sub));
    return handCrafted(path.join(work, sub), target, uploadsDir);
  };
  const corpus: (Crafted & { kind: string })[] = [
    ...crafted("canary", watched.file),
    ...crafted("victim", victimStored),
  ].map((c) => ({ ...c, kind: "crafted" }));
  const rnd = random(seed);
  const clips = seeds(work);
  for (let i = 0; i < mutations; i++) {
    const base = clips[i % clips.length]!;
    const { kind, bytes } = mutate(base, rnd, victimStored);
    const file = path.join(work, `m${i}.bin`);
    writeFileSync(file, bytes);
    corpus.push({ name: `m${i}-${kind}.mp4`, file, expect: kind === "prefix" ? "refused" : "any", kind });
  }

  console.log(`uploading ${corpus.length} files, 2 at a time…`);
  const results: { name: string; kind: string; status: number; ms: number; id?: string; expect: string }[] =
    [];
  let next = 0;
  const sendOne = async (k: number) => {
    const c = corpus[k]!;
    const form = new FormData();
    form.set("title", c.name);
    form.set("video", new Blob([await readFile(c.file)]), c.name);
    const t = performance.now();
    const res = await fetch(`${server.base}/api/video/process`, {
      method: "POST",
      body: form,
      headers: { cookie: cookies[k % cookies.length]! },
    });
    const body = (await res.json().catch(() => ({}))) as { _id?: string };
    results.push({
      name: c.name,
      kind: c.kind,
      status: res.status,
      ms: performance.now() - t,
      id: body._id,
      expect: c.expect,
    });
  };
  await Promise.all(
    [0, 1].map(async () => {
      while (next < corpus.length) await sendOne(next++);
    }),
  );

  const histogram = new Map<number, number>();
  for (const r of results) histogram.set(r.status, (histogram.get(r.status) ?? 0) + 1);
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 3);
  const refusedWrongly = results.filter((r) => r.expect === "refused" && r.status < 400);
  console.log("");
  line(
    "files uploaded",
    `${results.length} (${corpus.length - mutations} crafted, ${mutations} mutations, seed ${seed})`,
  );
  line(
    "status histogram",
    [...histogram]
      .sort()
      .map(([s, n]) => `${s}: ${n}`)
      .join(", "),
  );
  line("5xx answers", results.filter((r) => r.status >= 500).length);
  line("indirections accepted (must be 0)", refusedWrongly.map((r) => r.name).join(", ") || 0);
  const at = (q: number) => ms(times[Math.min(times.length - 1, Math.floor(times.length * q))]!);
  line("answer time p50 / p95 / max", `${at(0.5)} / ${at(0.95)} / ${at(1)}`);
  line("slowest answers", slowest.map((r) => `${r.name} ${r.status} ${ms(r.ms)}`).join("; "));
  line("opens of the canary during the uploads", watched.opens());

  // Every accepted upload is ingested and transcribed by the server's worker, one job after another.
  console.log(`\nwaiting (at most ${waitMinutes} min) for every accepted upload to end, ready or failed…`);
  const accepted = results.filter((r) => r.status === 201);
  const started = performance.now();
  const states = new Map<string, number>();
  const lengths: number[] = [];
  let pending = accepted;
  while (pending.length > 0 && performance.now() - started < waitMinutes * 60_000) {
    const still = [];
    for (const r of pending) {
      const cookie = cookies[results.indexOf(r) % cookies.length]!;
      const p = (await (await fetch(`${server.base}/api/video/${r.id}`, { headers: { cookie } })).json()) as {
        status: string;
        durationMs: number;
      };
      if (p.status === "ready" || p.status === "failed") {
        states.set(p.status, (states.get(p.status) ?? 0) + 1);
        lengths.push(p.durationMs);
      } else still.push(r);
    }
    pending = still;
    await new Promise((r) => setTimeout(r, 1000));
  }
  line(
    "accepted uploads ended",
    `${accepted.length - pending.length} of ${accepted.length} (${[...states].map(([s, n]) => `${s}: ${n}`).join(", ")}) in ${ms(performance.now() - started)}`,
  );
  line("accepted with the victim's 7 s length", lengths.filter((l) => Math.abs(l - 7000) < 150).length);
  line("opens of the canary in all", watched.opens());
  line("uploads left in tmp/uploads", readdirSync(uploadsDir).length);
} finally {
  watched.stop();
  server.stop();
  await new Promise((r) => setTimeout(r, 500));
  await rm(dir, { recursive: true, force: true });
}

function ms(v: number): string {
  return v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`;
}
