import type { Clock } from "./clock.ts";
import {
  INTERMEDIATE_SESSION_TOKEN_COOKIE,
  INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS,
  SESSION_COOKIE,
  SESSION_JWT_COOKIE,
} from "./constants.ts";
import { type CookieAttributes, type CookieJar, type CookieOptions, cookieAttributes } from "./cookies.ts";
import { type KeyValueStorage, storageKey } from "./storage.ts";
import type { Session, SessionState, SessionTokens, User } from "./types.ts";

export interface LocationLike {
  hostname: string;
  host: string;
  origin: string;
}

interface SessionStoreOptions {
  publicToken: string;
  storage: KeyValueStorage;
  cookies: CookieJar;
  cookieOptions?: CookieOptions | undefined;
  location: LocationLike;
  clock: Clock;
}

type StateListener = (state: SessionState | null) => void;

/** Deep equality that ignores `last_accessed_at`, which changes on every refresh without meaning anything. */
export function sameState(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => k !== "last_accessed_at");
  const kb = Object.keys(b).filter((k) => k !== "last_accessed_at");
  if (ka.length !== kb.length) return false;
  const rb = b as Record<string, unknown>;
  const ra = a as Record<string, unknown>;
  return ka.every((k) => k in rb && sameState(ra[k], rb[k]));
}

/**
 * The session lifecycle state: session and user (kept in localStorage so other tabs and reloads
 * see them), the session token and JWT (cookies `stytch_session` / `stytch_session_jwt`, expiring with the
 * session) and the intermediate session token (cookie `stytch_intermediate_session_token`, 10 minutes,
 * removed when a full session is set). Listeners hear every change of session or user.
 */
export class SessionStore {
  readonly #o: SessionStoreOptions;
  readonly #listeners = new Set<StateListener>();
  #state: SessionState | null = null;
  #fromCache = true;

