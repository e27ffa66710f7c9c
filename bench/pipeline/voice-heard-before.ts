// "A voice heard before": each reader's speech split in two, as if from two projects, and the voice
// fingerprint (audio/voiceprint.ts) of every half compared with every other. The same reader's two halves
// must be under the threshold, two different readers over it. Real recordings: Debian's
// pocketsphinx-testdata (a LibriVox reader, the card reader, the digit readers); flite voices beside them.
// Prints the distances, the threshold and the margin on each side. Prints figures only.
//   node bench/pipeline/voice-heard-before.ts
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { concat } from "../../packages/dubbing/src/audio/dsp.ts";
import {
  SAME_VOICE_DISTANCE,
  voiceDistance,
  voiceprint,
} from "../../packages/dubbing/src/audio/voiceprint.ts";

const DATA = "/usr/share/pocketsphinx/test/data";
const SR = 16_000;

/** Mono 16 kHz float samples of some files one after another (a .raw is 16 kHz s16le). */
function decode(files: string[]): Float32Array {
  const parts = files.map((f) => {
    const input = f.endsWith(".raw") ? ["-f", "s16le", "-ar", String(SR), "-ac", "1", "-i", f] : ["-i", f];
    const out = execFileSync(
      "ffmpeg",
      ["-v", "error", ...input, "-ac", "1", "-ar", String(SR), "-f", "f32le", "-"],
      {
        maxBuffer: 1 << 28,
      },
    );
    return new Float32Array(out.buffer, out.byteOffset, out.length / 4);
  });
  return concat(parts, Float32Array);
}

function flite(voice: string, text: string): string[] {
  const out = join(process.env.TMPDIR ?? "/tmp", `voice-heard-before-${voice}-${text.length}.wav`);
  execFileSync("flite", ["-voice", voice, "-t", text, "-o", out]);
  return [out];
}

const lib = (n: string) => join(DATA, "librivox", `sense_and_sensibility_01_austen_64kb-${n}.wav`);
const cards = (n: string) => join(DATA, "cards", `${n}.wav`);
const ONE =
  "The village had a market every Saturday, and people came from the farms around to sell what they grew.";
const TWO =
  "Years later the old mill by the river was turned into a museum that children visit with their school.";

/** Reader → their two halves (two projects). */
const READERS: [string, string[], string[]][] = [
  ["LibriVox reader", ["0870", "0880", "0890"].map(lib), ["0920", "0930"].map(lib)],
  ["card reader", ["001", "002", "003"].map(cards), ["004", "005"].map(cards)],
  ["digits reader", [join(DATA, "numbers.raw")], [join(DATA, "goforward.raw"), join(DATA, "something.raw")]],
  ...["awb", "slt", "rms", "kal16"].map((v): [string, string[], string[]] => [
    `flite ${v}`,
    flite(v, ONE),
    flite(v, TWO),
  ]),
];

if (!existsSync(DATA)) throw new Error(`${DATA} is missing: apt-get install pocketsphinx-testdata`);
const halves = READERS.flatMap(([name, a, b]) => [
  { name, half: 1, print: voiceprint(decode(a), SR) },
  { name, half: 2, print: voiceprint(decode(b), SR) },
]);
for (const h of halves)
  if (!h.print) console.log(`${h.name} half ${h.half}: under 3 s of speech, no fingerprint`);
const usable = halves.filter((h) => h.print);
const same: number[] = [];
const different: number[] = [];
console.log("pair                                         distance  verdict");
for (let i = 0; i < usable.length; i++)
  for (let j = i + 1; j < usable.length; j++) {
    const a = usable[i]!;
    const b = usable[j]!;
    const d = voiceDistance(a.print!, b.print!);
    const isSame = a.name === b.name;
    (isSame ? same : different).push(d);
    const ok = d < SAME_VOICE_DISTANCE === isSame;
    const label = `${a.name} ${a.half} / ${b.name} ${b.half}`.padEnd(44);
    if (isSame || d < 2 * SAME_VOICE_DISTANCE)
      console.log(
        `${label} ${d.toFixed(4).padStart(8)}  ${isSame ? "same" : "different"}${ok ? "" : "  WRONG"}`,
      );
  }
const wrong =
  same.filter((d) => d >= SAME_VOICE_DISTANCE).length +
  different.filter((d) => d < SAME_VOICE_DISTANCE).length;
console.log(`(different-reader pairs over ${(2 * SAME_VOICE_DISTANCE).toFixed(2)} not listed)`);
console.log(`threshold ${SAME_VOICE_DISTANCE}`);
console.log(`same reader:       ${same.length} pairs, largest distance ${Math.max(...same).toFixed(4)}`);
console.log(
  `different readers: ${different.length} pairs, smallest distance ${Math.min(...different).toFixed(4)}`,
);
console.log(`wrong verdicts: ${wrong} of ${same.length + different.length}`);
