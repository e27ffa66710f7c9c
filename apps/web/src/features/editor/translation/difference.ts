/** Above this share of change, a translated segment's length indicator turns red (PRODUCT.md § Behaviour). */
export const DIFFERENCE_WARNING_PERCENT = 15;

export interface TextDifference {
  /** Characters the translation has more (positive) or fewer (negative) than the original. */
  chars: number;
  /** The size of that difference against the original's length, rounded to a whole percent. */
  percent: number;
  /** True when the percent difference is above the 15% threshold. */
  warn: boolean;
}

export function textDifference(original: string, translated: string): TextDifference {
  const chars = translated.length - original.length;
  const percent =
    original.length === 0
      ? translated.length === 0
        ? 0
        : 100
      : Math.round((Math.abs(chars) / original.length) * 100);
  return { chars, percent, warn: percent > DIFFERENCE_WARNING_PERCENT };
}
