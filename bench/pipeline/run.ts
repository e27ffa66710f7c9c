// Pipeline bench: builds a ~5-minute two-speaker video (flite awb + slt, planted pauses) and prints
// transcribe / translate / render times, realtime factors, peak RSS, the speed-factor distribution and
// WER, then the WER on the LibriVox recordings of Debian's pocketsphinx-testdata. Prints figures only:
// it never fails on time.   node bench/pipeline/run.ts [--to es] [--keep DIR]
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { dub } from "../../packages/dubbing/src/pipeline/dub.ts";
import { transcribe } from "../../packages/dubbing/src/pipeline/transcribe.ts";
import { translate } from "../../packages/dubbing/src/pipeline/translate.ts";
import { DIALOGUE, makeDialogue, wordErrorRate } from "../../packages/dubbing/src/testing/dialogue.ts";
import { speechOverMusic } from "../../packages/dubbing/src/testing/music.ts";
import { renderFloors } from "./floors.ts";
import { fiveMinuteScript } from "./script.ts";
import { coverage, librivoxLines, librivoxTwice } from "./speech-truth.ts";

const { values } = parseArgs({
  options: {
    to: { type: "string", default: "es" },
    keep: { type: "string" },
    /** Only the recognition-over-music figures (the last section). */
    "music-only": { type: "boolean", default: false },
  },
});
const to = values.to as string;
const dir = values.keep ?? mkdtempSync(join(tmpdir(), "dub-bench-"));
mkdirSync(dir, { recursive: true });
const sec = (ms: number) => (ms / 1000).toFixed(2);
const rss = () => `${Math.round(process.resourceUsage().maxRSS / 1024)} MB`;
const line = (k: string, v: string | number) => console.log(`${k.padEnd(34)} ${v}`);
/** CPU seconds of this process and its finished children (engines, ffmpeg): independent of the load. */
function cpu(): number {
  const f = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  const u = process.cpuUsage();
  return (Number(f[13]) + Number(f[14])) / 100 + (u.user + u.system) / 1e6;
}

/**
 * Recognition over music: WER and the share of the speech covered by segments, for the LibriVox
 * recordings (twice, 1.5 s apart) and the two-voice flite dialogue, clean and over asc-music 20 and
 * 14 dB under the speech, on the whole audio (before) and on the separated voice (after).
 */
async function musicSection() {
  const lv = librivoxTwice(dir);
  const d = makeDialogue(dir, DIALOGUE, { name: "dlg", leadMs: 2000 });
  const cases = [
    { name: "LibriVox", ...lv },
    { name: "dialogue", wav: d.wav, text: DIALOGUE.map((l) => l.text).join(" "), truth: d.truth },
  ];
  console.log(
    "\nrecognition over music        WER: before / speech found on the voice stem / ASR on the voice stem; then the share of speech covered",
  );
  for (const c of cases)
    for (const musicDb of [null, -20, -14]) {
      const name = `${c.name}${musicDb === null ? "" : musicDb}`;
      const video =
        musicDb === null
          ? speechOverMusic(dir, c.wav, { name, musicDb: -90 }).video
          : speechOverMusic(dir, c.wav, { name, music: "machine_wars.mp3", musicDb }).video;
      const row: string[] = [];
      const cov: string[] = [];
      for (const [separate, asrOn] of [
        [false, "original"],
        [true, "original"],
        [true, "voice"],
      ] as const) {
        const doc = await transcribe(video, { separate, asrOn });
        row.push(
          `${(wordErrorRate(c.text, doc.transcript.map((s) => s.text).join(" ")) * 100).toFixed(1)} %`,
        );
        const sep = doc.meta?.separation;
        const note = separate && sep?.id === null ? " (not separated)" : "";
        cov.push(`${(coverage(c.truth, doc.transcript) * 100).toFixed(0)} %${note}`);
      }
      line(
        `  ${c.name}, ${musicDb === null ? "no music" : `music ${musicDb} dB`}`,
        `${row.join(" / ").padEnd(22)} ${cov.join(" / ")}`,
      );
    }
}

