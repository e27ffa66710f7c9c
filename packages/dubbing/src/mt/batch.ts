// Batching for cloud MT engines: requests carry many texts up to the provider's limits, empty texts are
// never sent (they cost money and confuse models), and the results come back in the texts' order.
import type { ProgressOptions } from "../engines/types.ts";
import { throwIfAborted } from "../errors.ts";

/** A run of consecutive texts, [start, end). */
export interface Span {
  start: number;
  end: number;
}

/**
 * Pure: consecutive spans of at most `maxItems` items whose sizes add up to at most `maxSize`, keeping
 * the order. An item larger than `maxSize` goes alone (the provider will then refuse it).
 */
export function batchSpans(sizes: readonly number[], limits: { maxItems: number; maxSize: number }): Span[] {
  const spans: Span[] = [];
  let start = 0;
  let size = 0;
  for (const [i, s] of sizes.entries()) {
    if (i > start && (i - start >= limits.maxItems || size + s > limits.maxSize)) {
      spans.push({ start, end: i });
      start = i;
      size = 0;
    }
    size += s;
  }
  if (sizes.length > start) spans.push({ start, end: sizes.length });
  return spans;
}

/**
 * Pure: the texts to send (the non-empty ones, in order) and `place`, which puts their results back:
 * one result per sent text gives one per text, empty texts staying empty.
 */
export function skipEmpty(texts: readonly string[]): {
  sent: string[];
  place: (results: readonly string[]) => string[];
} {
  const at = texts.flatMap((t, i) => (t.trim() ? [i] : []));
  return {
    sent: at.map((i) => texts[i]!),
    place(results) {
      const out = texts.map(() => "");
      for (const [k, t] of results.entries()) out[at[k]!] = t;
      return out;
    },
  };
}

/**
 * Translates the batches one after the other and joins their results in order. Stops with `aborted`
 * before a batch when the signal has fired; reports progress after each batch (1 at once when none).
 */
export async function inBatches<B>(
  batches: readonly B[],
  o: ProgressOptions,
  translate: (batch: B) => Promise<string[]>,
): Promise<string[]> {
  const out: string[] = [];
  for (const [b, batch] of batches.entries()) {
    throwIfAborted(o.signal);
    out.push(...(await translate(batch)));
    o.onProgress?.((b + 1) / batches.length);
  }
  if (batches.length === 0) o.onProgress?.(1);
  return out;
}
