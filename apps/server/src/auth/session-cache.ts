import { createHash } from "node:crypto";
import pg from "pg";
import type { Database } from "../db/client.ts";
import { SESSION_ENDED_CHANNEL } from "../db/session-triggers.ts";
import { type ApiKeyUser, findApiKeyUser } from "./api-keys.ts";
import { findSessionUser, type SessionUser } from "./sessions.ts";

/** How long a checked session is taken on trust when nothing said it ended. */
export const SESSION_CACHE_MS = 30_000;
/** A bound on memory, not a working set: past it the cache starts again empty. */
const MAX_ENTRIES = 10_000;
interface Entry<T> {
  user: T;
  until: number;
}

/**
 * Sessions checked in the last SESSION_CACHE_MS, so a request costs no database round trip for its cookie,
 * while an ended session still stops at once: a `session_ended` notification empties the cache of every
 * process (PGlite delivers it in-process before the ending statement returns; PostgreSQL to each process's
 * listening connection within milliseconds), and so does every request of this process that may change
 * state, once its handler is done. While the listener is down nothing is taken from the cache. API keys
 * have a cache of their own (a key is never looked up as a cookie, nor a cookie as a key); an entry is
 * never kept past the expiry `validUntil` gives.
 */
export class SessionCache<T = SessionUser> {
  #entries = new Map<string, Entry<T>>();
  /** Bumped by every clear: a look-up that started before a clear does not store what it read. */
  #generation = 0;
  #listening = false;

  readonly #lookup: (token: string, now: Date) => Promise<T | null>;
  readonly #validUntil: (user: T) => number;

  constructor(
    lookup: (token: string, now: Date) => Promise<T | null>,
    validUntil: (user: T) => number = () => Number.POSITIVE_INFINITY,
  ) {
    this.#lookup = lookup;
    this.#validUntil = validUntil;
  }

  async find(token: string, now = new Date()): Promise<T | null> {
    const key = createHash("sha256").update(token).digest("hex");
    const hit = this.#listening ? this.#entries.get(key) : undefined;
    if (hit && hit.until > now.getTime()) return hit.user;
    const generation = this.#generation;
    const user = await this.#lookup(token, now);
    this.#entries.delete(key);
    if (user && this.#listening && generation === this.#generation) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
      const until = Math.min(now.getTime() + SESSION_CACHE_MS, this.#validUntil(user));
      this.#entries.set(key, { user, until });
    }
    return user;
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  /** Whether the cache may answer (only while the end-of-session notifications are heard). */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.clear();
  }
}

/** The caches of one process (sessions and API keys), both emptied when a session or key may have ended. */
export interface Credentials {
  sessions: SessionCache;
  keys: SessionCache<ApiKeyUser>;
}

/** The process's session and API key caches, emptied whenever the database says one may have ended. */
export async function startSessionCache(
  database: Database,
): Promise<{ cache: Credentials; stop(): Promise<void> }> {
  const cache: Credentials = {
    sessions: new SessionCache((token, now) => findSessionUser(database.db, token, now)),
    keys: new SessionCache(
      (key, now) => findApiKeyUser(database.db, key, now),
      (found) => found.expiresAt ?? Number.POSITIVE_INFINITY,
    ),
  };
  const both = [cache.sessions, cache.keys];
  const clear = () => {
    for (const c of both) c.clear();
  };
  if (database.kind === "pglite") {
    const unlisten = await database.pglite.listen(SESSION_ENDED_CHANNEL, clear);
    for (const c of both) c.setListening(true);
    return { cache, stop: () => unlisten() };
  }
  const listener = new SessionListener(
    database.url,
    (listening) => {
      for (const c of both) c.setListening(listening);
    },
    clear,
  );
  await listener.start();
  return { cache, stop: () => listener.stop() };
}

/** A dedicated PostgreSQL connection that LISTENs, and connects again (with back-off) when it is lost. */
class SessionListener {
  #client: pg.Client | null = null;
  #stopped = false;
  #retry: NodeJS.Timeout | undefined;

  readonly #url: string;
  readonly #onState: (listening: boolean) => void;
  readonly #onEnded: () => void;

  constructor(url: string, onState: (listening: boolean) => void, onEnded: () => void) {
    this.#url = url;
    this.#onState = onState;
    this.#onEnded = onEnded;
  }

  async start(delayMs = 500): Promise<void> {
    if (this.#stopped) return;
    const client = new pg.Client({ connectionString: this.#url });
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = null;
      this.#onState(false);
      client.end().catch(() => {});
      this.#retry = setTimeout(() => void this.start(Math.min(delayMs * 2, 10_000)), delayMs);
      this.#retry.unref();
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", () => this.#onEnded());
    this.#client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_ENDED_CHANNEL}`);
      if (this.#client === client) this.#onState(true);
    } catch {
      lost();
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = null;
    this.#onState(false);
    await client?.end().catch(() => {});
  }
}
