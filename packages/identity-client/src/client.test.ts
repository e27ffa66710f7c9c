// @vitest-environment node
import { describe, expect, it } from "vitest";
import { checkPublicToken, createIdentityClient } from "./client.ts";
import { memoryCookieJar } from "./cookies.ts";
import { memoryStorage } from "./storage.ts";
import { okResponse, recordingLogger, scriptedFetch, testClient } from "./testing.ts";

describe("public token check (§5)", () => {
  it("warns when the token does not start with 'public-token-'", () => {
    const logger = recordingLogger();
    expect(checkPublicToken("pk_live_123", logger)).toBe(false);
    expect(String(logger.warnings[0]![0])).toContain('Expected "public-token-...", got pk_live_123.');
    expect(checkPublicToken("", logger)).toBe(false);
    expect(String(logger.warnings[1]![0])).toContain("got an empty string");
    expect(checkPublicToken(undefined, logger)).toBe(false);
    expect(String(logger.warnings[2]![0])).toContain("Expected a string, got undefined");
    expect(checkPublicToken("public-token-live-abc", logger)).toBe(true);
    expect(logger.warnings).toHaveLength(3);
  });

  it("uses console.warn by default and still builds the client", () => {
    const warned: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void warned.push(args);
    try {
      const client = createIdentityClient({
        publicToken: "wrong",
        baseUrl: "https://id.example.com",
        fetch: scriptedFetch().fetch,
        storage: memoryStorage(),
        cookies: memoryCookieJar(),
        autoRefresh: false,
      });
      expect(client.publicToken).toBe("wrong");
      client.destroy();
    } finally {
      console.warn = original;
    }
    expect(warned.flat().join(" ")).toContain("Public token is malformed");
  });

  it("does not warn for a well-formed token", () => {
    const { logger, client } = testClient();
    expect(logger.warnings).toHaveLength(0);
    client.destroy();
  });
});

describe("bootstrap", () => {
  it("GETs /projects/bootstrap/{public_token} once and maps the settings", async () => {
    const { client, allCalls: calls } = testClient({
      routes: {
        "GET /projects/bootstrap/public-token-test-0000": () =>
          okResponse({
            disable_sdk_watermark: false,
            email_domains: ["mail.example.com"],
            captcha_settings: { enabled: false },
            pkce_required_for_email_magic_links: true,
            pkce_required_for_oauth: false,
            pkce_required_for_password_resets: true,
            password_config: { luds_complexity: 3, luds_minimum_count: 10 },
            rbac_policy: null,
          }),
      },
    });
    const data = await client.bootstrap.get();
    await client.bootstrap.get();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe("GET");
    expect(data).toMatchObject({
      displayWatermark: true,
      emailDomains: ["mail.example.com"],
      pkceRequiredForEmailMagicLinks: true,
      pkceRequiredForOAuth: false,
      pkceRequiredForPasswordResets: true,
      passwordConfig: { ludsComplexity: 3, ludsMinimumCount: 10 },
    });
    expect(client.bootstrap.getSync()).toEqual(data);
  });

  it("falls back to defaults when the call fails", async () => {
    const { client, logger } = testClient({
      routes: {
        "GET /projects/bootstrap/public-token-test-0000": () => Promise.reject(new TypeError("offline")),
      },
    });
    const original = console.error;
    console.error = () => undefined;
    try {
      const data = await client.bootstrap.get();
      expect(data.pkceRequiredForOAuth).toBe(false);
      expect(data.captchaSettings.enabled).toBe(false);
      expect(data.emailDomains).toHaveLength(1);
    } finally {
      console.error = original;
    }
    expect(logger.errors).toHaveLength(0);
  });
});

describe("client shape", () => {
  it("exposes the namespaced APIs", () => {
    const { client } = testClient();
    for (const area of [
      "magicLinks",
      "otps",
      "oauth",
      "passwords",
      "totps",
      "webauthn",
      "cryptoWallets",
      "session",
      "user",
      "events",
    ] as const) {
      expect(client[area]).toBeTypeOf("object");
    }
    client.destroy();
  });
});
