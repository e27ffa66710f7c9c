import { describe, expect, it } from "vitest";
import { OAUTH_PROVIDER_TYPES, oauthProvidersFromEnv } from "./config-oauth.ts";

describe("oauthProvidersFromEnv", () => {
  it("knows the widget's 19 providers", () => {
    expect(OAUTH_PROVIDER_TYPES).toHaveLength(19);
  });

  it("turns a provider on with its client id and secret, with extra scopes and Microsoft's tenant", () => {
    const { providers, problems } = oauthProvidersFromEnv({
      OAUTH_GITHUB_CLIENT_ID: "gh-id",
      OAUTH_GITHUB_CLIENT_SECRET: "gh-secret",
      OAUTH_TWITTER_CLIENT_ID: "x-id",
      OAUTH_TWITTER_CLIENT_SECRET: "x-secret",
      OAUTH_TWITTER_SCOPES: "users.email offline.access",
      OAUTH_MICROSOFT_CLIENT_ID: "ms-id",
      OAUTH_MICROSOFT_CLIENT_SECRET: "ms-secret",
      OAUTH_MICROSOFT_TENANT: "organizations",
    });
    expect(problems).toEqual([]);
    expect(Object.keys(providers)).toEqual(["microsoft", "github", "twitter"]);
    expect(providers.github).toEqual({ clientId: "gh-id", clientSecret: "gh-secret" });
    expect(providers.twitter?.scopes).toEqual(["users.email", "offline.access"]);
    expect(providers.microsoft?.tenant).toBe("organizations");
  });

  it("reads Apple's signing key instead of a secret, a one-line PEM included", () => {
    const { providers } = oauthProvidersFromEnv({
      OAUTH_APPLE_CLIENT_ID: "com.example.web",
      OAUTH_APPLE_TEAM_ID: "TEAM",
      OAUTH_APPLE_KEY_ID: "KEY",
      OAUTH_APPLE_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----",
    });
    expect(providers.apple?.apple).toEqual({
      teamId: "TEAM",
      keyId: "KEY",
      privateKey: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----",
    });
    expect(providers.apple?.clientSecret).toBeUndefined();
  });

  it("still reads GOOGLE_CLIENT_ID / _SECRET / _ISSUER of earlier versions", () => {
    const { providers } = oauthProvidersFromEnv({
      GOOGLE_CLIENT_ID: "g",
      GOOGLE_CLIENT_SECRET: "s",
      GOOGLE_ISSUER: "http://127.0.0.1:9000",
    });
    expect(providers.google).toEqual({ clientId: "g", clientSecret: "s", issuer: "http://127.0.0.1:9000" });
  });

  it("names each half-configured provider instead of starting without it", () => {
    const { providers, problems } = oauthProvidersFromEnv({
      OAUTH_DISCORD_CLIENT_ID: "d",
      OAUTH_SLACK_CLIENT_SECRET: "s",
      OAUTH_APPLE_CLIENT_ID: "a",
      OAUTH_APPLE_TEAM_ID: "t",
    });
    expect(providers).toEqual({});
    expect(problems).toEqual([
      "OAUTH_APPLE_KEY_ID: Sign in with Apple needs OAUTH_APPLE_TEAM_ID, OAUTH_APPLE_KEY_ID, OAUTH_APPLE_PRIVATE_KEY with OAUTH_APPLE_CLIENT_ID",
      "OAUTH_DISCORD_CLIENT_SECRET: OAUTH_DISCORD_CLIENT_ID is set without it",
      "OAUTH_SLACK_CLIENT_ID: OAUTH_SLACK_CLIENT_SECRET is set without it",
    ]);
  });
});
