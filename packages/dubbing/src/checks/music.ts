// music: the background's level under a dubbed line against its level around the line. With the
// background kept, the dub plays the separated background stem under each line at the level it has; a
// separation that takes the music away with the voice leaves a hole under every line, heard as the music
// ducking while someone speaks. The level under the line is the background's once the original voice
// left in it is taken out (least squares, as original-voice measures it), so a leak does not hide a hole;
// the level around it is the background's in the line-free stretches within MUSIC_AROUND_MS either side.
import { rmsDb } from "../audio/dsp.ts";
import { voiceShare } from "./original-voice.ts";
import { type Finding, grade, round } from "./types.ts";

/** How far either side of a line its surroundings are looked for (ms). */
export const MUSIC_AROUND_MS = 3000;
/** Kept clear of every line (ms): an onset or a tail of speech is not the music's level. */
export const MUSIC_PAD_MS = 200;
/** Less line-free background than this around a line (ms): nothing to compare with. */
export const MUSIC_MIN_AROUND_MS = 500;
/** A background quieter than this (dBFS RMS) around the line has no music to keep. */
export const MUSIC_FLOOR_DB = -50;
/** The music's drop under the line (dB) from which it is heard… */
export const MUSIC_WARN_DB = 3;
/** …and from which the music is all but gone under the line. */
export const MUSIC_FAIL_DB = 6;

export interface Span {
  start: number;
  end: number;
}

/**
 * Pure: the stretches (ms) within `aroundMs` before and after `line` that no line of `lines` covers,
 * each line widened by `padMs`; the timeline starts at 0.
 */
export function aroundLine(
  line: Span,
  lines: readonly Span[],
  aroundMs = MUSIC_AROUND_MS,
  padMs = MUSIC_PAD_MS,
): Span[] {
  let free: Span[] = [
    { start: Math.max(0, line.start - aroundMs), end: line.start },
    { start: line.end, end: line.end + aroundMs },
  ];
  for (const l of [line, ...lines]) {
    const a = l.start - padMs;
    const b = l.end + padMs;
    free = free.flatMap((f) =>
      b <= f.start || a >= f.end
        ? [f]
        : [
            { start: f.start, end: Math.max(f.start, a) },
            { start: Math.min(f.end, b), end: f.end },
          ],
    );
  }
  return free.filter((f) => f.end > f.start);
}

/** Pure: the RMS level (dBFS) of several windows taken as one. */
function levelOf(windows: readonly Float32Array[]): number {
  let sum = 0;
  let n = 0;
  for (const w of windows) {
    for (const x of w) sum += x * x;
    n += w.length;
  }
  return n > 0 ? 10 * Math.log10(sum / n || 1e-20) : Number.NEGATIVE_INFINITY;
}

/**
 * Pure: the music finding from the stems under the line and the background around it (`rate` Hz);
 * value: how far the music drops under the line (dB; negative when it rises).
 */
export function checkMusic(
  under: { background: Float32Array; voice: Float32Array },
  around: readonly Float32Array[],
  rate: number,
): Finding {
  const aroundMs = (around.reduce((n, w) => n + w.length, 0) / rate) * 1000;
  if (aroundMs < MUSIC_MIN_AROUND_MS)
    return {
      check: "music",
      status: "skipped",
      message: "No stretch without speech near this line to compare the music with.",
    };
  const aroundDb = levelOf(around);
  if (aroundDb < MUSIC_FLOOR_DB)
    return { check: "music", status: "ok", message: "No music or sound around this line to keep." };
  const share = voiceShare(under.background, under.voice);
  const music = under.background.map((b, i) => b - share * (under.voice[i] ?? 0));
  const drop = round(aroundDb - rmsDb(music), 1);
  const status = grade(drop, MUSIC_WARN_DB, MUSIC_FAIL_DB);
  const message =
    status === "ok"
      ? "The music plays on under this line at its level around it."
      : `The music drops by ${drop} dB under this line: the separation took it away with the voice.`;
  return { check: "music", status, message, value: drop };
}
