import { createHash } from "node:crypto";
import pg from "pg";
import type { Database } from "../db/client.ts";
import { SESSION_ENDED_CHANNEL } from "../db/session-triggers.ts";
import { findSessionUser, type SessionUser } from "./sessions.ts";

/** How long a checked session is taken on trust when nothing said it ended. */
export const SESSION_CACHE_MS = 30_000;
/** A bound on memory, not a working set: past it the cache starts again empty. */
const MAX_ENTRIES = 10_000;
interface Entry {
  user: SessionUser;
  until: number;
}

/**
 * Sessions checked in the last SESSION_CACHE_MS, so a request costs no database round trip for its cookie,
 * while an ended session still stops at once: a `session_ended` notification empties the cache of every
 * process (PGlite delivers it in-process before the ending statement returns; PostgreSQL to each process's
 * listening connection within milliseconds), and so does every request of this process that may change
 * state, once its handler is done. While the listener is down nothing is taken from the cache.
 */
export class SessionCache {
  #entries = new Map<string, Entry>();
  /** Bumped by every clear: a look-up that started before a clear does not store what it read. */
  #generation = 0;
  #listening = false;

  readonly #lookup: (token: string, now: Date) => Promise<SessionUser | null>;

  constructor(lookup: (token: string, now: Date) => Promise<SessionUser | null>) {
    this.#lookup = lookup;
  }

  async find(token: string, now = new Date()): Promise<SessionUser | null> {
    const key = createHash("sha256").update(token).digest("hex");
    const hit = this.#listening ? this.#entries.get(key) : undefined;
    if (hit && hit.until > now.getTime()) return hit.user;
    const generation = this.#generation;
    const user = await this.#lookup(token, now);
    this.#entries.delete(key);
    if (user && this.#listening && generation === this.#generation) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
      this.#entries.set(key, { user, until: now.getTime() + SESSION_CACHE_MS });
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

/** The process's session cache, emptied whenever the database says a session may have ended. */
export async function startSessionCache(
  database: Database,
): Promise<{ cache: SessionCache; stop(): Promise<void> }> {
  const cache = new SessionCache((token, now) => findSessionUser(database.db, token, now));
  if (database.kind === "pglite") {
    const unlisten = await database.pglite.listen(SESSION_ENDED_CHANNEL, () => cache.clear());
    cache.setListening(true);
    return { cache, stop: () => unlisten() };
  }
  const listener = new SessionListener(
    database.url,
    (listening) => cache.setListening(listening),
    () => cache.clear(),
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
