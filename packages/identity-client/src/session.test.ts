// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REFRESH_INTERVAL_MS } from "./constants.ts";
import { APIError, APIUnreachableError, isUnrecoverableError, UNRECOVERABLE_ERROR_TYPES } from "./errors.ts";
import {
  apiErrorResponse,
  authData,
  fakeSession,
  type Handler,
  okResponse,
  type RecordedRequest,
  testClient,
} from "./testing.ts";
import type { Session } from "./types.ts";

const refreshCalls = (calls: RecordedRequest[]) => calls.filter((c) => c.path === "/sessions/authenticate");

async function loggedIn(
  routes: Record<string, Handler | Handler[]>,
  extra: Parameters<typeof testClient>[0] = {},
) {
  const t = testClient({
    autoRefresh: true,
    random: () => 0.5, // zero jitter, so the backoff figures are exact
    ...extra,
    routes: { "POST /magic_links/authenticate": () => okResponse(authData()), ...routes },
  });
  await t.client.magicLinks.authenticate("ml-token", { session_duration_minutes: 60 });
  return t;
}

describe("session refresh (§4: every 3 minutes while a session exists)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse("2030-01-01T00:00:00Z") });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("refreshes 3 minutes after login and every 3 minutes after that", async () => {
    expect(REFRESH_INTERVAL_MS).toBe(180_000);
    const { client, calls } = await loggedIn({ "POST /sessions/authenticate": () => okResponse(authData()) });
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS - 1);
    expect(refreshCalls(calls)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(refreshCalls(calls)[0]!.headers.authorization).toBe(
      `Basic ${btoa("public-token-test-0000:session-token-1")}`,
    );
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(refreshCalls(calls)).toHaveLength(2);
    client.destroy();
  });

  it("does not refresh while logged out", async () => {
    const { client, calls } = testClient({ autoRefresh: true });
    await vi.advanceTimersByTimeAsync(10 * REFRESH_INTERVAL_MS);
    expect(calls).toHaveLength(0);
    client.destroy();
  });

  it("retries a failed refresh after 4 s, 8 s, 16 s … (2000 ms × 2^attempt)", async () => {
    let n = 0;
    const { client, calls } = await loggedIn({
      "POST /sessions/authenticate": () =>
        ++n <= 3 ? apiErrorResponse(500, "internal_server_error") : okResponse(authData()),
    });
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(refreshCalls(calls)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3999);
    expect(refreshCalls(calls)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls(calls)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(7999);
    expect(refreshCalls(calls)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls(calls)).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(16000);
    expect(refreshCalls(calls)).toHaveLength(4); // succeeds
    expect(client.session.getSync()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(refreshCalls(calls)).toHaveLength(5); // back on the 3-minute schedule
    client.destroy();
  });

  it("caps the backoff at attempt 7 (256 s) and applies the jitter", async () => {
    const times: number[] = [];
    const { client } = await loggedIn(
      {
        "POST /sessions/authenticate": () => {
          times.push(Date.now());
          return Promise.reject(new TypeError("Failed to fetch"));
        },
      },
      { random: () => 0 }, // jitter −175 ms
    );
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    for (let i = 0; i < 9; i++) await vi.advanceTimersByTimeAsync(256_000);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps.slice(0, 9)).toEqual([
      4000 - 175,
      8000 - 175,
      16000 - 175,
      32000 - 175,
      64000 - 175,
      128000 - 175,
      256000 - 175,
      256000 - 175,
      256000 - 175,
    ]);
    expect(client.session.getSync()).not.toBeNull(); // network trouble never logs the user out
    client.destroy();
  });

  it.each(["session_not_found", "unauthorized_credentials"])(
    "destroys the session on an unrecoverable error (%s) and stops refreshing",
    async (errorType) => {
      const { client, calls, cookies } = await loggedIn({
        "POST /sessions/authenticate": () => apiErrorResponse(404, errorType),
      });
      const changes: (Session | null)[] = [];
      client.session.onChange((s) => changes.push(s));
      await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
      expect(client.session.getSync()).toBeNull();
      expect(client.user.getSync()).toBeNull();
      expect(changes).toEqual([null]);
      expect(cookies.get("stytch_session")).toBeUndefined();
      await vi.advanceTimersByTimeAsync(10 * REFRESH_INTERVAL_MS);
      expect(refreshCalls(calls)).toHaveLength(1);
      client.destroy();
    },
  );

  it("refreshes at once on page load when a session cookie exists", async () => {
    const first = await loggedIn({ "POST /sessions/authenticate": () => okResponse(authData()) });
    first.client.destroy();
    // A new page: same storage and cookies.
    const { client, calls } = testClient({
      autoRefresh: true,
      storage: first.storage,
      cookies: first.cookies,
      routes: { "POST /sessions/authenticate": () => okResponse(authData()) },
    });
    expect(client.session.getInfo()).toMatchObject({ fromCache: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(client.session.getInfo().fromCache).toBe(false);
    client.destroy();
  });

  it("stops refreshing after revoke", async () => {
    const { client, calls } = await loggedIn({
      "POST /sessions/revoke": () => okResponse(),
      "POST /sessions/authenticate": () => okResponse(authData()),
    });
    await client.session.revoke();
    await vi.advanceTimersByTimeAsync(5 * REFRESH_INTERVAL_MS);
    expect(refreshCalls(calls)).toHaveLength(0);
    client.destroy();
  });
});

describe("session API", () => {
  it("authenticate stores the refreshed session and returns it", async () => {
    const { client, calls } = testClient({
      routes: {
        "POST /sessions/authenticate": () =>
          okResponse(authData({ session: fakeSession({ expires_at: "2030-01-01T02:00:00Z" }) })),
      },
    });
    const resp = await client.session.authenticate({ session_duration_minutes: 120 });
    expect(calls[0]!.body).toEqual({ session_duration_minutes: 120 });
    expect(resp.session.expires_at).toBe("2030-01-01T02:00:00Z");
    expect(client.session.getSync()!.expires_at).toBe("2030-01-01T02:00:00Z");
    expect(client.session.getTokens()).toEqual({
      session_token: "session-token-1",
      session_jwt: "session-jwt-1",
    });
  });

  it("authenticate checks session_duration_minutes", async () => {
    const { client } = testClient();
    await expect(
      client.session.authenticate({ session_duration_minutes: "5" as unknown as number }),
    ).rejects.toThrow("session_duration_minutes must be a number.");
  });

  it("revoke clears the state and the cookies", async () => {
    const { client, cookies } = testClient({
      routes: {
        "POST /magic_links/authenticate": () => okResponse(authData()),
        "POST /sessions/revoke": () => okResponse(),
      },
    });
    await client.magicLinks.authenticate("t", { session_duration_minutes: 30 });
    expect(cookies.get("stytch_session")).toBe("session-token-1");
    await client.session.revoke();
    expect(client.session.getSync()).toBeNull();
    expect(cookies.get("stytch_session")).toBeUndefined();
    expect(cookies.get("stytch_session_jwt")).toBeUndefined();
  });

  it("revoke keeps the state when the servers cannot be reached, unless forceClear", async () => {
    const { client } = testClient({
      routes: {
        "POST /magic_links/authenticate": () => okResponse(authData()),
        "POST /sessions/revoke": () => Promise.reject(new TypeError("Failed to fetch")),
      },
    });
    await client.magicLinks.authenticate("t", { session_duration_minutes: 30 });
    await expect(client.session.revoke()).rejects.toBeInstanceOf(APIUnreachableError);
    expect(client.session.getSync()).not.toBeNull();
    await expect(client.session.revoke({ forceClear: true })).rejects.toThrow("Are you online?");
    expect(client.session.getSync()).toBeNull();
  });

  it("onChange reports login and logout; onStateChange reports the whole state", async () => {
    const { client } = testClient({
      routes: {
        "POST /passwords/authenticate": () => okResponse(authData()),
        "POST /sessions/revoke": () => okResponse(),
      },
    });
    const sessions: (Session | null)[] = [];
    const states: unknown[] = [];
    client.session.onChange((s) => sessions.push(s));
    client.onStateChange((s) => states.push(s));
    await client.passwords.authenticate({
      email: "a@example.com",
      password: "pw",
      session_duration_minutes: 30,
    });
    await client.session.revoke();
    expect(sessions.map((s) => s?.session_id ?? null)).toEqual(["session-test-1", null]);
    expect(states).toHaveLength(2);
  });

  it("updateSession adopts tokens from elsewhere", () => {
    const { client } = testClient();
    client.session.updateSession({ session_token: "tok-x", session_jwt: "jwt-x" });
    expect(client.session.getTokens()).toEqual({ session_token: "tok-x", session_jwt: "jwt-x" });
    expect(() => client.session.updateSession({ session_token: 1 as unknown as string })).toThrow(
      "session_token must be a string.",
    );
  });
});

describe("unrecoverable error types", () => {
  it("include the documented list and nothing transient", () => {
    expect(UNRECOVERABLE_ERROR_TYPES).toEqual(
      expect.arrayContaining(["unauthorized_credentials", "session_not_found", "invalid_session_token"]),
    );
    const api = (t: string) => new APIError({ status_code: 400, error_type: t, error_message: "" });
    expect(isUnrecoverableError(api("session_not_found"))).toBe(true);
    expect(isUnrecoverableError(api("too_many_requests"))).toBe(false);
    expect(isUnrecoverableError(api("internal_server_error"))).toBe(false);
    expect(isUnrecoverableError(new APIUnreachableError("x"))).toBe(false);
  });
});

describe("intermediate session token from an authenticate response", () => {
  it("is kept when a response has no session, and removed by the next full login", async () => {
    const { client, cookies } = testClient({
      routes: {
        "POST /otps/authenticate": [
          () => okResponse({ user_id: "user-test-1", session: null, intermediate_session_token: "ist-1" }),
          () => okResponse(authData()),
        ],
      },
    });
    await client.otps.authenticate("123456", "m", { session_duration_minutes: 5 });
    expect(client.session.getSync()).toBeNull();
    expect(client.session.getIntermediateSessionToken()).toBe("ist-1");
    expect(
      cookies.cookies.get("stytch_intermediate_session_token")!.attrs.expires!.getTime() - Date.now(),
    ).toBeGreaterThan(9 * 60 * 1000);
    await client.otps.authenticate("123456", "m", { session_duration_minutes: 5 });
    expect(client.session.getSync()).not.toBeNull();
    expect(client.session.getIntermediateSessionToken()).toBeNull();
  });
});