  constructor(options: SessionStoreOptions) {
    this.#o = options;
    this.#state = this.#readPersisted();
    // Without a session token cookie the cached state is stale (logged out elsewhere, cookie expired).
    if (this.#state && !this.getSessionToken()) {
      this.#state = null;
      this.#persist();
    }
    const expiresAt = Date.parse(this.#state?.session?.expires_at ?? "");
    if (this.#state?.session && !Number.isNaN(expiresAt) && expiresAt < options.clock.now()) {
      this.destroyState();
    }
  }

  get sessionCookieName(): string {
    return this.#o.cookieOptions?.opaqueTokenCookieName || SESSION_COOKIE;
  }
  get jwtCookieName(): string {
    return this.#o.cookieOptions?.jwtCookieName || SESSION_JWT_COOKIE;
  }
  get istCookieName(): string {
    return this.#o.cookieOptions?.istCookieName || INTERMEDIATE_SESSION_TOKEN_COOKIE;
  }
  get storageKey(): string {
    return storageKey(this.#o.publicToken);
  }

  getState(): SessionState | null {
    return this.#state;
  }
  getSession(): Session | null {
    return this.#state?.session ?? null;
  }
  getUser(): User | null {
    return this.#state?.user ?? null;
  }
  /** True until the cached state has been confirmed or replaced by the server. */
  get fromCache(): boolean {
    return this.#fromCache;
  }

  getSessionToken(): string | undefined {
    return this.#o.cookies.get(this.sessionCookieName) || undefined;
  }

  getTokens(): SessionTokens | null {
    const session_token = this.#o.cookies.get(this.sessionCookieName);
    const session_jwt = this.#o.cookies.get(this.jwtCookieName);
    if (typeof session_token !== "string" || typeof session_jwt !== "string") return null;
    return { session_token, session_jwt };
  }

  getIntermediateSessionToken(): string | null {
    return this.#o.cookies.get(this.istCookieName) || null;
  }

  /** A full session: write both token cookies (expiring with the session), drop the IST, store the state. */
  setAuthenticated(input: {
    session: Session;
    user: User;
    session_token: string;
    session_jwt: string;
  }): void {
    const attrs = this.#attrs(new Date(input.session.expires_at));
    this.#o.cookies.set(this.sessionCookieName, input.session_token, attrs);
    this.#o.cookies.set(this.jwtCookieName, input.session_jwt, attrs);
    this.#removeCookies([this.istCookieName]);
    this.#update({ session: input.session, user: input.user }, true);
  }

  /** A pending login (e.g. a second factor is due): keep the IST for 10 minutes, no full session. */
  setIntermediateSessionToken(token: string): void {
    const expires = new Date(this.#o.clock.now() + INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS);
    this.#o.cookies.set(this.istCookieName, token, this.#attrs(expires));
    this.#removeCookies([this.sessionCookieName, this.jwtCookieName]);
    this.#update(null, false);
  }

  /** Replace the tokens without touching session or user (session.updateSession). */
  updateTokens(tokens: { session_token: string; session_jwt?: string | null | undefined }): void {
    const attrs = this.#attrs(new Date(this.getSession()?.expires_at ?? ""));
    this.#o.cookies.set(this.sessionCookieName, tokens.session_token, attrs);
    if (tokens.session_jwt) this.#o.cookies.set(this.jwtCookieName, tokens.session_jwt, attrs);
    else this.#removeCookies([this.jwtCookieName]);
    this.#removeCookies([this.istCookieName]);
  }

  updateUser(user: User): void {
    this.#update({ session: this.#state?.session ?? null, user }, true);
  }

  /** Log out: remove the session cookies and the state; an intermediate session token survives. */
  destroySession(): void {
    this.#removeCookies([this.sessionCookieName, this.jwtCookieName]);
    this.#update(null, false);
  }

  /** Remove everything: session cookies, the intermediate session token and the state. */
  destroyState(): void {
    this.#removeCookies([this.sessionCookieName, this.jwtCookieName, this.istCookieName]);
    this.#update(null, false);
  }

  subscribe(listener: StateListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Another tab changed the persisted state (a `storage` event for our key). */
  applyExternalChange(newValue: string | null): void {
    let next: SessionState | null = null;
    try {
      next = newValue ? (JSON.parse(newValue) as SessionState | null) : null;
    } catch {
      next = null;
    }
    const changed = !sameState(this.#state, next);
    this.#state = next;
    this.#fromCache = false;
    if (changed) this.#notify();
  }

  #update(next: SessionState | null, merge: boolean): void {
    const prev = this.#state;
    const value = next === null ? null : merge && prev ? { ...prev, ...next } : next;
    this.#state = value;
    const wasCached = this.#fromCache;
    this.#fromCache = false;
    this.#persist();
    if (wasCached || !sameState(prev, value)) this.#notify();
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(this.#state);
      } catch (err) {
        console.error(err);
      }
    }
  }

  #attrs(expires: Date) {
    const o = this.#o.cookieOptions;
    return cookieAttributes({
      expires,
      hostname: this.#o.location.hostname,
      host: this.#o.location.host,
      path: o?.path,
      domain: o?.domain,
      availableToSubdomains: o?.availableToSubdomains,
    });
  }

  /** Removes cookies under both the configured and the default path and domain, so no stale copy remains. */
  #removeCookies(names: string[]): void {
    const o = this.#o.cookieOptions;
    const variants = new Map<string, Omit<CookieAttributes, "expires">>();
    for (const sub of [true, false]) {
      for (const path of [o?.path, undefined]) {
        for (const domain of [o?.domain, undefined]) {
          const a = this.#attrsFor(sub, path, domain);
          variants.set(`${a.path}|${a.domain ?? ""}|${a.secure}`, a);
        }
      }
    }
    for (const name of names) {
      if (this.#o.cookies.get(name) === undefined) continue;
      for (const attrs of variants.values()) this.#o.cookies.remove(name, attrs);
    }
  }

  #attrsFor(
    availableToSubdomains: boolean,
    path: string | undefined,
    domain: string | undefined,
  ): Omit<CookieAttributes, "expires"> {
    return cookieAttributes({
      hostname: this.#o.location.hostname,
      host: this.#o.location.host,
      path,
      domain,
      availableToSubdomains,
    });
  }

  #persist(): void {
    try {
      this.#o.storage.setItem(this.storageKey, JSON.stringify(this.#state));
    } catch {
      // Quota or disabled storage: the in-memory state still works for this page.
    }
  }

  #readPersisted(): SessionState | null {
    const raw = this.#o.storage.getItem(this.storageKey);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as SessionState | null;
      return parsed && typeof parsed === "object" ? parsed : null;
    } catch {
      return null;
    }
  }
}
