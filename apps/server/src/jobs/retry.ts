// Whether a failed job run is worth another attempt: one table for every queue.
import { DubError, MediaError } from "@dubbing/dubbing";
import { AppError } from "../errors.ts";

/** A job error that says itself whether a retry can help. */
export class JobError extends Error {
  readonly retryable: boolean;
  constructor(message: string, opts: { retryable: boolean; cause?: unknown }) {
    super(message, { cause: opts.cause });
    this.name = "JobError";
    this.retryable = opts.retryable;
  }
}

/** The pipeline's own codes that another attempt can fix: an engine hiccup, an interrupted run. */
const RETRYABLE_DUB = new Set(["engine_failed", "aborted"]);
/** Operating-system errors of a moment: the network, a full disk being cleaned, too many open files. */
const RETRYABLE_SYSTEM = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ETIMEDOUT",
  "EPIPE",
  "EAI_AGAIN",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOSPC",
  "EMFILE",
  "EBUSY",
  "EAGAIN",
]);
/** PostgreSQL error classes of a moment: connection, rollback (serialization), resources, shutdown. */
const RETRYABLE_SQL_CLASSES = new Set(["08", "40", "53", "57", "58"]);

/**
 * True when another attempt may succeed (pure). Bad input, a missing engine, a file that is not what it
 * claims and the service's own refusals are final; the network, the disk, the database and unknown
 * errors are worth a retry.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof JobError) return error.retryable;
  if (error instanceof AppError) return error.status >= 500;
  if (error instanceof DubError) return RETRYABLE_DUB.has(error.code);
  if (error instanceof MediaError) return error.code === "aborted";
  const store = storeFault(error);
  if (store !== null) return store;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return true;
  if (/^E[A-Z]+$/.test(code)) return RETRYABLE_SYSTEM.has(code);
  if (/^[0-9A-Z]{5}$/.test(code)) return RETRYABLE_SQL_CLASSES.has(code.slice(0, 2));
  return true;
}

/**
 * An object store's answer (AWS SDK errors carry `$fault` and the HTTP status): throttling and server
 * faults are transient, the store refusing the request (denied, no such bucket) is final. Null when the
 * error is not such an answer (a network error carries a system code instead).
 */
function storeFault(error: unknown): boolean | null {
  const e = error as {
    $fault?: unknown;
    $retryable?: unknown;
    $metadata?: { httpStatusCode?: number };
  } | null;
  if (!e || typeof e !== "object" || e.$fault === undefined) return null;
  const status = e.$metadata?.httpStatusCode ?? 0;
  return Boolean(e.$retryable) || e.$fault === "server" || status === 429 || status >= 500;
}
