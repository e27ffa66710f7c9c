import { createHash } from "node:crypto";
import { SESSION_ENDED_CHANNEL } from "../db/change-triggers.ts";
import type { Database } from "../db/client.ts";
import { listenForChanges } from "../db/listen.ts";
import { NotifiedCache } from "../db/notified-cache.ts";
import { findSessionUser, type SessionUser } from "./sessions.ts";

/** How long a checked session is taken on trust when nothing said it ended. */
export const SESSION_CACHE_MS = 30_000;
/** A bound on memory, not a working set: past it the cache starts again empty. */
const MAX_ENTRIES = 10_000;

/**
 * Sessions checked in the last SESSION_CACHE_MS, so a request costs no database round trip for its cookie,
 * while an ended session still stops at once: a `session_ended` notification empties the cache of every
 * process (PGlite delivers it in-process before the ending statement returns; PostgreSQL to each process's
 * listening connection within milliseconds), and so does every request of this process that may change
 * state, once its handler is done. While the listener is down nothing is taken from the cache.
 */
export class SessionCache {
  readonly #cache = new NotifiedCache<SessionUser | null>({
    ttlMs: SESSION_CACHE_MS,
    maxEntries: MAX_ENTRIES,
  });
  readonly #lookup: (token: string, now: Date) => Promise<SessionUser | null>;

  constructor(lookup: (token: string, now: Date) => Promise<SessionUser | null>) {
    this.#lookup = lookup;
  }

  find(token: string, now = new Date()): Promise<SessionUser | null> {
    const key = createHash("sha256").update(token).digest("hex");
    return this.#cache.get(
      key,
      () => this.#lookup(token, now),
      (user) => user !== null,
      now.getTime(),
    );
  }

  clear(): void {
    this.#cache.clear();
  }

  /** Whether the cache may answer (only while the end-of-session notifications are heard). */
  setListening(listening: boolean): void {
    this.#cache.setListening(listening);
  }
}

/** The process's session cache, emptied whenever the database says a session may have ended. */
export async function startSessionCache(
  database: Database,
): Promise<{ cache: SessionCache; stop(): Promise<void> }> {
  const cache = new SessionCache((token, now) => findSessionUser(database.db, token, now));
  const stop = await listenForChanges(database, SESSION_ENDED_CHANNEL, cache);
  return { cache, stop };
}
