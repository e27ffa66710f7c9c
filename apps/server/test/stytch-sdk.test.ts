// The unmodified @stytch/vanilla-js@4.18.2 headless client, in Chromium, signs in against the app's own
// identity server (every product on) by magic link, email OTP and password, with the app's callback as
// the redirect URL. The page and the SDK file are served at the app's origin by Playwright routes.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../../../e2e/chromium.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { lastMailTo, publicToken } from "./identity.ts";

const SDK_FILE = createRequire(import.meta.url).resolve("@stytch/vanilla-js/dist/index.headless.esm.js");
const PASSWORD = "correct-horse-battery-staple-42!";

describe.each(MODES)("@stytch/vanilla-js 4.18.2 against the app (%s)", (mode) => {
  let ts: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ts = await startTestServer(mode, {
      IDENTITY_PRODUCTS: "magic_links,otps,passwords,oauth,totps,webauthn,crypto_wallets",
    });
    const token = await publicToken(ts);
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>sdk</title></head><body>
<script type="module">
import * as Stytch from "/__sdk/stytch.js";
window.client = new Stytch.StytchHeadlessClient(${JSON.stringify(token)}, {
  endpoints: { sdkBackendURL: ${JSON.stringify(ts.baseUrl)}, testAPIURL: ${JSON.stringify(ts.baseUrl)}, liveAPIURL: ${JSON.stringify(ts.baseUrl)} },
});
window.ready = true;
</script></body></html>`;
    browser = await chromium.launch(chromiumLaunchOptions);
    page = await browser.newPage();
    await page.route(`${ts.baseUrl}/__sdk/page`, (route) =>
      route.fulfill({ contentType: "text/html", body: html }),
    );
    await page.route(`${ts.baseUrl}/__sdk/stytch.js`, (route) =>
      route.fulfill({ contentType: "text/javascript", body: readFileSync(SDK_FILE, "utf8") }),
    );
    await page.goto(`${ts.baseUrl}/__sdk/page`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await ts?.close();
  });

  /** Runs `fn(client, arg)` in the page; SDK errors come back as `{error_type}`. */
  function run<T>(fn: string, arg?: unknown): Promise<T> {
    return page.evaluate(
      async ({ fn, arg }) => {
        // biome-ignore lint/suspicious/noExplicitAny: the SDK client lives on window in the page
        const w = window as any;
        try {
          return await new Function("c", "arg", `return (${fn})(c, arg);`)(w.client, arg);
        } catch (e) {
          return { error: true, error_type: (e as { error_type?: string }).error_type ?? String(e) };
        }
      },
      { fn, arg },
    );
  }

  type Auth = { user_id?: string; session_token?: string; error?: boolean; error_type?: string };

  it("signs in by magic link, with the app's callback as the redirect URL", async () => {
    const email = `sdk-link-${mode}@example.com`;
    const sent = await run<{ status_code: number }>(
      "(c, a) => c.magicLinks.email.loginOrCreate(a.email, { login_magic_link_url: a.url, signup_magic_link_url: a.url })",
      { email, url: `${ts.baseUrl}/api/stytch` },
    );
    expect(sent.status_code).toBe(200);
    const link = new URL(await lastMailTo(ts, email, /https?:\/\/\S+\?\S*token=\S+/));
    expect(link.pathname).toBe("/api/stytch");
    const result = await run<Auth>(
      "(c, t) => c.magicLinks.authenticate(t, { session_duration_minutes: 60 })",
      link.searchParams.get("token"),
    );
    expect(result.error).toBeUndefined();
    expect(result.user_id).toMatch(/^user-/);
    await run("(c) => c.session.revoke()");
  });

  it("signs in by email passcode", async () => {
    const email = `sdk-otp-${mode}@example.com`;
    const sent = await run<{ method_id: string }>("(c, e) => c.otps.email.loginOrCreate(e)", email);
    const code = await lastMailTo(ts, email, /\b\d{6}\b/);
    const auth = await run<Auth>(
      "(c, a) => c.otps.authenticate(a.code, a.id, { session_duration_minutes: 60 })",
      {
        code,
        id: sent.method_id,
      },
    );
    expect(auth.error).toBeUndefined();
    expect(auth.user_id).toMatch(/^user-/);
    await run("(c) => c.session.revoke()");
  });

  it("creates a password and signs in with it", async () => {
    const email = `sdk-password-${mode}@example.com`;
    const created = await run<Auth>(
      "(c, a) => c.passwords.create({ email: a.email, password: a.password, session_duration_minutes: 60 })",
      { email, password: PASSWORD },
    );
    expect(created.error).toBeUndefined();
    await run("(c) => c.session.revoke()");
    const auth = await run<Auth>(
      "(c, a) => c.passwords.authenticate({ email: a.email, password: a.password, session_duration_minutes: 60 })",
      { email, password: PASSWORD },
    );
    expect(auth.error).toBeUndefined();
    expect(auth.user_id).toBe(created.user_id);
  });
});
