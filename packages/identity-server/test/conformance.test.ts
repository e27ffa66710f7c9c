// Conformance: the unmodified @stytch/vanilla-js 4.18.2 headless client, running in headless Chromium,
// signs in against this server by every method the product uses. The server listens on a real port;
// an OpenID Connect provider (oidc-provider) stands in for Google; passkeys use Chromium's virtual
// authenticator; the Ethereum wallet signs with a real key (viem).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import Fastify, { type FastifyInstance } from "fastify";
import { TOTP } from "otpauth";
import { type Browser, chromium, type Page } from "playwright-core";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../../../e2e/chromium.ts";
import { identitySchema, identityServer, migrateIdentity } from "../src/index.ts";
import { freshPglite, MemoryMailer, MemorySms, PROJECT, tokenFrom } from "./harness.ts";
import { type OidcFixture, startOidcProvider } from "./oidc-fixture.ts";

const require = createRequire(import.meta.url);
const SDK_FILE = require.resolve("@stytch/vanilla-js/dist/index.headless.esm.js");

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

let app: FastifyInstance;
let pglite: PGlite;
let db: ReturnType<typeof drizzle>;
let op: OidcFixture;
let browser: Browser;
let page: Page;
let origin = "";
const mailer = new MemoryMailer();
const sms = new MemorySms();

