// Lines typed into an empty transcript have no times of their own: they are laid on the detected speech
// in order, each taking a share of the speech as long as its share of the text, cut at the pause nearest
// to that point when one is near (else inside the speech), rather than on fixed slots.
import type { Segment } from "./segments.ts";
import type { SpeechRegion } from "./structure.ts";

/** A cut may move to a pause this share of the shorter neighbouring line's speech away, at most. */
const SNAP_SHARE = 0.5;

/** Pure: the times of `texts` laid on `speech` in order (speech ms shared by text length, cut at pauses). */
export function placeOnSpeech(texts: readonly string[], speech: readonly SpeechRegion[]) {
  const regions = speech.filter((r) => r.end > r.start);
  const n = texts.length;
  if (n === 0 || regions.length === 0) return null;
  // cumulative speech at the end of each region
  const ends: number[] = [];
  for (const r of regions) ends.push((ends.at(-1) ?? 0) + r.end - r.start);
  const total = ends.at(-1) as number;
  const weights = texts.map((t) => Math.max(1, t.trim().length));
  const sum = weights.reduce((a, w) => a + w, 0);
  const shares = weights.map((w) => (total * w) / sum);
  // the n − 1 cuts, in speech time, each snapped to the nearest pause within reach
  const cuts: number[] = [];
  let at = 0;
  for (let k = 0; k + 1 < n; k++) {
    at += shares[k] as number;
    const reach = SNAP_SHARE * Math.min(shares[k] as number, shares[k + 1] as number);
    const previous = cuts.at(-1) ?? 0;
    const pause = ends
      .slice(0, -1)
      .filter((e) => e > previous && Math.abs(e - at) <= reach)
      .sort((a, b) => Math.abs(a - at) - Math.abs(b - at))[0];
    cuts.push(Math.max(previous, pause ?? at));
  }
  // speech time → the end of one line and the start of the next (a pause lies between them)
  const toTimes = (u: number) => {
    const j = ends.findIndex((e) => e >= u);
    const r = regions[j] as SpeechRegion;
    const t = Math.round(r.end - ((ends[j] as number) - u));
    const next = regions[j + 1];
    return (ends[j] as number) === u && next ? { end: r.end, start: next.start } : { end: t, start: t };
  };
  const bounds = cuts.map(toTimes);
  return texts.map((_, k) => ({
    start: k === 0 ? (regions[0] as SpeechRegion).start : (bounds[k - 1] as { start: number }).start,
    end: k === n - 1 ? (regions.at(-1) as SpeechRegion).end : (bounds[k] as { end: number }).end,
  }));
}

/** The segments re-timed onto the speech in order (unchanged when there is no speech to go by). */
export function placeSegmentsOnSpeech(
  segments: readonly Segment[],
  speech: readonly SpeechRegion[],
): Segment[] {
  const times = placeOnSpeech(
    segments.map((s) => s.text),
    speech,
  );
  return times ? segments.map((s, i) => ({ ...s, ...times[i] })) : [...segments];
}