try {
  if (values["music-only"]) {
    await musicSection();
    process.exit(0);
  }
  let t = performance.now();
  const script = fiveMinuteScript();
  const d = makeDialogue(dir, script, { name: "bench", width: 640 });
  line(
    "fixture",
    `${script.length} lines, ${sec(d.durationMs)} s of video, built in ${sec(performance.now() - t)} s`,
  );

  t = performance.now();
  let c = cpu();
  // as the service does: transcription makes the project's stems, every dub reuses them
  const stemsDir = join(dir, "stems");
  const doc = await transcribe(d.video, { stemsDir });
  const tTranscribe = performance.now() - t;
  const cTranscribe = cpu() - c;
  const wer = wordErrorRate(script.map((l) => l.text).join(" "), doc.transcript.map((s) => s.text).join(" "));
  // speaker accuracy: each segment's label against the voice of the line it overlaps most
  let right = 0;
  const vote = new Map<string, Map<string, number>>();
  const truthOf = doc.transcript.map((s) => {
    let best = d.truth[0]!;
    let bestOverlap = -1;
    for (const tr of d.truth) {
      const o = Math.min(s.end, tr.end) - Math.max(s.start, tr.start);
      if (o > bestOverlap) {
        bestOverlap = o;
        best = tr;
      }
    }
    return best;
  });
  doc.transcript.forEach((s, i) => {
    const m = vote.get(s.speaker) ?? new Map<string, number>();
    m.set(truthOf[i]!.voice, (m.get(truthOf[i]!.voice) ?? 0) + 1);
    vote.set(s.speaker, m);
  });
  const labelVoice = new Map([...vote].map(([k, m]) => [k, [...m].sort((a, b) => b[1] - a[1])[0]![0]]));
  doc.transcript.forEach((s, i) => {
    if (labelVoice.get(s.speaker) === truthOf[i]!.voice) right++;
  });
  const startErr = doc.transcript.map((s, i) => Math.abs(s.start - truthOf[i]!.start)).sort((a, b) => a - b);
  line(
    "transcribe",
    `${sec(tTranscribe)} s wall (${(tTranscribe / d.durationMs).toFixed(3)} × realtime), ${cTranscribe.toFixed(1)} CPU-s`,
  );
  line("  ASR timings (s)", JSON.stringify(doc.meta?.timings));
  line("  WER (5-minute dialogue)", `${(wer * 100).toFixed(1)} %`);
  line("  segments / script lines", `${doc.transcript.length} / ${script.length}`);
  line(
    "  speakers found",
    `${doc.speakers.length} (truth 2), segment labels right ${right}/${doc.transcript.length}`,
  );
  line(
    "  segment start error median/p90",
    `${startErr[Math.floor(startErr.length / 2)]} / ${startErr[Math.floor(startErr.length * 0.9)]} ms`,
  );

  t = performance.now();
  const tr = await translate(doc, to);
  const tTranslate = performance.now() - t;
  line("translate", `${sec(tTranslate)} s  route ${tr.meta?.translation?.route.join(" → ")}`);

  t = performance.now();
  c = cpu();
  const r = await dub(d.video, tr, {
    output: join(dir, `bench.${to}.mp4`),
    workDir: join(dir, "work"),
    stemsDir,
  });
  const tRender = performance.now() - t;
  const cRender = cpu() - c;
  const tot = r.report.totals;
  line(
    "render (dub; the project's stems)",
    `${sec(tRender)} s wall (${(tRender / d.durationMs).toFixed(3)} × realtime), ${cRender.toFixed(1)} CPU-s`,
  );
  line("machine load (1 min average)", (await import("node:os")).loadavg()[0]!.toFixed(2));
  line("  render stages (s)", JSON.stringify(r.report.timings));
  const floors = await renderFloors(d.video, join(dir, `bench.${to}.mp4`), dir);
  const floorMs = floors.aacEncodeMs + floors.copyMuxMs;
  const encodeMs = (r.report.timings.encode ?? 0) * 1000; // the report's stages are in seconds
  line(
    "  encode stage vs its floor",
    `${sec(encodeMs)} s vs ${sec(floorMs)} s (AAC encode ${sec(floors.aacEncodeMs)} s + copy-mux ` +
      `${sec(floors.copyMuxMs)} s): ${(encodeMs / floorMs).toFixed(2)}×`,
  );
  line("  speed factors", JSON.stringify(tot.speedHistogram));
  line("  segments at speed ≤ 1.3×", `${(tot.atMost1_3 * 100).toFixed(1)} % (max ${tot.maxSpeed}×)`);
  line(
    "  stretched / borrowed / too long",
    `${tot.stretched} / ${tot.borrowed} / ${tot.tooLong} of ${tot.dubbed}`,
  );
  line(
    "  loudness (encoded)",
    `${r.report.loudness.encoded.lufs} LUFS, true peak ${r.report.loudness.encoded.truePeakDb} dBTP`,
  );

  t = performance.now();
  const again = await dub(d.video, tr, {
    output: join(dir, `bench.${to}.2.mp4`),
    workDir: join(dir, "work"),
    stemsDir,
  });
  line(
    "re-render, nothing changed",
    `${sec(performance.now() - t)} s  (${again.report.totals.resynthesized} clips synthesized)`,
  );
  line("peak RSS (node process)", rss());

  // LibriVox (real recordings)
  let errs = 0;
  let words = 0;
  t = performance.now();
  for (const { wav, text: ref } of librivoxLines()) {
    const hyp = await transcribe(wav);
    const n = ref.split(" ").length;
    errs += wordErrorRate(ref, hyp.transcript.map((s) => s.text).join(" ")) * n;
    words += n;
  }
  line(
    "WER LibriVox (pocketsphinx-testdata)",
    `${((errs / words) * 100).toFixed(1)} % over ${words} words (${sec(performance.now() - t)} s)`,
  );
  await musicSection();
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
