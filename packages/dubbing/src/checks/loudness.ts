// loudness: a line much louder or quieter than the lines around it (the mix's normalisation evens out the
// whole, not one line against the next). A line's level is the RMS of its voiced 10 ms frames.
import { dbfs } from "../audio/dsp.ts";
import { type Finding, grade, round } from "./types.ts";

/** Frames quieter than this (dBFS) are pauses, left out of a line's level. */
export const LOUDNESS_FLOOR_DB = -50;
/** The neighbours a line is compared with: this many dubbed lines on each side. */
export const LOUDNESS_NEIGHBOURS = 3;
/** |line − median of its neighbours| (dB) from which the jump is heard… */
export const LOUDNESS_WARN_DB = 6;
/** …and from which it is jarring. */
export const LOUDNESS_FAIL_DB = 10;

/** Pure: the level (dBFS) of the voiced 10 ms frames of a clip; null when it has none. */
export function voicedLevel(samples: Float32Array, sampleRate: number): number | null {
  const frame = Math.max(1, Math.round(sampleRate / 100));
  let sum = 0;
  let n = 0;
  for (let o = 0; o + frame <= samples.length; o += frame) {
    let e = 0;
    for (let i = o; i < o + frame; i++) e += (samples[i] as number) ** 2;
    if (dbfs(Math.sqrt(e / frame)) < LOUDNESS_FLOOR_DB) continue;
    sum += e;
    n += frame;
  }
  return n ? round(dbfs(Math.sqrt(sum / n)), 2) : null;
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/**
 * Pure: one finding per line from the levels of all the dubbed lines in order (null: silent); value is
 * the line's level minus its neighbours' median (dB).
 */
export function checkLoudness(levels: readonly (number | null)[]): Finding[] {
  return levels.map((level, i) => {
    const around = levels
      .slice(Math.max(0, i - LOUDNESS_NEIGHBOURS), i + LOUDNESS_NEIGHBOURS + 1)
      .filter((l, j): l is number => l !== null && j !== Math.min(i, LOUDNESS_NEIGHBOURS));
    if (level === null) return { check: "loudness", status: "fail", message: "The line is silent." };
    if (!around.length)
      return { check: "loudness", status: "skipped", message: "No other line to compare it with." };
    const diff = round(level - median(around), 1);
    const status = grade(Math.abs(diff), LOUDNESS_WARN_DB, LOUDNESS_FAIL_DB);
    const message =
      status === "ok"
        ? "As loud as the lines around it."
        : `It is ${Math.abs(diff)} dB ${diff > 0 ? "louder" : "quieter"} than the lines around it.`;
    return { check: "loudness", status, message, value: diff };
  });
}
