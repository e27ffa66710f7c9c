// Long-video render bench: builds an N-minute video (a still picture, stereo pink noise as the
// background) and a Spanish transcript of two speakers with a line every 5 s, then dubs it and prints
// the render time, its stages and the process's peak resident memory. It shows how render time and
// memory grow with the video's length. Prints figures only: it never fails on time.
//   node bench/render-long/run.ts [--minutes 60] [--keep DIR]
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { TranscriptDoc } from "../../packages/dubbing/src/doc.ts";
import { dub } from "../../packages/dubbing/src/pipeline/dub.ts";

const { values } = parseArgs({
  options: { minutes: { type: "string", default: "60" }, keep: { type: "string" } },
});
const minutes = Number(values.minutes);
const dir = values.keep ?? mkdtempSync(join(tmpdir(), "dub-long-"));
mkdirSync(dir, { recursive: true });
const line = (k: string, v: string | number) => console.log(`${k.padEnd(30)} ${v}`);
const sec = (ms: number) => (ms / 1000).toFixed(1);

const SENTENCES = [
  "Hoy vamos a ver cómo se prepara el equipo antes de salir",
  "La primera parte del camino es la más tranquila",
  "Después el terreno cambia y hay que ir con cuidado",
  "Aquí tenemos una vista muy bonita del valle",
  "Vamos a parar un momento para beber agua",
  "El tiempo cambia rápido en la montaña",
  "Esta parte del sendero tiene muchas piedras sueltas",
  "Al final del día llegamos al refugio",
];

try {
  const seconds = Math.round(minutes * 60);
  const video = join(dir, `long-${minutes}.mp4`);
  let t = performance.now();
  if (!existsSync(video)) {
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-nostdin", "-y", "-loglevel", "error"],
      ...["-f", "lavfi", "-i", `color=c=0x336699:s=320x180:r=5:d=${seconds}`],
      ...["-f", "lavfi", "-i", `anoisesrc=c=pink:a=0.03:r=48000:d=${seconds}`],
      ...["-filter_complex", "[1:a]aformat=channel_layouts=stereo[a]", "-map", "0:v", "-map", "[a]"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-tune", "stillimage", "-c:a", "aac", "-b:a", "96k"],
      video,
    ]);
  }
  // a line every 5 s, 3.8 s long, speakers taking turns every three lines; each text differs (the
  // number) so that nothing comes from the TTS cache
  const count = Math.floor(seconds / 5);
  const doc: TranscriptDoc = {
    language: "es",
    speakers: [
      { id: "s1", name: "Ana", selectedVoice: "es-ES-XimenaMultilingualNeural" },
      { id: "s2", name: "Luis", selectedVoice: "es-ES-TristanMultilingualNeural" },
    ],
    transcript: Array.from({ length: count }, (_, i) => ({
      speaker: Math.floor(i / 3) % 2 ? "s2" : "s1",
      text: `${SENTENCES[i % SENTENCES.length]}, parte ${i + 1}.`,
      start: i * 5000 + 500,
      end: i * 5000 + 4300,
    })),
  };
  line("video", `${minutes} min, ${count} lines (fixture ${sec(performance.now() - t)} s)`);

  t = performance.now();
  const r = await dub(video, doc, {
    output: join(dir, "long.es.mp4"),
    workDir: join(dir, `work-${Date.now()}`),
  });
  const wall = performance.now() - t;
  line("render", `${sec(wall)} s wall (${(wall / (seconds * 1000)).toFixed(4)} × realtime)`);
  line("  stages (s)", JSON.stringify(r.report.timings));
  line(
    "  loudness (encoded)",
    `${r.report.loudness.encoded.lufs} LUFS, true peak ${r.report.loudness.encoded.truePeakDb} dBTP`,
  );
  line("  segments at speed ≤ 1.3×", `${(r.report.totals.atMost1_3 * 100).toFixed(1)} %`);
  line("peak RSS (node process)", `${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
