import type { Clock } from "./clock.ts";
import { CLIENT_VERSION, EVENT_BATCH_MAX, EVENT_FLUSH_INTERVAL_MS, SDK_IDENTIFIER } from "./constants.ts";

/** The blob sent base64-encoded in the X-SDK-Client header and with every telemetry event. */
export interface TelemetryBlob {
  event_id: string;
  app_session_id: string;
  persistent_id: string;
  client_sent_at: string;
  timezone: string;
  stytch_user_id?: string | undefined;
  stytch_session_id?: string | undefined;
  app: { identifier: string };
  sdk: { identifier: string; version: string };
}

/** An RFC 4122 version 4 UUID from 16 random bytes (works outside secure contexts, unlike randomUUID). */
export function uuidv4(random: Uint8Array): string {
  if (random.length < 16) throw new RangeError("uuidv4 needs 16 random bytes");
  const b = Uint8Array.from(random.subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createTelemetryBlob(input: {
  eventId: string;
  appSessionId: string;
  persistentId: string;
  now: number;
  timezone: string;
  hostname: string;
  userId?: string | undefined;
  sessionId?: string | undefined;
}): TelemetryBlob {
  return {
    event_id: input.eventId,
    app_session_id: input.appSessionId,
    persistent_id: input.persistentId,
    client_sent_at: new Date(input.now).toISOString(),
    timezone: input.timezone,
    stytch_user_id: input.userId,
    stytch_session_id: input.sessionId,
    app: { identifier: input.hostname },
    sdk: { identifier: SDK_IDENTIFIER, version: CLIENT_VERSION },
  };
}

/** One telemetry event as POSTed to /events. */
export interface TelemetryEvent {
  public_token: string;
  event_name: string;
  details?: Record<string, unknown> | undefined;
  error_code?: string | undefined;
  error_description?: string | undefined;
  http_status_code?: number | undefined;
}

export interface BatchedEvent {
  telemetry: TelemetryBlob;
  event: TelemetryEvent;
}

interface EventBatcherOptions {
  send: (batch: BatchedEvent[]) => Promise<void>;
  clock: Clock;
  maxBatchSize?: number;
  intervalMs?: number;
}

/**
 * Telemetry batching: events are queued and sent together, at most 15 per batch. A batch is sent as
 * soon as it holds 15 events, otherwise 800 ms after its first event was queued, so no event waits longer
 * than 800 ms. Sending failures are swallowed: telemetry never breaks sign-in.
 */
export class EventBatcher {
  readonly #o: Required<EventBatcherOptions>;
  #batch: BatchedEvent[] = [];
  #timer: unknown = null;
  #inFlight = new Set<Promise<void>>();

  constructor(options: EventBatcherOptions) {
    this.#o = {
      maxBatchSize: EVENT_BATCH_MAX,
      intervalMs: EVENT_FLUSH_INTERVAL_MS,
      ...options,
    };
  }

  get pending(): number {
    return this.#batch.length;
  }

  add(item: BatchedEvent): void {
    this.#batch.push(item);
    if (this.#batch.length >= this.#o.maxBatchSize) {
      void this.flush();
    } else if (this.#timer === null) {
      this.#timer = this.#o.clock.setTimeout(() => {
        this.#timer = null;
        void this.flush();
      }, this.#o.intervalMs);
    }
  }

  /** Sends what is queued (in batches of at most 15) and resolves when those requests have finished. */
  async flush(): Promise<void> {
    this.#cancelTimer();
    while (this.#batch.length > 0) {
      const batch = this.#batch.slice(0, this.#o.maxBatchSize);
      this.#batch = this.#batch.slice(this.#o.maxBatchSize);
      const p = this.#o.send(batch).catch(() => undefined);
      this.#inFlight.add(p);
      void p.finally(() => this.#inFlight.delete(p));
    }
    await Promise.all([...this.#inFlight]);
  }

  /** Stops the timer; queued events are dropped unless flushed first. */
  dispose(): void {
    this.#cancelTimer();
    this.#batch = [];
  }

  #cancelTimer(): void {
    if (this.#timer !== null) {
      this.#o.clock.clearTimeout(this.#timer);
      this.#timer = null;
    }
  }
}
