// Every provider the widget offers, signed in end to end against the stand-in providers: the start
// redirect, the provider's "login", our callback (GET, or Apple's form_post), the code exchange with the
// provider's own client authentication and PKCE rules, its user answers, and the app's token exchange.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OAuthProviderConfig } from "../src/options.ts";
import {
  APPLE_KEY_ID,
  APPLE_TEAM_ID,
  type OAuthStandIn,
  STAND_IN_PROVIDERS,
  type StandInAccount,
  type StandInProvider,
  startOAuthStandIn,
} from "../src/testing/oauth-stand-in.ts";
import { backend, type Harness, PROJECT, sdk, startHarness } from "./harness.ts";

const PUBLIC = "http://localhost:3000";
const LOGIN = `${PUBLIC}/authenticate`;
const SIGNUP = `${PUBLIC}/api/stytch`;
const TENANT = "5f0b7a53-8a0f-4c1e-9d35-6f2f0e1d2c3b";

let standIn: OAuthStandIn;
let h: Harness;

function configFor(p: StandInProvider, extra: Partial<OAuthProviderConfig> = {}): OAuthProviderConfig {
  const base = { clientId: standIn.clientId, endpoints: standIn.endpoints(p), ...extra };
  return p === "apple"
    ? { ...base, apple: { teamId: APPLE_TEAM_ID, keyId: APPLE_KEY_ID, privateKey: standIn.applePrivateKey } }
    : { ...base, clientSecret: standIn.clientSecret };
}

beforeAll(async () => {
  standIn = await startOAuthStandIn({
    redirectUris: STAND_IN_PROVIDERS.map((p) => `${PUBLIC}/v1/public/oauth/${p}/callback`),
  });
  h = await startHarness({
    oauthProviders: Object.fromEntries(STAND_IN_PROVIDERS.map((p) => [p, configFor(p)])),
  });
});
afterAll(async () => {
  await h?.close();
  await standIn?.close();
});

/** The browser's part: start → the provider → our callback. Returns our callback's answer. */
async function signIn(harness: Harness, provider: StandInProvider) {
  const qs = new URLSearchParams({
    public_token: PROJECT.publicToken,
    login_redirect_url: LOGIN,
    signup_redirect_url: SIGNUP,
  });
  const start = await harness.app.inject({ method: "GET", url: `/v1/public/oauth/${provider}/start?${qs}` });
  expect(start.statusCode, start.body).toBe(302);
  const atProvider = await fetch(start.headers.location as string, { redirect: "manual" });
  if (atProvider.status === 200) {
    // Apple: a page that posts the answer to our callback.
    const page = await atProvider.text();
    const action = /action="([^"]+)"/.exec(page)![1]!.replaceAll("&#38;", "&");
    const fields = Object.fromEntries(
      [...page.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, unescapeHtml(m[2]!)]),
    );
    return harness.app.inject({
      method: "POST",
      url: new URL(action).pathname,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://appleid.apple.com" },
      payload: new URLSearchParams(fields).toString(),
    });
  }
  expect(atProvider.status, await atProvider.clone().text()).toBe(302);
  const back = new URL(atProvider.headers.get("location")!);
  return harness.app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
}

async function signInAndExchange(provider: StandInProvider) {
  const cb = await signIn(h, provider);
  expect(cb.statusCode, cb.body).toBe(302);
  const app = new URL(cb.headers.location as string);
  const r = await backend(h, "POST", "/oauth/authenticate", {
    token: app.searchParams.get("token"),
    session_duration_minutes: 60,
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { landed: app.origin + app.pathname, answer: r.json };
}

const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));

/** Providers that prove the email (a verified flag in their answer); the others never merge by email. */
const PROVES_EMAIL: Record<StandInProvider, boolean | "no email"> = {
  google: true,
  microsoft: true,
  apple: true,
  github: true,
  gitlab: true,
  facebook: false,
  discord: true,
  salesforce: true,
  slack: true,
  amazon: false,
  bitbucket: true,
  linkedin: true,
  coinbase: false,
  twitch: true,
  twitter: "no email",
  tiktok: "no email",
  snapchat: "no email",
  figma: false,
  yahoo: true,
};

const DISPLAY: Partial<Record<StandInProvider, string>> = {
  github: "Github",
  gitlab: "Gitlab",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
};

