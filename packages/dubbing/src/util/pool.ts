import { availableParallelism } from "node:os";

/** Number of cores to use for parallel engine processes. */
export function defaultConcurrency(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Maps `items` through `fn` with at most `concurrency` calls in flight; results keep the input order.
 * The first rejection stops new work and is rethrown once running calls settle.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed: { err: unknown } | null = null;
  const worker = async () => {
    while (failed === null && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i] as T, i);
      } catch (err) {
        if (failed === null) failed = { err };
      }
    }
  };
  const n = Math.max(1, Math.min(concurrency, items.length));
  await Promise.all(Array.from({ length: n }, worker));
  if (failed !== null) throw (failed as { err: unknown }).err;
  return results;
}
