import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backend, type Harness, PROJECT, pkcePair, sdk, startHarness } from "./harness.ts";
import { followUntil, type OidcFixture, startOidcProvider } from "./oidc-fixture.ts";

let h: Harness;
let op: OidcFixture;
const CALLBACK = "http://localhost:3000/v1/public/oauth/google/callback";

beforeAll(async () => {
  op = await startOidcProvider(CALLBACK);
  op.accounts.alice = {
    email: "alice@example.com",
    email_verified: true,
    name: "Alice",
    picture: "https://img.example/a.png",
  };
  op.accounts.bob = { email: "bob@example.com", email_verified: true, name: "Bob" };
  h = await startHarness({
    oauthProviders: { google: { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret } },
  });
});
afterAll(async () => {
  await h.close();
  await op.close();
});

/** Browser: start → provider (auto login) → our callback → redirect to the app with a token. */
async function browserFlow(query: Record<string, string>): Promise<URL> {
  const qs = new URLSearchParams({ public_token: PROJECT.publicToken, ...query });
  const start = await h.app.inject({ method: "GET", url: `/v1/public/oauth/google/start?${qs}` });
  expect(start.statusCode).toBe(302);
  const atProvider = new URL(start.headers.location as string);
  expect(atProvider.origin).toBe(op.issuer);
  expect(atProvider.searchParams.get("code_challenge_method")).toBe("S256");
  const back = await followUntil(atProvider.toString(), (u) => u.toString().startsWith(CALLBACK));
  const cb = await h.app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
  expect(cb.statusCode).toBe(302);
  return new URL(cb.headers.location as string);
}

describe("OAuth with an OpenID Connect provider", () => {
  it("signs up through the provider and authenticates the oauth token with PKCE", async () => {
    op.nextLogin.accountId = "alice";
    const { verifier, challenge } = pkcePair();
    const app = await browserFlow({
      code_challenge: challenge,
      login_redirect_url: "http://localhost:3000/authenticate",
      signup_redirect_url: "http://localhost:3000/api/stytch",
    });
    expect(app.pathname).toBe("/api/stytch"); // new user → signup URL
    expect(app.searchParams.get("stytch_token_type")).toBe("oauth");
    const token = app.searchParams.get("token")!;
    const wrong = await sdk(h, "POST", "/oauth/authenticate", {
      token,
      code_verifier: pkcePair().verifier,
      session_duration_minutes: 30,
    });
    expect(wrong.json.error_type).toBe("pkce_mismatch");
    const r = await sdk(h, "POST", "/oauth/authenticate", {
      token,
      code_verifier: verifier,
      session_duration_minutes: 30,
    });
    expect(r.status).toBe(200);
    expect(r.data.provider_type).toBe("Google");
    expect(r.data.provider_subject).toBe("alice");
    expect(r.data.provider_values.id_token).toBeTruthy();
    expect(r.data.user.emails[0]).toMatchObject({ email: "alice@example.com", verified: true });
    expect(r.data.user.providers[0]).toMatchObject({ provider_type: "google", provider_subject: "alice" });
    expect(r.data.session.authentication_factors[0]).toMatchObject({
      type: "oauth",
      delivery_method: "oauth_google",
    });
    const again = await sdk(h, "POST", "/oauth/authenticate", {
      token,
      code_verifier: verifier,
      session_duration_minutes: 30,
    });
    expect(again.json.error_type).toBe("oauth_token_not_found");
  });

  it("a returning user lands on the login URL; the backend API exchanges the token", async () => {
    op.nextLogin.accountId = "alice";
    const app = await browserFlow({ login_redirect_url: "http://localhost:3000/authenticate" });
    expect(app.pathname).toBe("/authenticate");
    const r = await backend(h, "POST", "/oauth/authenticate", {
      token: app.searchParams.get("token"),
      session_duration_minutes: 60,
    });
    expect(r.status).toBe(200);
    expect(r.json.user.providers).toHaveLength(1);
    expect(r.json.session_token).toBeTruthy();
  });

  it("refuses unknown providers, bad public tokens, disallowed redirects and forged state", async () => {
    const unknown = await h.app.inject({
      method: "GET",
      url: `/v1/public/oauth/github/start?public_token=${PROJECT.publicToken}`,
    });
    expect(unknown.json().error_type).toBe("oauth_config_not_found");
    const badToken = await h.app.inject({
      method: "GET",
      url: "/v1/public/oauth/google/start?public_token=public-token-test-x",
    });
    expect(badToken.json().error_type).toBe("invalid_public_token");
    const badRedirect = await h.app.inject({
      method: "GET",
      url: `/v1/public/oauth/google/start?public_token=${PROJECT.publicToken}&login_redirect_url=${encodeURIComponent("https://evil.example/")}`,
    });
    expect(badRedirect.json().error_type).toBe("redirect_url_not_allowed");
    const forged = await h.app.inject({
      method: "GET",
      url: "/v1/public/oauth/google/callback?state=forged&code=x",
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error_type).toBe("oauth_flow_failed");
    const page = await h.app.inject({
      method: "GET",
      url: "/v1/public/oauth/google/callback?state=forged&code=x",
      headers: { accept: "text/html,application/xhtml+xml" },
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Sign-in did not complete");
  });
});
