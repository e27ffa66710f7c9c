// Social sign-in into the app: the login page offers exactly the configured providers, and each one's
// callback opens the app — when the provider proved an email — or says why not.
import {
  APPLE_KEY_ID,
  APPLE_TEAM_ID,
  type OAuthStandIn,
  type StandInProvider,
  startOAuthStandIn,
} from "@dubbing/identity-server/testing/oauth-stand-in";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";

const CONFIGURED: StandInProvider[] = ["github", "apple", "twitter"];

describe("social sign-in into the app", () => {
  let ts: TestServer;
  let standIn: OAuthStandIn;
  const redirectUris: string[] = [];

  beforeAll(async () => {
    standIn = await startOAuthStandIn({ redirectUris });
    const env = {
      OAUTH_GITHUB_CLIENT_ID: standIn.clientId,
      OAUTH_GITHUB_CLIENT_SECRET: standIn.clientSecret,
      OAUTH_TWITTER_CLIENT_ID: standIn.clientId,
      OAUTH_TWITTER_CLIENT_SECRET: standIn.clientSecret,
      OAUTH_APPLE_CLIENT_ID: standIn.clientId,
      OAUTH_APPLE_TEAM_ID: APPLE_TEAM_ID,
      OAUTH_APPLE_KEY_ID: APPLE_KEY_ID,
      OAUTH_APPLE_PRIVATE_KEY: standIn.applePrivateKey.replace(/\n/g, "\\n"),
    };
    ts = await startTestServer("embedded", env, (config) => {
      for (const p of CONFIGURED) config.identity.oauthProviders[p]!.endpoints = standIn.endpoints(p);
    });
    redirectUris.push(...CONFIGURED.map((p) => `${ts.baseUrl}/v1/public/oauth/${p}/callback`));
  });
  afterAll(async () => {
    await ts?.close();
    await standIn?.close();
  });

  /** A browser: start at the identity server, through the provider, to the app's callback. */
  async function signIn(provider: StandInProvider) {
    const { publicToken } = (await api(ts.baseUrl, null, "GET", "/api/config")).body.identity;
    const callback = `${ts.baseUrl}/api/stytch/google`;
    const qs = new URLSearchParams({
      public_token: publicToken,
      login_redirect_url: callback,
      signup_redirect_url: callback,
    });
    const start = await fetch(`${ts.baseUrl}/v1/public/oauth/${provider}/start?${qs}`, {
      redirect: "manual",
    });
    const cookie = /dub_link=[^;]+/.exec(start.headers.get("set-cookie") ?? "")?.[0] ?? "";
    const atProvider = await fetch(start.headers.get("location")!, { redirect: "manual" });
    let back: Response;
    if (provider === "apple") {
      const page = await atProvider.text();
      const fields = Object.fromEntries(
        [...page.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [
          m[1]!,
          m[2]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))),
        ]),
      );
      back = await fetch(`${ts.baseUrl}/v1/public/oauth/apple/callback`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    } else {
      back = await fetch(atProvider.headers.get("location")!, { redirect: "manual" });
    }
    const app = await fetch(back.headers.get("location")!, { redirect: "manual", headers: { cookie } });
    return { location: app.headers.get("location") ?? "", session: app.headers.get("set-cookie") ?? "" };
  }

  it("lists exactly the configured providers for the login page", async () => {
    const config = await api(ts.baseUrl, null, "GET", "/api/config");
    expect(config.body.identity.oauthProviders).toEqual(["apple", "github", "twitter"]);
  });

  it("opens the app with GitHub's verified email, and with Apple's through its form_post", async () => {
    standIn.signInAs("github", {
      id: "31337",
      email: "Octo@Example.com",
      emailVerified: true,
      name: "Octo Cat",
    });
    const gh = await signIn("github");
    expect(gh.location).toBe("/projects");
    const cookie = /dub_session=[^;]+/.exec(gh.session)?.[0] ?? "";
    expect((await api(ts.baseUrl, cookie, "GET", "/api/auth/me")).body.email).toBe("octo@example.com");

    standIn.signInAs("apple", {
      id: "000123.abc",
      email: "relay@privaterelay.appleid.com",
      emailVerified: true,
    });
    expect((await signIn("apple")).location).toBe("/projects");
  });

  it("refuses a provider that proved no email, with the reason", async () => {
    standIn.signInAs("twitter", { id: "x-1", name: "No Mail" });
    const x = await signIn("twitter");
    expect(x.location).toMatch(/^\/login\?error=/);
    expect(decodeURIComponent(x.location)).toContain("did not prove an email address");
    expect(x.session).not.toContain("dub_session=");
  });
});
