/**
 * Answers read from the database, kept in memory while the database's change notifications are heard.
 * Whatever may have changed an answer empties the whole cache (a notification, or the owner's `clear()`);
 * a read that began before an emptying does not store what it read; while the notifications are not heard
 * (`setListening(false)`) every call reads. Bounded: past `maxEntries` it starts again empty.
 */
export class NotifiedCache<V> {
  #entries = new Map<string, { value: V; until: number }>();
  /** Bumped by every clear. */
  #generation = 0;
  #listening = false;

  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(opts: { ttlMs: number; maxEntries: number }) {
    this.#ttlMs = opts.ttlMs;
    this.#maxEntries = opts.maxEntries;
  }

  /**
   * The cached answer for `key`, else `read()`'s, kept until the time `keepUntil` gives (by default the
   * cache's TTL; null: not kept).
   */
  async get(
    key: string,
    read: () => Promise<V>,
    keepUntil: (value: V, ttlEnd: number) => number | null = (_value, ttlEnd) => ttlEnd,
    now = Date.now(),
  ): Promise<V> {
    const hit = this.#listening ? this.#entries.get(key) : undefined;
    if (hit && hit.until > now) return hit.value;
    const generation = this.#generation;
    const value = await read();
    this.#entries.delete(key);
    const until = keepUntil(value, now + this.#ttlMs);
    if (this.#listening && generation === this.#generation && until !== null && until > now) {
      if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
      this.#entries.set(key, { value, until });
    }
    return value;
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  /** Whether the cache may answer (only while the change notifications are heard). */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.clear();
  }
}
