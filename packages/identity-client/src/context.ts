import type { BootstrapManager } from "./bootstrap.ts";
import type { Clock } from "./clock.ts";
import type { HttpCore } from "./http.ts";
import type { PKCEStore } from "./pkce.ts";
import type { LocationLike, SessionStore } from "./session-store.ts";
import type { TelemetryEvent } from "./telemetry.ts";
import type { AuthenticateResponse, RawAuthenticateData, User } from "./types.ts";

export interface Logger {
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** Browser facilities the API areas use; all injectable. */
interface BrowserEnv {
  location: LocationLike;
  /** Full-page navigation (OAuth start). */
  navigate: (url: string) => void;
  /** `navigator.credentials` (WebAuthn). */
  credentials: CredentialsContainer | undefined;
  userAgent: string;
  /** `window.PublicKeyCredential`, for feature detection. */
  publicKeyCredential: { isConditionalMediationAvailable?: () => Promise<boolean> } | undefined;
}

/** What every API area shares. */
export interface ClientContext {
  publicToken: string;
  /** Origin of the provider's public API (OAuth start redirects). */
  apiBaseUrl: string;
  http: HttpCore;
  store: SessionStore;
  bootstrap: BootstrapManager;
  pkce: { magicLinks: PKCEStore; oauth: PKCEStore; passwords: PKCEStore };
  logEvent: (event: Omit<TelemetryEvent, "public_token">) => void;
  /** Sends queued telemetry now (before the page navigates away). */
  flushEvents: () => Promise<void>;
  logger: Logger;
  clock: Clock;
  env: BrowserEnv;
}

/** Drops the `__user` field the API adds to responses of calls that change the user. */
function omitInternalUser<T extends object>(data: T): Omit<T, "__user"> {
  const { __user: _ignored, ...rest } = data as T & { __user?: unknown };
  return rest;
}

/** Removes the response envelope's `request_id` and `status_code`, leaving the object itself. */
export function removeResponseCommon<T extends object>(data: T): Omit<T, "request_id" | "status_code"> {
  const {
    request_id: _r,
    status_code: _s,
    ...rest
  } = data as T & { request_id?: unknown; status_code?: unknown };
  return rest;
}

/**
 * Stores the outcome of any authenticate call ("logged in after any successful authenticate call that
 * stores session and user"): a full session replaces the intermediate session token; a response with only an
 * intermediate session token keeps that for 10 minutes. Returns the response with `user` filled from
 * `__user` when the API sent it there.
 */
export function applyAuthentication(ctx: ClientContext, data: RawAuthenticateData): AuthenticateResponse {
  const rawUser = (data.__user ?? data.user) as User | undefined;
  const user = rawUser ? (removeResponseCommon(rawUser) as User) : undefined;
  if (data.session && typeof data.session_token === "string" && user) {
    ctx.store.setAuthenticated({
      session: data.session,
      user,
      session_token: data.session_token,
      session_jwt: typeof data.session_jwt === "string" ? data.session_jwt : "",
    });
  } else if (typeof data.intermediate_session_token === "string" && data.intermediate_session_token) {
    ctx.store.setIntermediateSessionToken(data.intermediate_session_token);
  }
  const { __user: _ignored, ...rest } = data;
  return { ...rest, user } as AuthenticateResponse;
}

/** Responses of calls that change the user carry the new user as `__user`; store it and drop it. */
export function applyUserUpdate<T extends object>(
  ctx: ClientContext,
  data: T & { __user?: User },
): Omit<T, "__user"> {
  if (data.__user)
    ctx.store.updateUser(removeResponseCommon(data.__user as User & Record<string, unknown>) as User);
  return omitInternalUser(data);
}
