// Runs in happy-dom (script tag loading).
import { afterEach, describe, expect, it } from "vitest";
import { defaultBootstrap } from "./bootstrap.ts";
import {
  bootstrapRecaptchaProvider,
  createRecaptchaProvider,
  loadRecaptchaEnterprise,
  type RecaptchaEnterprise,
} from "./captcha.ts";
import { CaptchaRequiredError } from "./errors.ts";
import { okResponse, testClient, textResponse } from "./testing.ts";

function fakeRecaptcha() {
  const executed: { siteKey: string; action: string }[] = [];
  const api: RecaptchaEnterprise = {
    ready: (cb) => cb(),
    execute: async (siteKey, { action }) => {
      executed.push({ siteKey, action });
      return `token-${executed.length}`;
    },
  };
  return { api, executed };
}

afterEach(() => {
  delete (globalThis as { grecaptcha?: unknown }).grecaptcha;
  for (const s of document.querySelectorAll("script")) s.remove();
});

describe("reCAPTCHA provider", () => {
  it("executes with the action LOGIN and loads the client once per site key", async () => {
    const fake = fakeRecaptcha();
    let loads = 0;
    const provider = createRecaptchaProvider({
      siteKey: "site-1",
      load: async () => {
        loads++;
        return fake.api;
      },
    });
    expect(await provider.executeCaptcha("LOGIN")).toBe("token-1");
    expect(await provider.executeCaptcha("LOGIN")).toBe("token-2");
    expect(fake.executed).toEqual([
      { siteKey: "site-1", action: "LOGIN" },
      { siteKey: "site-1", action: "LOGIN" },
    ]);
    expect(loads).toBe(1);
  });

  it("produces no token while the bootstrap settings have captcha off", async () => {
    const fake = fakeRecaptcha();
    const off = bootstrapRecaptchaProvider({ get: async () => defaultBootstrap() }, async () => fake.api);
    expect(await off.executeCaptcha("LOGIN")).toBeUndefined();
    const on = bootstrapRecaptchaProvider(
      { get: async () => ({ ...defaultBootstrap(), captchaSettings: { enabled: true, siteKey: "k" } }) },
      async () => fake.api,
    );
    expect(await on.executeCaptcha("LOGIN")).toBe("token-1");
  });

  it("adds the enterprise script tag and resolves when it has loaded", async () => {
    const fake = fakeRecaptcha();
    const p = loadRecaptchaEnterprise("my key");
    const script = document.querySelector("script")!;
    expect(script.getAttribute("src")).toBe("https://www.google.com/recaptcha/enterprise.js?render=my%20key");
    (globalThis as { grecaptcha?: unknown }).grecaptcha = { enterprise: fake.api };
    script.dispatchEvent(new Event("load"));
    expect(await p).toBe(fake.api);
  });
});

describe("client captcha wiring", () => {
  it("with captcha off in the bootstrap, a 'Captcha required' answer fails without a pointless retry", async () => {
    const { client, calls } = testClient({
      routes: { "POST /otps/authenticate": () => textResponse(403, "Captcha required") },
    });
    const err = await client.otps
      .authenticate("123456", "m", { session_duration_minutes: 5 })
      .catch((e) => e);
    expect(err).toBeInstanceOf(CaptchaRequiredError);
    expect(calls.filter((c) => c.path === "/otps/authenticate")).toHaveLength(1);
  });

  it("with an injected provider, a captcha-protected call is retried once with the token", async () => {
    const { client, calls } = testClient({
      captcha: { executeCaptcha: async () => "cap-1", getTelemetryId: async () => "dfp-1" },
      routes: {
        "POST /magic_links/email/login_or_create": [
          () => textResponse(403, "Captcha required"),
          () => okResponse(),
        ],
      },
    });
    await client.magicLinks.email.loginOrCreate("a@example.com");
    const sends = calls.filter((c) => c.path === "/magic_links/email/login_or_create");
    expect(sends.map((c) => c.body)).toEqual([
      { email: "a@example.com" },
      { email: "a@example.com", captcha_token: "cap-1", dfp_telemetry_id: "dfp-1" },
    ]);
  });
});