function pageHtml(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>conformance</title></head><body>
<input autocomplete="username webauthn" id="u">
<script type="module">
import * as Stytch from "/stytch.js";
window.Stytch = Stytch;
window.client = new Stytch.StytchHeadlessClient(${JSON.stringify(PROJECT.publicToken)}, {
  endpoints: { sdkBackendURL: ${JSON.stringify(origin)}, testAPIURL: ${JSON.stringify(origin)}, liveAPIURL: ${JSON.stringify(origin)} },
});
window.ready = true;
</script></body></html>`;
}

beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  op = await startOidcProvider(`${origin}/v1/public/oauth/google/callback`);
  op.accounts.carol = { email: "carol@example.com", email_verified: true, name: "Carol" };
  op.nextLogin.accountId = "carol";
  pglite = await freshPglite();
  db = drizzle(pglite);
  await migrateIdentity(db);
  app = Fastify();
  await app.register(identityServer, {
    db,
    publicUrl: origin,
    project: { ...PROJECT, redirectUrls: [`${origin}/authenticate`], allowedOrigins: [origin] },
    mailer,
    sms,
    oauthProviders: { google: { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret } },
  });
  const sdkSource = readFileSync(SDK_FILE, "utf8");
  app.get("/stytch.js", (_req, reply) => reply.type("text/javascript").send(sdkSource));
  app.get("/", (_req, reply) => reply.type("text/html").send(pageHtml()));
  app.get("/authenticate", (_req, reply) => reply.type("text/html").send(pageHtml()));
  await app.listen({ port, host: "127.0.0.1" });
  browser = await chromium.launch(chromiumLaunchOptions);
  page = await browser.newPage();
  await open("/");
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await pglite?.close();
  await op?.close();
});

async function open(path: string) {
  await page.goto(`${origin}${path}`);
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
}

/** Runs `fn(client, arg)` in the page; errors come back as `{error_type, message}`. */
async function run<T>(fn: string, arg?: unknown): Promise<T> {
  return page.evaluate(
    async ({ fn, arg }) => {
      // biome-ignore lint/suspicious/noExplicitAny: the SDK client lives on window in the page
      const w = window as any;
      try {
        const f = new Function("c", "arg", `return (${fn})(c, arg);`);
        return await f(w.client, arg);
      } catch (e) {
        // biome-ignore lint/suspicious/noExplicitAny: error objects from the SDK
        const err = e as any;
        return {
          error: true,
          error_type: err.error_type ?? null,
          message: String(err.message ?? err),
          name: err.name,
        };
      }
    },
    { fn, arg },
  );
}

type AuthResult = {
  user_id: string;
  session_token: string;
  session: { session_id: string };
  error?: boolean;
  error_type?: string;
};

function codeIn(text: string): string {
  const m = text.match(/\b(\d{6})\b/);
  if (!m?.[1]) throw new Error("no code");
  return m[1];
}

describe("@stytch/vanilla-js 4.18.2 in Chromium against our server", () => {
  it("email magic link with PKCE, users/me, session refresh and revoke", async () => {
    const sent = await run<{ status_code: number }>(
      "(c, email) => c.magicLinks.email.loginOrCreate(email)",
      "eml@example.com",
    );
    expect(sent.status_code).toBe(200);
    const { token } = tokenFrom(mailer.last("eml@example.com").text);
    const auth = await run<AuthResult>(
      "(c, token) => c.magicLinks.authenticate(token, { session_duration_minutes: 60 })",
      token,
    );
    expect(auth.error).toBeUndefined();
    expect(auth.user_id).toMatch(/^user-test-/);
    const state = await run<{
      session: { session_id: string } | null;
      user: { emails: { email: string }[] };
    }>("async (c) => ({ session: c.session.getSync(), user: await c.user.get() })");
    expect(state.session?.session_id).toBe(auth.session.session_id);
    expect(state.user.emails[0]?.email).toBe("eml@example.com");
    const refreshed = await run<{ session: { expires_at: string } }>(
      "(c) => c.session.authenticate({ session_duration_minutes: 90 })",
    );
    expect(new Date(refreshed.session.expires_at).getTime()).toBeGreaterThan(Date.now() + 80 * 60_000);
    const cookies = await page.context().cookies(origin);
    expect(cookies.map((c) => c.name)).toEqual(
      expect.arrayContaining(["stytch_session", "stytch_session_jwt"]),
    );
    await run("(c) => c.session.revoke()");
    expect(await run("(c) => c.session.getSync()")).toBeNull();
  });

  it("email OTP, including the wrong-code error type", async () => {
    const sent = await run<{ method_id: string }>(
      "(c, email) => c.otps.email.loginOrCreate(email, { expiration_minutes: 5 })",
      "otp-browser@example.com",
    );
    expect(sent.method_id).toMatch(/^email-test-/);
    const code = codeIn(mailer.last("otp-browser@example.com").text);
    const wrong = await run<AuthResult>(
      "(c, a) => c.otps.authenticate(a.code, a.id, { session_duration_minutes: 60 })",
      {
        code: code === "000000" ? "111111" : "000000",
        id: sent.method_id,
      },
    );
    expect(wrong.error_type).toBe("otp_code_not_found");
    const ok = await run<AuthResult>(
      "(c, a) => c.otps.authenticate(a.code, a.id, { session_duration_minutes: 60 })",
      {
        code,
        id: sent.method_id,
      },
    );
    expect(ok.error).toBeUndefined();
    await run("(c) => c.session.revoke()");
  });

  it("SMS OTP, user update and factor deletion", async () => {
    const sent = await run<{ method_id: string }>(
      "(c, phone) => c.otps.sms.loginOrCreate(phone, { expiration_minutes: 5 })",
      "+14155552671",
    );
    expect(sent.method_id).toMatch(/^phone-number-test-/);
    const code = codeIn(sms.messages.at(-1)!.body);
    const ok = await run<AuthResult>(
      "(c, a) => c.otps.authenticate(a.code, a.id, { session_duration_minutes: 60 })",
      {
        code,
        id: sent.method_id,
      },
    );
    expect(ok.error).toBeUndefined();
    const upd = await run<{ user_id: string; error?: boolean }>(
      "(c) => c.user.update({ untrusted_metadata: { plan: 'free' } })",
    );
    expect(upd.error).toBeUndefined();
    const user = await run<{
      untrusted_metadata: Record<string, unknown>;
      phone_numbers: { phone_id: string }[];
    }>("(c) => c.user.get()");
    expect(user.untrusted_metadata).toEqual({ plan: "free" });
    const del = await run<{ user_id: string }>(
      "(c, id) => c.user.deletePhoneNumber(id)",
      user.phone_numbers[0]!.phone_id,
    );
    expect(del.user_id).toBe(ok.user_id);
    const after = await run<{ phone_numbers: unknown[] }>("(c) => c.user.getSync()");
    expect(after.phone_numbers).toHaveLength(0);
    await run("(c) => c.session.revoke()");
  });

  it("passwords: strength check, create, login, reset by email", async () => {
    const email = "pw-browser@example.com";
    const strength = await run<{ valid_password: boolean; breached_password: boolean }>(
      "(c, email) => c.passwords.strengthCheck({ email, password: 'password' })",
      email,
    );
    expect(strength).toMatchObject({ valid_password: false, breached_password: true });
    const created = await run<AuthResult>(
      "(c, email) => c.passwords.create({ email, password: 'orbit-maple-cinder-42-quartz', session_duration_minutes: 60 })",
      email,
    );
    expect(created.error).toBeUndefined();
    await run("(c) => c.session.revoke()");
    const bad = await run<AuthResult>(
      "(c, email) => c.passwords.authenticate({ email, password: 'nope-nope-nope', session_duration_minutes: 60 })",
      email,
    );
    expect(bad.error_type).toBe("unauthorized_credentials");
    const login = await run<AuthResult>(
      "(c, email) => c.passwords.authenticate({ email, password: 'orbit-maple-cinder-42-quartz', session_duration_minutes: 60 })",
      email,
    );
    expect(login.user_id).toBe(created.user_id);
    await run("(c) => c.session.revoke()");
    await run(
      "(c, a) => c.passwords.resetByEmailStart({ email: a.email, reset_password_redirect_url: a.url })",
      {
        email,
        url: `${origin}/authenticate`,
      },
    );
    const { token, type } = tokenFrom(mailer.last(email).text);
    expect(type).toBe("reset_password");
    const reset = await run<AuthResult>(
      "(c, token) => c.passwords.resetByEmail({ token, password: 'second-orbit-maple-77-quartz', session_duration_minutes: 60 })",
      token,
    );
    expect(reset.user_id).toBe(created.user_id);
    const bySession = await run<AuthResult>(
      "(c) => c.passwords.resetBySession({ password: 'third-orbit-maple-88-quartz', session_duration_minutes: 60 })",
    );
    expect(bySession.user_id).toBe(created.user_id);
    await run("(c) => c.session.revoke()");
    const byExisting = await run<AuthResult>(
      "(c, email) => c.passwords.resetByExistingPassword({ email, existing_password: 'third-orbit-maple-88-quartz', new_password: 'fourth-orbit-maple-99-quartz', session_duration_minutes: 60 })",
      email,
    );
    expect(byExisting.user_id).toBe(created.user_id);
    await run("(c) => c.session.revoke()");
  });

  it("OAuth through the OpenID Connect provider, with PKCE", async () => {
    await page
      .evaluate((url) => {
        // biome-ignore lint/suspicious/noExplicitAny: SDK client on window
        (window as any).client.oauth.google.start({ login_redirect_url: url, signup_redirect_url: url });
      }, `${origin}/authenticate`)
      .catch(() => {});
    await page.waitForURL(/\/authenticate\?.*stytch_token_type=oauth/, { timeout: 30_000 });
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    const token = new URL(page.url()).searchParams.get("token");
    const auth = await run<AuthResult & { provider_type: string }>(
      "(c, token) => c.oauth.authenticate(token, { session_duration_minutes: 60 })",
      token,
    );
    expect(auth.error).toBeUndefined();
    expect(auth.provider_type).toBe("Google");
    const user = await run<{ emails: { email: string }[]; providers: unknown[] }>("(c) => c.user.get()");
    expect(user.emails[0]?.email).toBe("carol@example.com");
    expect(user.providers).toHaveLength(1);
  });

  it("TOTP enrolment and authentication as a second factor", async () => {
    const created = await run<{ secret: string; totp_id: string }>(
      "(c) => c.totps.create({ expiration_minutes: 10 })",
    );
    expect(created.totp_id).toMatch(/^totp-test-/);
    const code = new TOTP({ secret: created.secret }).generate();
    const ok = await run<{ totp_id: string; session: { authentication_factors: { type: string }[] } }>(
      "(c, totp_code) => c.totps.authenticate({ totp_code, session_duration_minutes: 60 })",
      code,
    );
    expect(ok.session.authentication_factors.map((f) => f.type)).toEqual(["oauth", "totp"]);
  });

  it("passkey registration and sign-in with Chromium's virtual authenticator", async () => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const reg = await run<{ webauthn_registration_id: string; error?: boolean; message?: string }>(
      "(c) => c.webauthn.register({ domain: 'localhost', is_passkey: true, session_duration_minutes: 60 })",
    );
    expect(reg.message).toBeUndefined();
    expect(reg.webauthn_registration_id).toMatch(/^webauthn-registration-test-/);
    const me = await run<{ user_id: string }>("(c) => c.user.get()");
    await run("(c) => c.session.revoke()");
    const auth = await run<AuthResult & { message?: string }>(
      "(c) => c.webauthn.authenticate({ domain: 'localhost', is_passkey: true, session_duration_minutes: 60 })",
    );
    expect(auth.message).toBeUndefined();
    expect(auth.user_id).toBe(me.user_id);
    const renamed = await run<{ webauthn_registration: { name: string } }>(
      "(c, id) => c.webauthn.update({ webauthn_registration_id: id, name: 'My laptop' })",
      reg.webauthn_registration_id,
    );
    expect(renamed.webauthn_registration.name).toBe("My laptop");
    await run("(c) => c.session.revoke()");
  });

  it("Ethereum wallet signed with a real key", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const start = await run<{ challenge: string }>(
      "(c, address) => c.cryptoWallets.authenticateStart({ crypto_wallet_address: address, crypto_wallet_type: 'ethereum' })",
      account.address,
    );
    expect(start.challenge).toContain(account.address);
    const signature = await account.signMessage({ message: start.challenge });
    const auth = await run<AuthResult>(
      "(c, a) => c.cryptoWallets.authenticate({ crypto_wallet_address: a.address, crypto_wallet_type: 'ethereum', signature: a.signature, session_duration_minutes: 60 })",
      { address: account.address, signature },
    );
    expect(auth.error).toBeUndefined();
    expect(auth.user_id).toMatch(/^user-test-/);
  });

  it("received the SDK's telemetry events", async () => {
    await page.waitForTimeout(1500); // the SDK flushes its batch every 800 ms
    const rows = await db.select().from(identitySchema.identityEvents);
    expect(rows.length).toBeGreaterThan(0);
  });
});
