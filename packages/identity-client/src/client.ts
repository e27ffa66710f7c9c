import { type BootstrapData, BootstrapManager } from "./bootstrap.ts";
import { bootstrapRecaptchaProvider } from "./captcha.ts";
import { type Clock, systemClock } from "./clock.ts";
import { PUBLIC_TOKEN_PREFIX } from "./constants.ts";
import type { ClientContext, Logger } from "./context.ts";
import { type CookieJar, type CookieOptions, documentCookieJar, memoryCookieJar } from "./cookies.ts";
import { type CryptoWalletsAPI, createCryptoWalletsAPI } from "./crypto-wallets.ts";
import { createEventsAPI, type EventsAPI } from "./events.ts";
import { type CaptchaProvider, type FetchLike, HttpCore } from "./http.ts";
import { createMagicLinksAPI, type MagicLinksAPI } from "./magic-links.ts";
import { createOAuthAPI, type OAuthAPI } from "./oauth.ts";
import { createOTPsAPI, type OTPsAPI } from "./otps.ts";
import { createPasswordsAPI, type PasswordsAPI } from "./passwords.ts";
import { type PKCECrypto, PKCEStore } from "./pkce.ts";
import { createSessionAPI, type SessionAPI, SessionRefresher } from "./session.ts";
import { type LocationLike, SessionStore } from "./session-store.ts";
import { defaultStorage, type KeyValueStorage, storageKey } from "./storage.ts";
import { createTelemetryBlob, EventBatcher, type TelemetryEvent, uuidv4 } from "./telemetry.ts";
import { createTOTPsAPI, type TOTPsAPI } from "./totps.ts";
import type { SessionState, UnsubscribeFunction } from "./types.ts";
import { createUserAPI, type UserAPI } from "./user.ts";
import { createWebAuthnAPI, type WebAuthnAPI } from "./webauthn.ts";

export interface IdentityClientOptions {
  /** The project's public token ("public-token-…"). */
  publicToken: string;
  /** Origin of the provider's SDK backend; calls go to `${baseUrl}/sdk/v1/…`. */
  baseUrl: string;
  /** Origin of the provider's public API for OAuth start redirects (default: baseUrl). */
  apiBaseUrl?: string;
  /** Cookie names, path and domain (the specified defaults). */
  cookieOptions?: CookieOptions;
  fetch?: FetchLike;
  /** Where session state and PKCE pairs are kept (default: localStorage). */
  storage?: KeyValueStorage;
  /** Where session tokens are kept (default: document.cookie). */
  cookies?: CookieJar;
  clock?: Clock;
  /** Random numbers in [0, 1) for the backoff jitter (default: Math.random). */
  random?: () => number;
  crypto?: PKCECrypto;
  /** Captcha for protected calls (default: reCAPTCHA Enterprise when the project's bootstrap enables it). */
  captcha?: CaptchaProvider;
  location?: LocationLike;
  /** Full-page navigation for OAuth start (default: location.assign). */
  navigate?: (url: string) => void;
  /** navigator.credentials (default: the browser's). */
  credentials?: CredentialsContainer;
  logger?: Logger;
  /** Run the background session refresh (default: true). */
  autoRefresh?: boolean;
}

export interface IdentityClient {
  readonly publicToken: string;
  magicLinks: MagicLinksAPI;
  otps: OTPsAPI;
  oauth: OAuthAPI;
  passwords: PasswordsAPI;
  totps: TOTPsAPI;
  webauthn: WebAuthnAPI;
  cryptoWallets: CryptoWalletsAPI;
  session: SessionAPI;
  user: UserAPI;
  events: EventsAPI;
  bootstrap: { get(): Promise<BootstrapData>; getSync(): BootstrapData };
  /** Called with the whole state ({session, user} or null) on every change. */
  onStateChange(callback: (state: SessionState | null) => void): UnsubscribeFunction;
  /** Stops timers and listeners (refresh, telemetry, cross-tab sync). */
  destroy(): void;
}

const defaultLogger: Logger = {
  warn: (...args) => console.warn("[identity]", ...args),
  error: (...args) => console.error("[identity]", ...args),
};

const DOCS_HINT = "\nYou can find your public token in the identity provider's project settings.";

/** The public token is expected to start with "public-token-"; otherwise a warning is logged. */
export function checkPublicToken(publicToken: unknown, logger: Logger = defaultLogger): boolean {
  if (typeof publicToken !== "string") {
    logger.warn(`Public token is malformed. Expected a string, got ${typeof publicToken}.${DOCS_HINT}`);
    return false;
  }
  if (publicToken === "") {
    logger.warn(
      `Public token is malformed. Expected "${PUBLIC_TOKEN_PREFIX}...", got an empty string.${DOCS_HINT}`,
    );
    return false;
  }
  if (!publicToken.startsWith(PUBLIC_TOKEN_PREFIX)) {
    logger.warn(
      `Public token is malformed. Expected "${PUBLIC_TOKEN_PREFIX}...", got ${publicToken}.${DOCS_HINT}`,
    );
    return false;
  }
  return true;
}

