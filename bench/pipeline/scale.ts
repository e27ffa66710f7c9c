// Dub scale bench (a long video's memory and progress): the same 128 s video dubbed with 50, 500 and
// 5,000 segments. Each size runs in its own process, so its peak RSS is its own; prints wall time, stage times, peak RSS, the RSS after
// the job, the longest wait between two progress reports, and the clip cache's size. Figures only: it
// never fails on time.   node bench/pipeline/scale.ts [--sizes 50,500,5000] [--seconds 128] [--language es|en] [--repeat 1]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { TranscriptDoc } from "../../packages/dubbing/src/doc.ts";
import { IDLE_WORKER_MS } from "../../packages/dubbing/src/mix/measure.ts";
import { dub } from "../../packages/dubbing/src/pipeline/dub.ts";
import { makeTestVideo } from "../../packages/dubbing/src/testing/fixtures.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "50,500,5000" },
    seconds: { type: "string", default: "128" },
    one: { type: "string" },
    video: { type: "string" },
    // es: espeak-ng, which synthesizes a batch of lines per run; en: flite, one run per line
    language: { type: "string", default: "es" },
    // dubs per process: RSS after the second shows whether the first one's memory is reused
    repeat: { type: "string", default: "1" },
  },
});
const seconds = Number(values.seconds);
const WORDS: Record<string, string[]> = {
  en: ["hello", "there", "good", "morning", "yes", "thanks", "really", "sure", "right", "well"],
  es: ["hola", "bueno", "claro", "gracias", "sí", "mira", "vale", "pues", "bien", "oye"],
};
const language = values.language as "en" | "es";
/** Segment i's line: its digits as words, so that every line is its own (no clip shared between lines). */
const line = (i: number) => [...String(i)].map((d) => (WORDS[language] as string[])[Number(d)]).join(" ");

/** A two-speaker transcript of `n` segments evenly over the video, each 90 % of its slot. */
function transcript(n: number): TranscriptDoc {
  const slot = (seconds * 1000) / n;
  return {
    language,
    speakers: [
      { id: "a", name: "A", selectedVoice: "en-US-AndrewMultilingualNeural" },
      { id: "b", name: "B", selectedVoice: "en-US-AvaMultilingualNeural" },
    ],
    transcript: Array.from({ length: n }, (_, i) => ({
      speaker: i % 2 ? "b" : "a",
      text: line(i),
      start: Math.round(i * slot),
      end: Math.round(i * slot + slot * 0.9),
    })),
  };
}

function dirBytes(dir: string): number {
  let n = 0;
  for (const f of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (f.isFile()) n += statSync(join(f.parentPath, f.name)).size;
  return n;
}

async function one(n: number, video: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "dub-scale-work-"));
  const t0 = performance.now();
  let last = t0;
  let longestGap = 0;
  let gapStage = "";
  const r = await dub(video, transcript(n), {
    output: join(work, "out.mp4"),
    workDir: work,
    onProgress: (p) => {
      const now = performance.now();
      if (now - last > longestGap) {
        longestGap = now - last;
        gapStage = p.stage;
      }
      last = now;
    },
  });
  const wall = (performance.now() - t0) / 1000;
  // after the job: the measuring workers end once idle (IDLE_WORKER_MS), then a collection
  await new Promise((r) => setTimeout(r, IDLE_WORKER_MS + 1000));
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  const after = m.rss;
  console.log(
    JSON.stringify({
      segments: n,
      wallS: Math.round(wall * 10) / 10,
      stages: r.report.timings,
      peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
      rssAfterMB: Math.round(after / 2 ** 20),
      heapAfterMB: Math.round(m.heapTotal / 2 ** 20),
      buffersAfterMB: Math.round(m.arrayBuffers / 2 ** 20),
      longestProgressGapS: Math.round(longestGap / 100) / 10,
      gapStage,
      clipCacheMB: Math.round(dirBytes(join(work, "clips")) / 2 ** 20),
      dubbed: r.report.totals.dubbed,
      tooLong: r.report.totals.tooLong,
    }),
  );
  rmSync(work, { recursive: true, force: true });
}

if (values.one) {
  for (let k = 0; k < Number(values.repeat); k++) await one(Number(values.one), values.video as string);
} else {
  const dir = mkdtempSync(join(tmpdir(), "dub-scale-"));
  try {
    const video = makeTestVideo(join(dir, "video.mp4"), seconds);
    console.log(
      `video: ${seconds} s test pattern with a tone; lines in ${language} (${process.version}, ${process.arch})`,
    );
    for (const n of values.sizes.split(",").map(Number)) {
      const child = spawnSync(
        process.execPath,
        [
          "--expose-gc",
          import.meta.filename,
          "--one",
          String(n),
          "--video",
          video,
          "--seconds",
          String(seconds),
          "--language",
          language,
          "--repeat",
          String(values.repeat),
        ],
        { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
      );
      process.stdout.write(child.stdout || `${n} segments: failed (exit ${child.status})\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
