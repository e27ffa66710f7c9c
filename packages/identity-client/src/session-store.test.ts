// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { Clock } from "./clock.ts";
import { memoryCookieJar } from "./cookies.ts";
import { SessionStore, sameState } from "./session-store.ts";
import { memoryStorage } from "./storage.ts";
import { fakeSession, fakeUser } from "./testing.ts";
import type { SessionState } from "./types.ts";

const NOW = Date.parse("2030-01-01T00:00:00Z");

function setup(hostname = "app.example.com", cookieOptions = {}) {
  let now = NOW;
  const clock: Clock = { now: () => now, setTimeout: () => 0, clearTimeout: () => undefined };
  const cookies = memoryCookieJar();
  cookies.now = () => now;
  const storage = memoryStorage();
  const make = () =>
    new SessionStore({
      publicToken: "public-token-test-1",
      storage,
      cookies,
      cookieOptions,
      location: { hostname, host: hostname, origin: `https://${hostname}` },
      clock,
    });
  return { store: make(), make, cookies, storage, advance: (ms: number) => (now += ms) };
}

const login = (store: SessionStore) =>
  store.setAuthenticated({
    session: fakeSession(),
    user: fakeUser(),
    session_token: "tok-1",
    session_jwt: "jwt-1",
  });

describe("session cookies", () => {
  it("writes stytch_session and stytch_session_jwt expiring with the session, path /, lax, secure", () => {
    const { store, cookies } = setup();
    login(store);
    const s = cookies.cookies.get("stytch_session")!;
    expect(s.value).toBe("tok-1");
    expect(s.attrs).toEqual({
      path: "/",
      sameSite: "lax",
      secure: true,
      expires: new Date("2030-01-01T01:00:00Z"),
    });
    expect(cookies.cookies.get("stytch_session_jwt")!.value).toBe("jwt-1");
    expect(store.getTokens()).toEqual({ session_token: "tok-1", session_jwt: "jwt-1" });
    expect(cookies.writes[0]).toBe(
      "stytch_session=tok-1; path=/; expires=Tue, 01 Jan 2030 01:00:00 GMT; samesite=lax; secure",
    );
  });

  it("is not secure on localhost", () => {
    const { store, cookies } = setup("localhost");
    login(store);
    expect(cookies.cookies.get("stytch_session")!.attrs.secure).toBe(false);
  });

  it("honours custom cookie names and path", () => {
    const { store, cookies } = setup("app.example.com", {
      opaqueTokenCookieName: "my_session",
      jwtCookieName: "my_jwt",
      path: "/app",
    });
    login(store);
    expect(cookies.cookies.get("my_session")!.attrs.path).toBe("/app");
    expect(cookies.cookies.get("my_jwt")!.value).toBe("jwt-1");
    expect(cookies.cookies.has("stytch_session")).toBe(false);
  });
});

describe("intermediate session token (10 minutes, removed by a full session)", () => {
  it("lives in stytch_intermediate_session_token for exactly 10 minutes", () => {
    const { store, cookies, advance } = setup();
    store.setIntermediateSessionToken("ist-1");
    expect(cookies.cookies.get("stytch_intermediate_session_token")!.attrs.expires).toEqual(
      new Date(NOW + 10 * 60 * 1000),
    );
    expect(store.getIntermediateSessionToken()).toBe("ist-1");
    advance(10 * 60 * 1000 - 1);
    expect(store.getIntermediateSessionToken()).toBe("ist-1");
    advance(1);
    expect(store.getIntermediateSessionToken()).toBeNull();
  });

  it("is removed when a full session is set", () => {
    const { store, cookies } = setup();
    store.setIntermediateSessionToken("ist-1");
    login(store);
    expect(store.getIntermediateSessionToken()).toBeNull();
    expect(cookies.writes.some((w) => w.startsWith("stytch_intermediate_session_token=;"))).toBe(true);
  });

  it("replaces a full session (the login is pending again)", () => {
    const { store } = setup();
    login(store);
    store.setIntermediateSessionToken("ist-2");
    expect(store.getSession()).toBeNull();
    expect(store.getTokens()).toBeNull();
  });

  it("survives destroySession but not destroyState", () => {
    const { store } = setup();
    store.setIntermediateSessionToken("ist-1");
    store.destroySession();
    expect(store.getIntermediateSessionToken()).toBe("ist-1");
    store.destroyState();
    expect(store.getIntermediateSessionToken()).toBeNull();
  });
});

describe("state and subscriptions", () => {
  it("notifies on login and logout, with the state", () => {
    const { store } = setup();
    const seen: (SessionState | null)[] = [];
    store.subscribe((s) => seen.push(s));
    login(store);
    store.destroySession();
    expect(seen).toHaveLength(2);
    expect(seen[0]!.session!.session_id).toBe("session-test-1");
    expect(seen[1]).toBeNull();
    expect(store.getTokens()).toBeNull();
  });

  it("does not notify when only last_accessed_at changed", () => {
    const { store } = setup();
    login(store);
    let n = 0;
    store.subscribe(() => n++);
    store.setAuthenticated({
      session: fakeSession({ last_accessed_at: "2030-01-01T00:03:00Z" }),
      user: fakeUser(),
      session_token: "tok-1",
      session_jwt: "jwt-2",
    });
    expect(n).toBe(0);
    expect(store.getTokens()!.session_jwt).toBe("jwt-2");
    store.updateUser(fakeUser({ name: { first_name: "Ada" } }));
    expect(n).toBe(1);
  });

  it("unsubscribes", () => {
    const { store } = setup();
    let n = 0;
    const off = store.subscribe(() => n++);
    off();
    login(store);
    expect(n).toBe(0);
  });

  it("persists the state and restores it on the next page load", () => {
    const { store, make, storage } = setup();
    login(store);
    expect(JSON.parse(storage.getItem("stytch_sdk_state_public-token-test-1")!).session.session_id).toBe(
      "session-test-1",
    );
    const again = make();
    expect(again.getSession()!.session_id).toBe("session-test-1");
    expect(again.fromCache).toBe(true);
  });

  it("drops a cached state whose session cookie is gone", () => {
    const { store, make, cookies } = setup();
    login(store);
    cookies.cookies.delete("stytch_session");
    expect(make().getState()).toBeNull();
  });

  it("drops a cached state whose session has expired", () => {
    const { store, make, advance } = setup();
    login(store);
    advance(2 * 60 * 60 * 1000);
    expect(make().getState()).toBeNull();
  });

  it("follows changes made by another tab", () => {
    const { store } = setup();
    const seen: (SessionState | null)[] = [];
    store.subscribe((s) => seen.push(s));
    store.applyExternalChange(JSON.stringify({ session: fakeSession(), user: fakeUser() }));
    expect(store.getSession()!.session_id).toBe("session-test-1");
    store.applyExternalChange(null);
    expect(store.getState()).toBeNull();
    expect(seen).toHaveLength(2);
  });
});

describe("sameState", () => {
  it("ignores last_accessed_at only", () => {
    expect(sameState({ a: 1, last_accessed_at: "x" }, { a: 1, last_accessed_at: "y" })).toBe(true);
    expect(sameState({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameState({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(sameState(null, null)).toBe(true);
    expect(sameState(null, {})).toBe(false);
  });
});