function browserLocation(): LocationLike {
  const l = globalThis.location as Location | undefined;
  if (l?.hostname !== undefined) return { hostname: l.hostname, host: l.host, origin: l.origin };
  return { hostname: "localhost", host: "localhost", origin: "" };
}

export function createIdentityClient(options: IdentityClientOptions): IdentityClient {
  const logger = options.logger ?? defaultLogger;
  checkPublicToken(options.publicToken, logger);
  const publicToken = options.publicToken;
  const clock = options.clock ?? systemClock;
  const storage = options.storage ?? defaultStorage();
  const crypto = options.crypto ?? globalThis.crypto;
  const location = options.location ?? browserLocation();
  const cookies =
    options.cookies ?? (globalThis.document ? documentCookieJar(globalThis.document) : memoryCookieJar());
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const store = new SessionStore({
    publicToken,
    storage,
    cookies,
    cookieOptions: options.cookieOptions,
    location,
    clock,
  });

  const randomId = () => uuidv4(crypto.getRandomValues(new Uint8Array(16)));
  const appSessionId = `app-session-id-${randomId()}`;
  const persistentKey = storageKey(publicToken, "persistent_id");
  let persistentId = storage.getItem(persistentKey);
  if (!persistentId) {
    persistentId = `persistent-id-${randomId()}`;
    try {
      storage.setItem(persistentKey, persistentId);
    } catch {
      // keep it for this page only
    }
  }
  let timezone = "UTC";
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    // keep UTC
  }
  const telemetry = () =>
    createTelemetryBlob({
      eventId: `event-id-${randomId()}`,
      appSessionId,
      persistentId: persistentId as string,
      now: clock.now(),
      timezone,
      hostname: location.hostname,
      userId: store.getUser()?.user_id,
      sessionId: store.getSession()?.session_id,
    });

  let bootstrap: BootstrapManager | undefined;
  const http = new HttpCore({
    publicToken,
    baseUrl: options.baseUrl,
    fetch: fetchFn,
    getSessionToken: () => store.getSessionToken(),
    telemetry,
    parentHost: location.origin || undefined,
    captcha:
      options.captcha ?? bootstrapRecaptchaProvider({ get: () => (bootstrap as BootstrapManager).get() }),
    captchaUpfront: async () => (await bootstrap?.get())?.captchaSettings.enabled === true,
  });
  bootstrap = new BootstrapManager(http, storage, publicToken);

  const batcher = new EventBatcher({ send: (batch) => http.sendEvents(batch), clock });
  const logEvent = (event: Omit<TelemetryEvent, "public_token">) =>
    batcher.add({ telemetry: telemetry(), event: { public_token: publicToken, ...event } });

  const nav = globalThis.navigator as Navigator | undefined;
  const ctx: ClientContext = {
    publicToken,
    apiBaseUrl: (options.apiBaseUrl ?? options.baseUrl).replace(/\/+$/, ""),
    http,
    store,
    bootstrap,
    pkce: {
      magicLinks: new PKCEStore(storage, publicToken, "magic_links", crypto),
      oauth: new PKCEStore(storage, publicToken, "oauth", crypto),
      passwords: new PKCEStore(storage, publicToken, "passwords", crypto),
    },
    logEvent,
    flushEvents: () => batcher.flush(),
    logger,
    clock,
    env: {
      location,
      navigate: options.navigate ?? ((url) => globalThis.location.assign(url)),
      credentials: options.credentials ?? nav?.credentials,
      userAgent: nav?.userAgent ?? "",
      publicKeyCredential: (globalThis as { PublicKeyCredential?: BrowserPublicKeyCredential })
        .PublicKeyCredential,
    },
  };

  const session = createSessionAPI(ctx);
  const refresher = new SessionRefresher({
    store,
    refresh: () => session.authenticate(),
    clock,
    ...(options.random ? { random: options.random } : {}),
    logger,
  });
  if (options.autoRefresh !== false) refresher.start();

  // Other tabs log in and out too: follow their changes to the persisted state.
  const onStorage = (e: Event) => {
    const se = e as StorageEvent;
    if (se.key === store.storageKey) store.applyExternalChange(se.newValue);
  };
  const target = globalThis as {
    addEventListener?: typeof addEventListener;
    removeEventListener?: typeof removeEventListener;
  };
  target.addEventListener?.("storage", onStorage);

  const boot = bootstrap;
  return {
    publicToken,
    magicLinks: createMagicLinksAPI(ctx),
    otps: createOTPsAPI(ctx),
    oauth: createOAuthAPI(ctx),
    passwords: createPasswordsAPI(ctx),
    totps: createTOTPsAPI(ctx),
    webauthn: createWebAuthnAPI(ctx),
    cryptoWallets: createCryptoWalletsAPI(ctx),
    session,
    user: createUserAPI(ctx),
    events: createEventsAPI(logEvent, () => batcher.flush()),
    bootstrap: { get: () => boot.get(), getSync: () => boot.getSync() },
    onStateChange: (callback) => store.subscribe(callback),
    destroy() {
      refresher.stop();
      batcher.dispose();
      target.removeEventListener?.("storage", onStorage);
    },
  };
}

type BrowserPublicKeyCredential = { isConditionalMediationAvailable?: () => Promise<boolean> };