describe("sign-in with each of the 19 providers", () => {
  it.each(STAND_IN_PROVIDERS.map((p, i) => [p, i] as const))("%s", async (provider, i) => {
    const account: StandInAccount = {
      id: String(4000 + i),
      name: "Dana Jones",
      picture: `https://img.example/${provider}.png`,
      tenantId: TENANT,
      ...(PROVES_EMAIL[provider] === "no email"
        ? {}
        : { email: `dana.${provider}@example.com`, emailVerified: true }),
    };
    standIn.signInAs(provider, account);
    const { landed, answer } = await signInAndExchange(provider);
    expect(landed).toBe(SIGNUP); // a new user
    expect(answer.provider_subject).toBe(account.id);
    expect(answer.provider_type).toBe(
      DISPLAY[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1),
    );
    expect(answer.user.providers).toEqual([
      expect.objectContaining({ provider_type: provider, provider_subject: account.id }),
    ]);
    expect(answer.user.name.first_name).toBe("Dana");
    const factor = answer.session.authentication_factors[0][`${provider}_oauth_factor`];
    if (PROVES_EMAIL[provider] === true) {
      expect(answer.user.emails).toEqual([
        expect.objectContaining({ email: account.email, verified: true, email_id: factor.email_id }),
      ]);
    } else {
      expect(answer.user.emails).toEqual([]);
      expect(factor.email_id).toBe("");
    }
    // The provider's own client authentication and PKCE rules were met (the stand-in refuses otherwise).
    const sent = standIn.lastTokenRequest[provider]!;
    const pkce = ![
      "apple",
      "facebook",
      "slack",
      "bitbucket",
      "linkedin",
      "coinbase",
      "twitch",
      "figma",
      "yahoo",
    ].includes(provider);
    expect(Boolean(sent.form.code_verifier), "PKCE").toBe(pkce);
    if (provider === "tiktok") expect(sent.form.client_key).toBe(standIn.clientId);
    if (provider === "apple") expect(sent.form.client_secret?.split(".")).toHaveLength(3);
  });
});

describe("what a provider's answer may do", () => {
  it("merges into an account only by an email the provider verified", async () => {
    const email = "erin@example.com";
    standIn.signInAs("google", { id: "g-erin", email, emailVerified: true, name: "Erin" });
    const first = (await signInAndExchange("google")).answer;
    // Facebook gives the same address with no verified flag: a new user, the address not attached.
    standIn.signInAs("facebook", { id: "fb-erin", email, name: "Erin" });
    const fb = (await signInAndExchange("facebook")).answer;
    expect(fb.user_id).not.toBe(first.user_id);
    expect(fb.user.emails).toEqual([]);
    // Discord marks it unverified: a new user as well.
    standIn.signInAs("discord", { id: "d-erin", email, emailVerified: false, name: "Erin" });
    expect((await signInAndExchange("discord")).answer.user_id).not.toBe(first.user_id);
    // GitHub says verified: the same account, on the login URL.
    standIn.signInAs("github", { id: "777", email, emailVerified: true, name: "Erin" });
    const gh = await signInAndExchange("github");
    expect(gh.answer.user_id).toBe(first.user_id);
    expect(gh.landed).toBe(LOGIN);
    expect(gh.answer.user.providers).toHaveLength(2);
  });

  it("refuses an ID token with a wrong nonce, audience, issuer, signature or expiry", async () => {
    for (const how of [
      "wrong-nonce",
      "wrong-audience",
      "wrong-issuer",
      "bad-signature",
      "expired",
    ] as const) {
      standIn.signInAs("gitlab", { id: `gl-${how}`, email: `${how}@example.com`, emailVerified: true });
      standIn.misbehave("gitlab", how);
      const cb = await signIn(h, "gitlab");
      expect(cb.statusCode, how).toBe(400);
      expect(cb.json().error_type, how).toBe("oauth_flow_failed");
    }
  });

  it("takes Microsoft's common issuer for any tenant, and one tenant only when one is configured", async () => {
    const other = "0a1b2c3d-0000-4000-8000-000000000001";
    standIn.signInAs("microsoft", {
      id: "ms-1",
      email: "ms1@example.com",
      emailVerified: true,
      tenantId: other,
    });
    expect((await signIn(h, "microsoft")).statusCode).toBe(302);
    const single = await startHarness({
      oauthProviders: { microsoft: configFor("microsoft", { tenant: TENANT }) },
    });
    try {
      standIn.signInAs("microsoft", {
        id: "ms-2",
        email: "ms2@example.com",
        emailVerified: true,
        tenantId: other,
      });
      const refused = await signIn(single, "microsoft");
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error_message).toContain("another tenant");
      standIn.signInAs("microsoft", {
        id: "ms-3",
        email: "ms3@example.com",
        emailVerified: true,
        tenantId: TENANT,
      });
      expect((await signIn(single, "microsoft")).statusCode).toBe(302);
    } finally {
      await single.close();
    }
  });

  it("refuses Apple's answer when the client secret is not signed with the team's key", async () => {
    const { generateKeyPair, exportPKCS8 } = await import("jose");
    const wrongKey = await exportPKCS8((await generateKeyPair("ES256", { extractable: true })).privateKey);
    const wrong = await startHarness({
      oauthProviders: {
        apple: {
          ...configFor("apple"),
          apple: { teamId: APPLE_TEAM_ID, keyId: APPLE_KEY_ID, privateKey: wrongKey },
        },
      },
    });
    try {
      standIn.signInAs("apple", { id: "apple-x", email: "x@privaterelay.appleid.com", emailVerified: true });
      const cb = await signIn(wrong, "apple");
      expect(cb.statusCode).toBe(400);
      expect(cb.json().error_message).toContain("invalid_client");
    } finally {
      await wrong.close();
    }
  });

  it("answers a callback whose state was already used or never issued", async () => {
    standIn.signInAs("github", { id: "888", email: "gh@example.com", emailVerified: true });
    const qs = new URLSearchParams({ public_token: PROJECT.publicToken });
    const start = await h.app.inject({ method: "GET", url: `/v1/public/oauth/github/start?${qs}` });
    const atProvider = await fetch(start.headers.location as string, { redirect: "manual" });
    const back = new URL(atProvider.headers.get("location")!);
    expect((await h.app.inject({ method: "GET", url: `${back.pathname}${back.search}` })).statusCode).toBe(
      302,
    );
    const replay = await h.app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
    expect(replay.statusCode).toBe(400);
    const posted = await h.app.inject({
      method: "POST",
      url: "/v1/public/oauth/apple/callback",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "state=never-issued&code=x",
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.json().error_type).toBe("oauth_flow_failed");
  });
});

