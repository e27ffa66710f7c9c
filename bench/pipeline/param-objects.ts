// The hot paths whose parameters became named objects (#61 item 4: no function of more than four
// parameters), against a commit from before, in one run: media link signing and checking (one object per
// call), and the mix's per-window kernels on a 10 s stereo window at 44.1 kHz (addClip takes the mix's own
// clip record, duckMerged a Ducking made once, applyCurve an options object per window). Rounds alternate
// which version goes first; the figures are this process's CPU time, comparable on a loaded machine.
// Prints each round and the best of all rounds.
// Prints figures only; never fails on time.
//   node bench/pipeline/param-objects.ts [--base 024330b] [--rounds 8]
import { parseArgs } from "node:util";
import { checkOutOld } from "../service/old-tree.ts";

const { values } = parseArgs({
  options: { base: { type: "string", default: "024330b" }, rounds: { type: "string", default: "8" } },
});
const rounds = Number(values.rounds);

const CH = 2;
const RATE = 44_100;
const WIN = 10 * RATE;
// 0.6 everywhere: the limiter's curve (ceiling 0.5) works on every block, the per-sample path
const data = new Float32Array(WIN * CH).fill(0.6);
const clips = Array.from({ length: 8 }, (_, k) => ({
  samples: new Float32Array(3 * RATE).fill(0.01),
  start: k * RATE,
  gain: 0.8,
}));
// A duck and a gain barely off 1 do the same work without driving the window's samples, which every
// call works on again, into subnormal numbers (slow) or out of range.
const DUCK_DB = 0.001;
const GAIN = 1.0001;
const ranges = Array.from({ length: 2000 }, (_, k) => ({ start: 2 * k * RATE, end: 2 * k * RATE + RATE }));

/** One way of calling each path, in the version's own signature. */
type Case = Record<string, (r: number) => void>;

/* biome-ignore-start lint/suspicious/noExplicitAny: the old tree's modules have the old signatures */
async function oldCases(root: string): Promise<Case> {
  const m: any = await import(`${root}/packages/dubbing/src/mix/mixer.ts`);
  const l: any = await import(`${root}/packages/dubbing/src/mix/loudness.ts`);
  const s: any = await import(`${root}/apps/server/src/media/signing.ts`);
  const merged = m.mergeRanges(ranges, 2 * 6615);
  const curve = l.limiterCurve(l.blockPeaks(data, CH, 63), 63, RATE, 0.5);
  const url: string = s.signMediaPath("s", "projects/a/dub.mp4", 0, 600, "dub.mp4", "user-1");
  const q = new URL(url, "http://x").searchParams;
  const [exp, sig] = [q.get("exp"), q.get("sig")];
  return {
    "addClip ×8": () => {
      for (const c of clips) m.addClip(data, CH, c.samples, c.start - 5 * RATE, c.gain);
    },
    duckMerged: (r) => m.duckMerged(data, CH, merged, DUCK_DB, 6615, (r % 100) * WIN),
    applyCurve: () => l.applyCurve(data, CH, curve, GAIN, false, 0),
    "sign ×1000": (r) => {
      for (let i = 0; i < 1000; i++) s.signMediaPath("s", `p/${r}/${i}.mp4`, 0, 600, "dub.mp4", "user-1");
    },
    "verify ×1000": () => {
      for (let i = 0; i < 1000; i++)
        s.verifyMediaSignature("s", "projects/a/dub.mp4", exp, sig, 0, "dub.mp4", "user-1");
    },
  };
}
/* biome-ignore-end lint/suspicious/noExplicitAny: the old tree's modules have the old signatures */

async function newCases(): Promise<Case> {
  const m = await import("../../packages/dubbing/src/mix/mixer.ts");
  const l = await import("../../packages/dubbing/src/mix/loudness.ts");
  const s = await import("../../apps/server/src/media/signing.ts");
  const ducking = { ranges: m.mergeRanges(ranges, 2 * 6615), duckDb: DUCK_DB, rampFrames: 6615 };
  const curve = l.limiterCurve(l.blockPeaks(data, CH, 63), { block: 63, sampleRate: RATE, ceiling: 0.5 });
  const url = s.signMediaPath(
    "s",
    { key: "projects/a/dub.mp4", download: "dub.mp4", user: "user-1" },
    0,
    600,
  );
  const q = new URL(url, "http://x").searchParams;
  const [exp, sig] = [q.get("exp") ?? undefined, q.get("sig") ?? undefined];
  return {
    "addClip ×8": () => {
      for (const c of clips) m.addClip(data, CH, c, 5 * RATE);
    },
    duckMerged: (r) => m.duckMerged(data, CH, ducking, (r % 100) * WIN),
    applyCurve: () => l.applyCurve(data, CH, curve, { gain: GAIN, offset: 0 }),
    "sign ×1000": (r) => {
      for (let i = 0; i < 1000; i++)
        s.signMediaPath("s", { key: `p/${r}/${i}.mp4`, download: "dub.mp4", user: "user-1" }, 0, 600);
    },
    "verify ×1000": () => {
      // as GET /media builds it from the query, an object per request
      for (let i = 0; i < 1000; i++)
        s.verifyMediaSignature(
          "s",
          { key: "projects/a/dub.mp4", exp, sig, download: "dub.mp4", user: "user-1" },
          0,
        );
    },
  };
}

/** CPU milliseconds per call of `f` (this process; the load of others does not count), after a warm-up. */
function time(f: (r: number) => void, reps = 100): number {
  data.fill(0.6);
  for (let r = 0; r < 5; r++) f(r);
  const t = process.cpuUsage();
  for (let r = 0; r < reps; r++) f(r);
  const used = process.cpuUsage(t);
  return (used.user + used.system) / reps / 1000;
}

const old = checkOutOld(values.base);
try {
  const versions: [string, Case][] = [
    [`old (${old.commit})`, await oldCases(old.root)],
    ["this checkout", await newCases()],
  ];
  const best = new Map<string, number>();
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? versions : [...versions].reverse();
    const row: string[] = [];
    for (const [name, cases] of order)
      for (const [what, f] of Object.entries(cases)) {
        const ms = time(f);
        const key = `${what} ${name}`;
        best.set(key, Math.min(best.get(key) ?? Number.POSITIVE_INFINITY, ms));
        row.push(`${key} ${ms.toFixed(3)}`);
      }
    console.log(`round ${round + 1} (CPU ms per call): ${row.join(", ")}`);
  }
  console.log("best of all rounds, CPU ms per call (old | this checkout):");
  for (const what of Object.keys(versions[0]![1])) {
    const [o, n] = versions.map(([name]) => best.get(`${what} ${name}`)!);
    console.log(`  ${what.padEnd(14)} ${o!.toFixed(3).padStart(8)} | ${n!.toFixed(3).padStart(8)}`);
  }
} finally {
  old.remove();
}
