// Lines that fit: which translated lines would need more than the fit's speed-up to be spoken in
// their slot, and the character budget a shorter rendering must keep to. Pure.

import { baseLanguage, type LanguageCode } from "../languages.ts";
import { FIT_DEFAULTS } from "../timing/fit.ts";

/**
 * Characters a voice speaks per second at its normal rate, by script: about 14 for alphabetic languages
 * (espeak-ng's 175 words a minute, flite and the cloud voices are close), 7 for Chinese, Japanese and
 * Korean, whose characters carry more sound each.
 */
export function charsPerSecond(language: LanguageCode): number {
  return ["zh", "ja", "ko"].includes(baseLanguage(language)) ? 7 : 14;
}

export interface Slot {
  start: number;
  end: number;
}

/**
 * Pure: the most characters line `index` can have and still be spoken at the fit's top speed (1.3×) in
 * the time it may use: its slot and the silence before the next line (less the fit's 100 ms gap), as the
 * fit borrows it. 0 for an empty slot.
 */
export function lineBudget(
  segments: readonly Slot[],
  index: number,
  language: LanguageCode,
  opts: { mediaEnd?: number; charsPerSecond?: number; maxSpeed?: number } = {},
): number {
  const seg = segments[index]!;
  const next = segments[index + 1]?.start ?? opts.mediaEnd ?? seg.end;
  const room = Math.max(seg.end, next - FIT_DEFAULTS.gapMs) - seg.start;
  const cps = opts.charsPerSecond ?? charsPerSecond(language);
  return Math.max(0, Math.floor((room / 1000) * cps * (opts.maxSpeed ?? FIT_DEFAULTS.maxTempo)));
}

/** Pure: the lines whose text is over their budget (index and budget), in order. */
export function overLongLines(
  segments: readonly (Slot & { text: string })[],
  language: LanguageCode,
  opts: { mediaEnd?: number; charsPerSecond?: number } = {},
): { index: number; budget: number }[] {
  return segments.flatMap((s, index) => {
    const budget = lineBudget(segments, index, language, opts);
    return s.text.trim().length > budget && budget > 0 ? [{ index, budget }] : [];
  });
}
