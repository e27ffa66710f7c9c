import { BACKOFF_BASE_MS, BACKOFF_JITTER_MS, BACKOFF_MAX_ATTEMPT } from "./constants.ts";

/**
 * The wait before retry number `attempt` (1 for the first retry) of a failed session refresh:
 * 2000 ms × 2^attempt with the attempt capped at 7, plus a random jitter in [-175, +175] ms.
 * `random` returns a number in [0, 1), like Math.random.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const capped = Math.min(Math.max(0, Math.floor(attempt)), BACKOFF_MAX_ATTEMPT);
  return BACKOFF_BASE_MS * 2 ** capped + jitter(random);
}

/** A whole number of milliseconds in [-175, +175], uniformly from `random()` in [0, 1). */
export function jitter(random: () => number = Math.random): number {
  const span = 2 * BACKOFF_JITTER_MS + 1;
  const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
  return Math.floor(r * span) - BACKOFF_JITTER_MS;
}
