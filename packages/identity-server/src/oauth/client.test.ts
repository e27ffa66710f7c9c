import { describe, expect, it } from "vitest";
import { authorizationUrl, resolveProvider } from "./client.ts";

const http = { fetch, now: () => new Date() };
const args = {
  redirectUri: "https://id.example.com/v1/public/oauth/x/callback",
  state: "st",
  nonce: "no",
  codeChallenge: "ch",
  extraScopes: [],
  providerParams: {},
};

describe("authorizationUrl", () => {
  it("asks an OpenID Connect provider with nonce and PKCE, merging configured, custom and provider params", async () => {
    const p = await resolveProvider(
      "google",
      { clientId: "cid", clientSecret: "s", scopes: ["openid", "x"] },
      http,
    );
    const u = new URL(
      authorizationUrl(p, { ...args, extraScopes: ["y"], providerParams: { prompt: "select_account" } }),
    );
    expect(u.origin + u.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(u.searchParams)).toEqual({
      prompt: "select_account",
      response_type: "code",
      client_id: "cid",
      redirect_uri: args.redirectUri,
      scope: "openid email profile x y",
      state: "st",
      nonce: "no",
      code_challenge: "ch",
      code_challenge_method: "S256",
    });
  });

  it("writes each provider's particulars: Apple's form_post, TikTok's client_key and commas, Twitch's claims", async () => {
    const apple = new URL(
      authorizationUrl(await resolveProvider("apple", { clientId: "a" }, http), {
        ...args,
        codeChallenge: null,
      }),
    );
    expect(apple.searchParams.get("response_mode")).toBe("form_post");
    expect(apple.searchParams.get("scope")).toBe("name email");
    expect(apple.searchParams.has("code_challenge")).toBe(false);
    const tiktok = new URL(
      authorizationUrl(
        await resolveProvider("tiktok", { clientId: "k", clientSecret: "s", scopes: ["video.list"] }, http),
        args,
      ),
    );
    expect(tiktok.searchParams.get("client_key")).toBe("k");
    expect(tiktok.searchParams.get("scope")).toBe("user.info.basic,video.list");
    expect(tiktok.searchParams.has("nonce")).toBe(false); // not OpenID Connect
    const twitch = new URL(
      authorizationUrl(await resolveProvider("twitch", { clientId: "t", clientSecret: "s" }, http), args),
    );
    expect(JSON.parse(twitch.searchParams.get("claims")!).id_token).toHaveProperty("email_verified");
  });
});

describe("resolveProvider", () => {
  it("fills Microsoft's tenant into its endpoints and keeps the issuer a template", async () => {
    const p = await resolveProvider(
      "microsoft",
      { clientId: "m", clientSecret: "s", tenant: "organizations" },
      http,
    );
    expect(p.endpoints.authorization).toBe(
      "https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize",
    );
    expect(p.endpoints.issuer).toBe("https://login.microsoftonline.com/{tenantid}/v2.0");
  });

  it("lets single endpoints be replaced, and refuses a name it does not know without an issuer", async () => {
    const p = await resolveProvider(
      "github",
      { clientId: "g", clientSecret: "s", endpoints: { token: "http://127.0.0.1:9/t" } },
      http,
    );
    expect(p.endpoints.token).toBe("http://127.0.0.1:9/t");
    expect(p.endpoints.userinfo).toBe("https://api.github.com/user");
    await expect(
      resolveProvider("myspace", { clientId: "x", clientSecret: "s" }, http),
    ).rejects.toMatchObject({
      type: "oauth_config_not_found",
    });
  });
});
