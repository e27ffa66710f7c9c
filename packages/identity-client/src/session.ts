import { backoffDelay } from "./backoff.ts";
import { type Clock, sleep } from "./clock.ts";
import { REFRESH_INTERVAL_MS } from "./constants.ts";
import type { Logger } from "./context.ts";
import { applyAuthentication, type ClientContext } from "./context.ts";
import { FALLBACK_MESSAGES, isUnrecoverableError } from "./errors.ts";
import type { SessionStore } from "./session-store.ts";
import type {
  AuthenticateResponse,
  RawAuthenticateData,
  ResponseCommon,
  Session,
  SessionTokens,
  UnsubscribeFunction,
} from "./types.ts";
import { validate } from "./validate.ts";

export interface SessionAPI {
  /** The in-memory session, or null when logged out. */
  getSync(): Session | null;
  getInfo(): { session: Session | null; fromCache: boolean };
  getTokens(): SessionTokens | null;
  getIntermediateSessionToken(): string | null;
  /** Called with the new session (or null) whenever it changes. */
  onChange(callback: (session: Session | null) => void): UnsubscribeFunction;
  /** POST /sessions/authenticate: confirms and optionally extends the session. */
  authenticate(options?: { session_duration_minutes?: number }): Promise<AuthenticateResponse>;
  /** POST /sessions/revoke: logs out. State is cleared on success, or always with `forceClear`. */
  revoke(options?: { forceClear?: boolean }): Promise<ResponseCommon>;
  /** Adopt tokens obtained elsewhere (e.g. from the app's backend). */
  updateSession(tokens: { session_token: string; session_jwt?: string | null }): void;
}

export function createSessionAPI(ctx: ClientContext): SessionAPI {
  const { store } = ctx;
  const authenticate = async (options?: {
    session_duration_minutes?: number;
  }): Promise<AuthenticateResponse> => {
    validate("session.authenticate").optionalNumber(
      "session_duration_minutes",
      options?.session_duration_minutes,
    );
    const before = store.getSession()?.session_id;
    const stale = () => store.getSession()?.session_id !== before;
    try {
      const data = await ctx.http.request<RawAuthenticateData>({
        method: "POST",
        path: "/sessions/authenticate",
        body: { session_duration_minutes: options?.session_duration_minutes },
        errorMessage: FALLBACK_MESSAGES.sessionAuthenticate,
      });
      // Another call logged in (or out) meanwhile: this answer is about an older session; ask again.
      if (stale()) return authenticate(options);
      return applyAuthentication(ctx, data);
    } catch (err) {
      if (stale()) return authenticate(options);
      if (isUnrecoverableError(err)) store.destroySession();
      throw err;
    }
  };

  return {
    getSync: () => store.getSession(),
    getInfo: () => ({ session: store.getSession(), fromCache: store.fromCache }),
    getTokens: () => store.getTokens(),
    getIntermediateSessionToken: () => store.getIntermediateSessionToken(),
    onChange(callback) {
      let last = store.getSession();
      return store.subscribe((state) => {
        const next = state?.session ?? null;
        if (next !== last) {
          last = next;
          callback(next);
        }
      });
    },
    authenticate,
    async revoke(options) {
      try {
        const resp = await ctx.http.request<ResponseCommon>({
          method: "POST",
          path: "/sessions/revoke",
          errorMessage: FALLBACK_MESSAGES.sessionRevoke,
        });
        store.destroyState();
        return resp;
      } catch (err) {
        if (options?.forceClear || isUnrecoverableError(err)) store.destroyState();
        throw err;
      }
    },
    updateSession(tokens) {
      validate("session.updateSession")
        .string("session_token", tokens.session_token)
        .optionalString("session_jwt", tokens.session_jwt ?? undefined);
      store.updateTokens(tokens);
    },
  };
}

interface SessionRefresherOptions {
  store: SessionStore;
  /** One refresh: POST /sessions/authenticate. */
  refresh: () => Promise<unknown>;
  clock: Clock;
  random?: () => number;
  logger: Logger;
}

/**
 * Background refresh: while a session exists, the session is re-authenticated every 3 minutes. A failed
 * refresh is retried after {@link backoffDelay}(1), (2), … (2000 ms × 2^attempt, attempt capped at 7,
 * ±175 ms jitter) until it succeeds; an unrecoverable error type (see UNRECOVERABLE_ERROR_TYPES) destroys
 * the session instead. Logging out stops the loop.
 */
export class SessionRefresher {
  readonly #o: SessionRefresherOptions;
  #timer: unknown = null;
  #generation = 0;
  #running = false;
  #unsubscribe: (() => void) | null = null;

  constructor(options: SessionRefresherOptions) {
    this.#o = options;
  }

  /** Starts watching the store; refreshes at once when a session token is already present (page load). */
  start(): void {
    if (this.#unsubscribe) return;
    this.#unsubscribe = this.#o.store.subscribe((state) => {
      if (state?.session) {
        if (!this.#running) this.schedule();
      } else {
        this.cancel();
      }
    });
    if (this.#o.store.getSessionToken()) void this.refreshNow();
  }

  stop(): void {
    this.cancel();
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  /** Schedules the next refresh 3 minutes from now (replacing any scheduled one). */
  schedule(): void {
    this.#clearTimer();
    this.#timer = this.#o.clock.setTimeout(() => {
      this.#timer = null;
      void this.refreshNow();
    }, REFRESH_INTERVAL_MS);
  }

  /** Stops the scheduled refresh and any retry loop in progress. */
  cancel(): void {
    this.#clearTimer();
    this.#generation++;
    this.#running = false;
  }

  get scheduled(): boolean {
    return this.#timer !== null;
  }

  /** Refreshes now, retrying with backoff; resolves when the loop ends (success, logout or cancel). */
  async refreshNow(): Promise<void> {
    this.#clearTimer();
    const generation = ++this.#generation;
    this.#running = true;
    const alive = () => generation === this.#generation;
    try {
      for (let attempt = 0; alive(); ) {
        try {
          await this.#o.refresh();
          if (alive() && this.#o.store.getSession()) this.schedule();
          return;
        } catch (err) {
          if (!alive()) return;
          if (isUnrecoverableError(err)) {
            this.#o.logger.warn("Session refresh failed; the session is no longer valid. Logging out.", err);
            this.#o.store.destroySession();
            return;
          }
          attempt++;
          await sleep(this.#o.clock, backoffDelay(attempt, this.#o.random));
        }
      }
    } finally {
      if (alive()) this.#running = false;
    }
  }

  #clearTimer(): void {
    if (this.#timer !== null) {
      this.#o.clock.clearTimeout(this.#timer);
      this.#timer = null;
    }
  }
}
