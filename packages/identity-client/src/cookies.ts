import { DEFAULT_COOKIE_PATH } from "./constants.ts";

/** Options a host page may set, as in the public SDK's `cookieOptions`. */
export interface CookieOptions {
  /** Name of the opaque session token cookie (default `stytch_session`). */
  opaqueTokenCookieName?: string;
  /** Name of the session JWT cookie (default `stytch_session_jwt`). */
  jwtCookieName?: string;
  /** Name of the intermediate session token cookie (default `stytch_intermediate_session_token`). */
  istCookieName?: string;
  /** Cookie path (default `/`). */
  path?: string;
  /** Domain to set when `availableToSubdomains` is true (default: the current host). */
  domain?: string;
  /** Set the Domain attribute so subdomains see the cookies. */
  availableToSubdomains?: boolean;
}

export interface CookieAttributes {
  path: string;
  /** Absent: a browser-session cookie. */
  expires?: Date;
  sameSite: "lax";
  secure: boolean;
  domain?: string;
}

/** Cookies are secure except on localhost (and loopback addresses). */
export function isLocalhost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname === "[::1]" ||
    /^127(?:\.(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)){3}$/.test(hostname)
  );
}

/** Cookie defaults: path `/`, SameSite lax, Secure except on localhost; Domain only for subdomain sharing. */
export function cookieAttributes(input: {
  expires?: Date | undefined;
  hostname: string;
  host?: string;
  path?: string | undefined;
  domain?: string | undefined;
  availableToSubdomains?: boolean | undefined;
}): CookieAttributes {
  const attrs: CookieAttributes = {
    path: input.path || DEFAULT_COOKIE_PATH,
    sameSite: "lax",
    secure: !isLocalhost(input.hostname),
  };
  if (input.expires && !Number.isNaN(input.expires.getTime())) attrs.expires = input.expires;
  if (attrs.secure && input.availableToSubdomains)
    attrs.domain = input.domain || input.host || input.hostname;
  return attrs;
}

/** A `document.cookie` assignment string. */
export function serializeCookie(name: string, value: string, attrs: CookieAttributes): string {
  let out = `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  out += `; path=${attrs.path}`;
  if (attrs.expires) out += `; expires=${attrs.expires.toUTCString()}`;
  if (attrs.domain) out += `; domain=${attrs.domain}`;
  out += "; samesite=lax";
  if (attrs.secure) out += "; secure";
  return out;
}

/** Parses a `document.cookie` string into a name → value map (first occurrence wins). */
export function parseCookies(cookieString: string): Map<string, string> {
  const jar = new Map<string, string>();
  if (!cookieString) return jar;
  for (const pair of cookieString.split(/;\s*/)) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    try {
      const name = decodeURIComponent(pair.slice(0, eq).trim());
      let value = pair.slice(eq + 1);
      if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      if (!jar.has(name)) jar.set(name, decodeURIComponent(value));
    } catch {
      // A cookie set by someone else with a malformed encoding: ignore it.
    }
  }
  return jar;
}

/** Reads and writes cookies; `document.cookie` by default, injectable for tests. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, attrs: CookieAttributes): void;
  remove(name: string, attrs: Omit<CookieAttributes, "expires">): void;
}

export function documentCookieJar(doc: { cookie: string }): CookieJar {
  return {
    get: (name) => parseCookies(doc.cookie).get(name),
    set: (name, value, attrs) => {
      doc.cookie = serializeCookie(name, value, attrs);
    },
    remove: (name, attrs) => {
      doc.cookie = serializeCookie(name, "", { ...attrs, expires: new Date(0) });
    },
  };
}

/** A cookie jar in memory that records what was written; for tests and non-browser hosts. */
export function memoryCookieJar(): CookieJar & {
  readonly cookies: Map<string, { value: string; attrs: CookieAttributes }>;
  readonly writes: string[];
  now: () => number;
} {
  const cookies = new Map<string, { value: string; attrs: CookieAttributes }>();
  const writes: string[] = [];
  const jar = {
    cookies,
    writes,
    now: () => Date.now(),
    get(name: string) {
      const c = cookies.get(name);
      if (!c) return undefined;
      if (c.attrs.expires && c.attrs.expires.getTime() <= jar.now()) {
        cookies.delete(name);
        return undefined;
      }
      return c.value;
    },
    set(name: string, value: string, attrs: CookieAttributes) {
      writes.push(serializeCookie(name, value, attrs));
      if (attrs.expires && attrs.expires.getTime() <= jar.now()) cookies.delete(name);
      else cookies.set(name, { value, attrs });
    },
    remove(name: string, attrs: Omit<CookieAttributes, "expires">) {
      jar.set(name, "", { ...attrs, expires: new Date(0) });
    },
  };
  return jar;
}
