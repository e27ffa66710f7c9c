/** The longest a request may wait for its work (`Prefer: wait`): longer work answers 202 and streams. */
const MAX_PREFER_WAIT_SECONDS = 300;

/** Seconds asked for by `Prefer: wait=N` (RFC 7240), capped; 0 when absent. */
export function preferWaitSeconds(
  header: string | string[] | undefined,
  max = MAX_PREFER_WAIT_SECONDS,
): number {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  const match = /(?:^|[,;\s])wait=(\d+)/i.exec(value);
  return match ? Math.min(Number(match[1]), max) : 0;
}

/** Polls `check` until it returns a value or the time runs out (then returns null). */
export async function waitUntil<T>(
  seconds: number,
  check: () => Promise<T | null>,
  everyMs = 500,
): Promise<T | null> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value !== null || Date.now() >= until) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
