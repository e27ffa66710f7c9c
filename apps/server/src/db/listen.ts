import pg from "pg";
import type { Database } from "./client.ts";

/** What a notification empties: a cache that answers only while the notifications are heard. */
export interface ChangeListener {
  clear(): void;
  setListening(listening: boolean): void;
}

/**
 * Empties the targets on every notification on `channel`. PGlite delivers in-process, before the notifying
 * statement returns; on PostgreSQL a dedicated connection LISTENs and connects again (with back-off) when it
 * is lost, and the targets are told they may not answer while it is down. Returns the function that stops.
 */
export async function listenForChanges(
  database: Database,
  channel: string,
  ...targets: ChangeListener[]
): Promise<() => Promise<void>> {
  const target: ChangeListener = {
    clear: () => {
      for (const t of targets) t.clear();
    },
    setListening: (listening) => {
      for (const t of targets) t.setListening(listening);
    },
  };
  if (database.kind === "pglite") {
    const unlisten = await database.pglite.listen(channel, () => target.clear());
    target.setListening(true);
    return () => unlisten();
  }
  const listener = new PostgresListener(database.url, channel, target);
  await listener.start();
  return () => listener.stop();
}

class PostgresListener {
  #client: pg.Client | null = null;
  #stopped = false;
  #retry: NodeJS.Timeout | undefined;

  readonly #url: string;
  readonly #channel: string;
  readonly #target: ChangeListener;

  constructor(url: string, channel: string, target: ChangeListener) {
    this.#url = url;
    this.#channel = channel;
    this.#target = target;
  }

  async start(delayMs = 500): Promise<void> {
    if (this.#stopped) return;
    const client = new pg.Client({ connectionString: this.#url });
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = null;
      this.#target.setListening(false);
      client.end().catch(() => {});
      this.#retry = setTimeout(() => void this.start(Math.min(delayMs * 2, 10_000)), delayMs);
      this.#retry.unref();
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", () => this.#target.clear());
    this.#client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${this.#channel}`);
      if (this.#client === client) this.#target.setListening(true);
    } catch {
      lost();
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = null;
    this.#target.setListening(false);
    await client?.end().catch(() => {});
  }
}