describe("Google One Tap", () => {
  const start = async () =>
    (
      await sdk(h, "POST", "/oauth/google/onetap/start", {
        login_redirect_url: LOGIN,
        signup_redirect_url: SIGNUP,
      })
    ).data as { nonce: string; client_id: string };
  const submit = (credential: string) => sdk(h, "POST", "/oauth/google/onetap/submit", { credential });

  it("signs in with the credential Google's script hands over, once", async () => {
    const { nonce, client_id } = await start();
    expect(client_id).toBe(standIn.clientId);
    const credential = await standIn.googleCredential({
      sub: "one-tap-1",
      email: "tap@example.com",
      name: "Tap Er",
      nonce,
    });
    const r = await submit(credential);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const app = new URL(r.data.redirect_url);
    expect(app.origin + app.pathname).toBe(SIGNUP);
    expect(app.searchParams.get("stytch_token_type")).toBe("oauth");
    const answer = (
      await backend(h, "POST", "/oauth/authenticate", {
        token: app.searchParams.get("token"),
        session_duration_minutes: 60,
      })
    ).json;
    expect(answer.provider_subject).toBe("one-tap-1");
    expect(answer.user.emails).toEqual([
      expect.objectContaining({ email: "tap@example.com", verified: true }),
    ]);
    // The same credential again: its nonce is spent.
    expect((await submit(credential)).json.error_type).toBe("oauth_flow_failed");
  });

  it("refuses a credential for another client, expired, signed by another key or with a nonce we never issued", async () => {
    const { generateKeyPair, SignJWT } = await import("jose");
    const stranger = await generateKeyPair("RS256");
    const forged = async (nonce: string) =>
      new SignJWT({ sub: "x", email: "x@example.com", email_verified: true, nonce })
        .setProtectedHeader({ alg: "RS256", kid: "stand-in-1" })
        .setIssuer("https://accounts.google.com")
        .setAudience(standIn.clientId)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(stranger.privateKey);
    const cases = [
      standIn.googleCredential({ sub: "x", nonce: (await start()).nonce, aud: "another-client" }),
      standIn.googleCredential({
        sub: "x",
        nonce: (await start()).nonce,
        exp: Math.floor(Date.now() / 1000) - 60,
      }),
      forged((await start()).nonce),
      standIn.googleCredential({ sub: "x", nonce: "chosen-by-the-attacker" }),
      standIn.googleCredential({ sub: "x" }),
    ];
    for (const credential of cases) {
      const r = await submit(await credential);
      expect(r.status).toBe(400);
      expect(r.json.error_type).toBe("oauth_flow_failed");
    }
  });
});

describe("starts", () => {
  it("count against the client address, since each one stores a state or a nonce", async () => {
    const limited = await startHarness({
      oauthProviders: { github: configFor("github"), google: configFor("google") },
      settings: { rateLimits: { auth_per_ip: { limit: 3, windowSeconds: 60 } } },
    });
    try {
      const qs = new URLSearchParams({ public_token: PROJECT.publicToken });
      for (let i = 0; i < 2; i++) {
        const start = await limited.app.inject({ method: "GET", url: `/v1/public/oauth/github/start?${qs}` });
        expect(start.statusCode).toBe(302);
      }
      expect((await sdk(limited, "POST", "/oauth/google/onetap/start", {})).status).toBe(200);
      const refused = await limited.app.inject({ method: "GET", url: `/v1/public/oauth/github/start?${qs}` });
      expect(refused.statusCode).toBe(429);
      expect((await sdk(limited, "POST", "/oauth/google/onetap/start", {})).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
