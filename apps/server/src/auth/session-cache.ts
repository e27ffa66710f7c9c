import { createHash } from "node:crypto";
import { SESSION_ENDED_CHANNEL } from "../db/change-triggers.ts";
import type { Database } from "../db/client.ts";
import { type ChangeListener, listenForChanges } from "../db/listen.ts";
import { NotifiedCache } from "../db/notified-cache.ts";
import { type ApiKeyUser, findApiKeyUser } from "./api-keys.ts";
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
 * state, once its handler is done. While the listener is down nothing is taken from the cache. API keys
 * have a cache of their own (a key is never looked up as a cookie, nor a cookie as a key); an entry is
 * never kept past the expiry `validUntil` gives.
 */
export class SessionCache<T = SessionUser> implements ChangeListener {
  readonly #cache = new NotifiedCache<T | null>({ ttlMs: SESSION_CACHE_MS, maxEntries: MAX_ENTRIES });
  readonly #lookup: (token: string, now: Date) => Promise<T | null>;
  readonly #validUntil: (user: T) => number;

  constructor(
    lookup: (token: string, now: Date) => Promise<T | null>,
    validUntil: (user: T) => number = () => Number.POSITIVE_INFINITY,
  ) {
    this.#lookup = lookup;
    this.#validUntil = validUntil;
  }

  find(token: string, now = new Date()): Promise<T | null> {
    const key = createHash("sha256").update(token).digest("hex");
    return this.#cache.get(
      key,
      () => this.#lookup(token, now),
      (user, ttlEnd) => (user === null ? null : Math.min(ttlEnd, this.#validUntil(user))),
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

/** The caches of one process (sessions and API keys), both emptied when a session or key may have ended. */
export interface Credentials {
  sessions: SessionCache;
  keys: SessionCache<ApiKeyUser>;
}

/**
 * The process's session and API key caches, emptied whenever the database says one may have ended; then
 * `alsoTold` hears it (told after the caches are empty, so what it checks again is read afresh).
 */
export async function startSessionCache(
  database: Database,
  ...alsoTold: ChangeListener[]
): Promise<{ cache: Credentials; stop(): Promise<void> }> {
  const cache: Credentials = {
    sessions: new SessionCache((token, now) => findSessionUser(database.db, token, now)),
    keys: new SessionCache(
      (key, now) => findApiKeyUser(database.db, key, now),
      (found) => found.expiresAt ?? Number.POSITIVE_INFINITY,
    ),
  };
  const stop = await listenForChanges(
    database,
    SESSION_ENDED_CHANNEL,
    cache.sessions,
    cache.keys,
    ...alsoTold,
  );
  return { cache, stop };
}
