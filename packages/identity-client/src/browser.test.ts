// Runs in happy-dom: the client on the browser's own localStorage, document.cookie and location.
import { afterEach, describe, expect, it } from "vitest";
import { createIdentityClient } from "./client.ts";
import { authData, okResponse, scriptedFetch } from "./testing.ts";

const token = "public-token-test-browser";

afterEach(() => {
  localStorage.clear();
  for (const c of document.cookie.split("; ")) {
    const name = c.split("=")[0];
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
});

describe("in a browser", () => {
  it("keeps tokens in document.cookie and state in localStorage, and sends the page origin", async () => {
    const scripted = scriptedFetch({
      "POST /magic_links/authenticate": () => okResponse(authData()),
      "POST /sessions/revoke": () => okResponse(),
    });
    const client = createIdentityClient({
      publicToken: token,
      baseUrl: "https://id.example.com",
      fetch: scripted.fetch,
      autoRefresh: false,
    });
    await client.magicLinks.authenticate("t", { session_duration_minutes: 30 });
    expect(document.cookie).toContain("stytch_session=session-token-1");
    expect(document.cookie).toContain("stytch_session_jwt=session-jwt-1");
    expect(JSON.parse(localStorage.getItem(`stytch_sdk_state_${token}`)!).user.user_id).toBe("user-test-1");
    expect(scripted.calls[0]!.headers["x-sdk-parent-host"]).toBe(location.origin);
    await client.session.revoke();
    expect(document.cookie).not.toContain("stytch_session=");
    client.destroy();
  });

  it("follows logins and logouts made in another tab (storage events)", () => {
    const client = createIdentityClient({
      publicToken: token,
      baseUrl: "https://id.example.com",
      fetch: scriptedFetch().fetch,
      autoRefresh: false,
    });
    const seen: unknown[] = [];
    client.session.onChange((s) => seen.push(s?.session_id ?? null));
    const state = JSON.stringify({ session: authData().session, user: authData().user });
    window.dispatchEvent(new StorageEvent("storage", { key: `stytch_sdk_state_${token}`, newValue: state }));
    window.dispatchEvent(new StorageEvent("storage", { key: "unrelated", newValue: "x" }));
    window.dispatchEvent(new StorageEvent("storage", { key: `stytch_sdk_state_${token}`, newValue: "null" }));
    expect(seen).toEqual(["session-test-1", null]);
    client.destroy();
    window.dispatchEvent(new StorageEvent("storage", { key: `stytch_sdk_state_${token}`, newValue: state }));
    expect(seen).toHaveLength(2);
  });
});
