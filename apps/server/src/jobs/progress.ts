/**
 * A project's processing is one bar from upload to transcript: ingest fills the first INGEST_SHARE
 * percent (it is quick), transcription the rest, so the bar never goes back when one job hands over to
 * the next.
 */
export const INGEST_SHARE = 20;

/** The project's bar for a fraction (0..1) of the transcription. */
export const transcribePercent = (fraction: number) => INGEST_SHARE + fraction * (100 - INGEST_SHARE);

/**
 * Progress reported from a synchronous callback (the engine's onProgress), written in order: one write at
 * a time, at most one per `intervalMs` for the same message (a new message or 100 % always goes), and
 * `close()` waits for the writes already queued and drops later ones. Jobs close it before writing their
 * final state, so a slow progress write can never land after "ready" and undo it.
 */
export interface ProgressWriter {
  report(percent: number, message: string): void;
  close(): Promise<void>;
}

export function progressWriter(
  write: (percent: number, message: string) => Promise<unknown>,
  intervalMs = 400,
  now: () => number = Date.now,
): ProgressWriter {
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  let lastAt = Number.NEGATIVE_INFINITY;
  let lastMessage: string | null = null;
  return {
    report(percent, message) {
      if (closed) return;
      const at = now();
      if (message === lastMessage && at - lastAt < intervalMs && percent < 100) return;
      lastAt = at;
      lastMessage = message;
      const value = Math.round(percent);
      // Progress is best effort: a failed write must not fail the job (its final write reports errors).
      queue = queue.then(() => write(value, message)).catch(() => {});
    },
    async close() {
      closed = true;
      await queue;
    },
  };
}
