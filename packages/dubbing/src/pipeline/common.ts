import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EngineRegistry } from "../engines/registry.ts";

/** Progress of a pipeline call: the stage running and the overall fraction 0..1 (never decreasing). */
export interface Progress {
  stage: string;
  fraction: number;
}

export interface CommonOptions {
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  /** Engines to use (default: a new registry without options, i.e. the local engines). */
  registry?: EngineRegistry;
  /** Parallel engine processes (default: the number of cores). */
  concurrency?: number;
}

/**
 * Pure helper: maps stage-local fractions onto the overall range. `weights` gives each stage's share.
 */
export function progressReporter(
  weights: Record<string, number>,
  onProgress?: (p: Progress) => void,
): (stage: string, fraction: number) => void {
  const names = Object.keys(weights);
  const total = names.reduce((a, n) => a + (weights[n] as number), 0) || 1;
  let last = 0;
  return (stage, fraction) => {
    if (!onProgress) return;
    let before = 0;
    for (const n of names) {
      if (n === stage) break;
      before += weights[n] as number;
    }
    const f = Math.min(1, (before + (weights[stage] ?? 0) * Math.max(0, Math.min(1, fraction))) / total);
    if (f >= last) {
      last = f;
      onProgress({ stage, fraction: Math.round(f * 1000) / 1000 });
    }
  };
}

/**
 * Pure helper: the progress of parts that run side by side, each with its share (`weights`, summing to
 * 1): `part(i, fraction)` passes on the weighted sum of every part's latest fraction.
 */
export function partsProgress(
  weights: readonly number[],
  onProgress: (fraction: number) => void = () => {},
): (part: number, fraction: number) => void {
  const done = weights.map(() => 0);
  return (part, fraction) => {
    done[part] = fraction;
    onProgress(done.reduce((sum, f, i) => sum + f * (weights[i] as number), 0));
  };
}

/** A temp dir removed by `done()` unless a caller-owned dir was given. */
export async function workDir(
  given: string | undefined,
  prefix: string,
): Promise<{ dir: string; done: () => Promise<void> }> {
  if (given) return { dir: given, done: async () => {} };
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, done: () => rm(dir, { recursive: true, force: true }) };
}

/** Seconds since `t0` (performance.now()), 3 decimals. */
export function since(t0: number): number {
  return Math.round(performance.now() - t0) / 1000;
}

/** A signal that fires with `parent` and on stop(): background work ends with the caller or the call. */
export function linkedAbort(parent?: AbortSignal): { signal: AbortSignal; stop: () => void } {
  const c = new AbortController();
  const onAbort = () => c.abort();
  parent?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: c.signal,
    stop: () => {
      parent?.removeEventListener("abort", onAbort);
      c.abort();
    },
  };
}
