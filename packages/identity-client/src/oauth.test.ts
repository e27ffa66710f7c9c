// @vitest-environment node
import { describe, expect, it } from "vitest";
import { buildOAuthStartUrl, MISSING_VERIFIER_WARNING, OAUTH_PROVIDERS } from "./oauth.ts";
import { challengeFor } from "./pkce.ts";
import { authData, okResponse, testClient } from "./testing.ts";

describe("buildOAuthStartUrl", () => {
  it("builds {base}/v1/public/oauth/{provider}/start with every parameter", () => {
    const url = new URL(
      buildOAuthStartUrl({
        baseUrl: "https://id.example.com/",
        provider: "google",
        publicToken: "public-token-test-1",
        codeChallenge: "challenge-abc",
        options: {
          custom_scopes: ["https://www.googleapis.com/auth/drive.readonly", "openid"],
          provider_params: { prompt: "select_account", login_hint: "a@example.com" },
          login_redirect_url: "https://api.example.com/api/stytch/google",
          signup_redirect_url: "https://api.example.com/api/stytch/google?signup=1",
        },
      }),
    );
    expect(url.origin + url.pathname).toBe("https://id.example.com/v1/public/oauth/google/start");
    expect([...url.searchParams.keys()]).toEqual([
      "public_token",
      "code_challenge",
      "custom_scopes",
      "provider_prompt",
      "provider_login_hint",
      "login_redirect_url",
      "signup_redirect_url",
    ]);
    expect(url.searchParams.get("public_token")).toBe("public-token-test-1");
    expect(url.searchParams.get("code_challenge")).toBe("challenge-abc");
    expect(url.searchParams.get("custom_scopes")).toBe(
      "https://www.googleapis.com/auth/drive.readonly openid",
    );
    expect(url.searchParams.get("provider_prompt")).toBe("select_account");
    expect(url.searchParams.get("login_redirect_url")).toBe("https://api.example.com/api/stytch/google");
    expect(url.searchParams.get("signup_redirect_url")).toBe(
      "https://api.example.com/api/stytch/google?signup=1",
    );
  });

  it("leaves out what is not given", () => {
    expect(
      buildOAuthStartUrl({ baseUrl: "https://id.example.com", provider: "github", publicToken: "p" }),
    ).toBe("https://id.example.com/v1/public/oauth/github/start?public_token=p");
  });

  it("checks custom_scopes and provider_params", () => {
    const base = { baseUrl: "https://id.example.com", provider: "google", publicToken: "p" };
    expect(() =>
      buildOAuthStartUrl({ ...base, options: { custom_scopes: "openid" as unknown as string[] } }),
    ).toThrow("custom_scopes must be an array of strings.");
    expect(() =>
      buildOAuthStartUrl({ ...base, options: { provider_params: "x" as unknown as Record<string, string> } }),
    ).toThrow("provider_params must be an object.");
  });

  it("knows the §2 providers", () => {
    expect(OAUTH_PROVIDERS).toHaveLength(19);
    expect(OAUTH_PROVIDERS).toContain("google");
    expect(OAUTH_PROVIDERS).toContain("yahoo");
  });
});

describe("oauth.start / authenticate", () => {
  it("navigates to the start URL, with a stored PKCE pair when the project requires it", async () => {
    const { client, navigations, storage, calls } = testClient({
      routes: {
        "GET /projects/bootstrap/public-token-test-0000": () => okResponse({ pkce_required_for_oauth: true }),
        "POST /events": () => new Response(null, { status: 200 }),
      },
      apiBaseUrl: "https://api.id.example.com",
    });
    const url = await client.oauth.google.start({ login_redirect_url: "https://app.example.com/cb" });
    expect(navigations).toEqual([url]);
    // The start_oauth_flow event went out before the navigation, not 800 ms later.
    const events = calls.filter((c) => c.path === "/events");
    expect(events).toHaveLength(1);
    expect((events[0]!.body as unknown as { event: { event_name: string } }[])[0]!.event.event_name).toBe(
      "start_oauth_flow",
    );
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe("https://api.id.example.com/v1/public/oauth/google/start");
    const pair = JSON.parse(storage.getItem("stytch_sdk_state_public-token-test-0000::PKCE_VERIFIER:oauth")!);
    expect(u.searchParams.get("code_challenge")).toBe(await challengeFor(pair.code_verifier));
    client.destroy();
  });

  it("sends no challenge and keeps no pair when PKCE is not required", async () => {
    const { client, storage } = testClient();
    storage.setItem("stytch_sdk_state_public-token-test-0000::PKCE_VERIFIER:oauth", "{}");
    const url = await client.oauth.startUrl("microsoft");
    expect(new URL(url).searchParams.has("code_challenge")).toBe(false);
    expect(storage.getItem("stytch_sdk_state_public-token-test-0000::PKCE_VERIFIER:oauth")).toBeNull();
  });

  it("authenticate sends token and code_verifier, clears the pair and logs in", async () => {
    const { client, calls, storage, logger } = testClient({
      routes: {
        "POST /oauth/authenticate": () =>
          okResponse({ ...authData({ user: undefined }), __user: authData().user }),
      },
    });
    const key = "stytch_sdk_state_public-token-test-0000::PKCE_VERIFIER:oauth";
    storage.setItem(key, JSON.stringify({ code_verifier: "v-1", code_challenge: "c-1" }));
    const resp = await client.oauth.authenticate("oauth-token", { session_duration_minutes: 30 });
    expect(calls[0]!.body).toEqual({
      token: "oauth-token",
      code_verifier: "v-1",
      session_duration_minutes: 30,
    });
    expect(storage.getItem(key)).toBeNull();
    expect(resp.user.user_id).toBe("user-test-1"); // taken from __user
    expect("__user" in resp).toBe(false);
    expect(client.user.getSync()!.user_id).toBe("user-test-1");
    expect(logger.warnings).toHaveLength(0);
  });

  it("warns when no verifier is stored at authenticate", async () => {
    const { client, calls, logger } = testClient({
      routes: { "POST /oauth/authenticate": () => okResponse(authData()) },
    });
    await client.oauth.authenticate("oauth-token", { session_duration_minutes: 30 });
    expect(logger.warnings).toEqual([[MISSING_VERIFIER_WARNING]]);
    expect(calls[0]!.body).toEqual({ token: "oauth-token", session_duration_minutes: 30 });
  });

  it("authenticate checks its inputs", async () => {
    const { client } = testClient();
    await expect(client.oauth.authenticate("t", {} as { session_duration_minutes: number })).rejects.toThrow(
      "session_duration_minutes must be a number.",
    );
  });
});
