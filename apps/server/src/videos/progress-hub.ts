import type { JobRow, JobTracker } from "../jobs/tracker.ts";

type Listener = (rows: JobRow[]) => void;

/**
 * One poller per process for every open progress stream: each tick reads the job rows of all watched
 * projects in one query and hands each stream its project's rows. Runs only while someone listens.
 */
export class ProgressHub {
  readonly #tracker: JobTracker;
  readonly #everyMs: number;
  readonly #listeners = new Map<string, Set<Listener>>();
  #running = false;

  constructor(tracker: JobTracker, everyMs = 400) {
    this.#tracker = tracker;
    this.#everyMs = everyMs;
  }

  /** Calls `listener` with the project's job rows (newest first) on every tick; answers the unsubscribe. */
  subscribe(projectId: string, listener: Listener): () => void {
    const set = this.#listeners.get(projectId) ?? new Set();
    set.add(listener);
    this.#listeners.set(projectId, set);
    if (!this.#running) void this.#run();
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.#listeners.get(projectId) === set) this.#listeners.delete(projectId);
    };
  }

  async #run() {
    this.#running = true;
    try {
      while (this.#listeners.size > 0) {
        const rows = await this.#tracker.listForProjects([...this.#listeners.keys()]).catch(() => null);
        for (const [projectId, listeners] of this.#listeners) {
          const mine = rows?.filter((row) => row.projectId === projectId) ?? [];
          if (rows) for (const listener of listeners) listener(mine);
        }
        await new Promise((resolve) => setTimeout(resolve, this.#everyMs));
      }
    } finally {
      this.#running = false;
    }
  }
}

/** An open stream: how to end it, and how to ask it to check again that its user may still watch. */
interface OpenStream {
  close: () => void;
  recheck: () => void;
}

/**
 * The least time between two passes of "every stream checks again": each pass costs a database read per
 * open stream, and the notifications that ask for one (a session or key ended, a member removed) can come
 * in bursts. A call within this time of the last pass gets one more pass at its end.
 */
export const RECHECK_SPACING_MS = 1000;

/** The open streams of each user, at most `max`: a new one beyond that closes the oldest. */
export class UserStreams {
  readonly #max: number;
  readonly #open = new Map<string, OpenStream[]>();
  #spacing: NodeJS.Timeout | undefined;
  #again = false;

  constructor(max: number) {
    this.#max = max;
  }

  /** Registers a stream's close function; answers the function to call when the stream ends. */
  add(userId: string, close: () => void, recheck: () => void = () => {}): () => void {
    const list = this.#open.get(userId) ?? [];
    const stream = { close, recheck };
    list.push(stream);
    this.#open.set(userId, list);
    while (list.length > this.#max) list.shift()!.close();
    return () => {
      const i = list.indexOf(stream);
      if (i >= 0) list.splice(i, 1);
      if (list.length === 0 && this.#open.get(userId) === list) this.#open.delete(userId);
    };
  }

  /** Closes every stream of the user (sign-out). */
  closeAll(userId: string): void {
    for (const stream of [...(this.#open.get(userId) ?? [])]) stream.close();
  }

  /**
   * Has every open stream check its access again (a session or key ended, someone left a workspace, in any
   * process): now, or at the end of RECHECK_SPACING_MS when a pass just ran.
   */
  recheckAll(): void {
    if (this.#spacing) {
      this.#again = true;
      return;
    }
    for (const list of this.#open.values()) for (const stream of [...list]) stream.recheck();
    this.#spacing = setTimeout(() => {
      this.#spacing = undefined;
      if (this.#again) {
        this.#again = false;
        this.recheckAll();
      }
    }, RECHECK_SPACING_MS);
    this.#spacing.unref();
  }
}
