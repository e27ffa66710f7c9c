// What the recognition benches share: the LibriVox reader (pocketsphinx-testdata's recordings, twice,
// 1.5 s apart) with its text and where its speech is, and the share of that speech segments cover.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LIBRIVOX_DIR } from "../../packages/dubbing/src/testing/fixtures.ts";
import { joinSpeech } from "../../packages/dubbing/src/testing/music.ts";

export type Region = { start: number; end: number };

/** Share of the truth's speech (ms) that some segment covers. */
export function coverage(truth: readonly Region[], segs: readonly Region[]): number {
  let total = 0;
  let covered = 0;
  for (const r of truth) {
    total += r.end - r.start;
    for (const s of segs) covered += Math.max(0, Math.min(r.end, s.end) - Math.max(r.start, s.start));
  }
  return covered / total;
}

/** The reader's recordings, each with its text. */
export function librivoxLines(): { id: string; wav: string; text: string }[] {
  const texts = new Map(
    readFileSync(join(LIBRIVOX_DIR, "transcription"), "utf8")
      .trim()
      .split("\n")
      .map((l) => {
        const m = /^<s> (.*) <\/s> \((.*)\)$/.exec(l.trim())!;
        return [m[2]!, m[1]!] as const;
      }),
  );
  const ids = readFileSync(join(LIBRIVOX_DIR, "fileids"), "utf8").trim().split("\n");
  return ids.map((id) => ({ id, wav: join(LIBRIVOX_DIR, `${id}.wav`), text: texts.get(id)! }));
}

/** Writes `dir/lv.wav`, the reader's recordings twice, 1.5 s apart: its text and its speech regions. */
export function librivoxTwice(dir: string): { wav: string; text: string; truth: Region[] } {
  const lines = librivoxLines();
  const twice = [...lines, ...lines];
  const wav = join(dir, "lv.wav");
  const truth = joinSpeech(
    wav,
    twice.map((l) => l.wav),
    1500,
  );
  return { wav, text: twice.map((l) => l.text).join(" "), truth };
}
