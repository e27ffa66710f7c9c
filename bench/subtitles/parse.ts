// Time and memory to read the largest subtitle file accepted (2 MiB): decode, parse, speakers, and write it
// back as two-language SRT. Usage: node bench/subtitles/parse.ts [runs=20]
import {
  bilingualCues,
  decodeSubtitles,
  MAX_SUBTITLE_BYTES,
  parseSubtitles,
  speakersFromCues,
  toSrt,
} from "../../packages/dubbing/src/index.ts";
import { timestamp } from "../../packages/dubbing/src/subtitles/subtitles.ts";

const runs = Number(process.argv[2] ?? 20);
const blocks: string[] = [];
let size = 0;
for (let i = 0; size < MAX_SUBTITLE_BYTES - 200; i++) {
  const block = `${i + 1}\n${timestamp(i * 2000, ",")} --> ${timestamp(i * 2000 + 1800, ",")}\n${i % 3 ? "" : "Ana: "}<i>Line ${i}</i> of the dialogue, long enough to wrap once or twice on a screen.\n\n`;
  size += Buffer.byteLength(block);
  blocks.push(block);
}
const bytes = Buffer.from(blocks.join(""));
console.log(`file: ${(bytes.length / 1024 / 1024).toFixed(2)} MiB, ${blocks.length} cues`);

const times: number[] = [];
let heap = 0;
for (let r = 0; r < runs; r++) {
  const t = performance.now();
  const cues = parseSubtitles(decodeSubtitles(bytes));
  const doc = speakersFromCues(cues, () => "voice");
  toSrt(bilingualCues(doc.transcript, doc.transcript));
  times.push(performance.now() - t);
  heap = Math.max(heap, process.memoryUsage().heapUsed);
}
times.sort((a, b) => a - b);
console.log(
  `decode+parse+speakers+bilingual SRT: median ${times[runs >> 1]!.toFixed(1)} ms, ` +
    `max ${times.at(-1)!.toFixed(1)} ms over ${runs} runs; heap peak ${(heap / 1024 / 1024).toFixed(0)} MiB`,
);
