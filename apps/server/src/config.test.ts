import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("defaults to the embedded mode on port 8080 with both roles", () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe("http://localhost:8080");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect([...config.roles]).toEqual(["api", "worker"]);
    expect(config.maxUploadBytes).toBe(10 * 1024 ** 3);
  });

  it("reads the scale-out settings and the roles flag", () => {
    const config = loadConfig(
      {
        DATABASE_URL: "postgres://u@db:5432/dub",
        S3_BUCKET: "media",
        S3_ENDPOINT: "http://s3:9000",
        S3_ACCESS_KEY_ID: "k",
        S3_SECRET_ACCESS_KEY: "s",
        PUBLIC_URL: "https://dub.example.com/",
        SMTP_URL: "smtp://mail.example.com:587",
      },
      ["--roles=worker"],
    );
    expect(config.databaseUrl).toBe("postgres://u@db:5432/dub");
    expect(config.s3).toMatchObject({ bucket: "media", endpoint: "http://s3:9000", forcePathStyle: true });
    expect(config.publicUrl).toBe("https://dub.example.com");
    expect([...config.roles]).toEqual(["worker"]);
  });

  it("reads the identity provider's rate limits that differ from its defaults, and refuses unknown ones", () => {
    expect(loadConfig({}).identity.rateLimits).toEqual({});
    const limits = { send_per_ip: { limit: 200, windowSeconds: 900 } };
    expect(loadConfig({ IDENTITY_RATE_LIMITS: JSON.stringify(limits) }).identity.rateLimits).toEqual(limits);
    expect(() => loadConfig({ IDENTITY_RATE_LIMITS: "{" })).toThrow(/IDENTITY_RATE_LIMITS/);
    expect(() => loadConfig({ IDENTITY_RATE_LIMITS: '{"sends": {"limit": 1, "windowSeconds": 1}}' })).toThrow(
      /IDENTITY_RATE_LIMITS/,
    );
    expect(() =>
      loadConfig({ IDENTITY_RATE_LIMITS: '{"send_per_ip": {"limit": 0, "windowSeconds": 60}}' }),
    ).toThrow(/IDENTITY_RATE_LIMITS/);
  });

  it("parses the engines' variables into config.engines, and refuses an engine URL that is not one", () => {
    const models = { fasterWhisper: { modelsDir: path.resolve("data/models") } };
    expect(loadConfig({}).engines).toEqual(models);
    expect(loadConfig({ MODELS_DIR: "/srv/models" }).engines.fasterWhisper).toEqual({
      modelsDir: "/srv/models",
    });
    const config = loadConfig({
      OPENAI_API_KEY: "sk-1",
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
      AZURE_SPEECH_KEY: "az",
      AZURE_SPEECH_REGION: "eastus",
      ESPEAK_PATH: "/opt/espeak-ng",
      DEEPL_API_KEY: " ",
    });
    expect(config.engines).toEqual({
      openai: { apiKey: "sk-1", baseUrl: "http://127.0.0.1:9/v1" },
      azureSpeech: { key: "az", region: "eastus" },
      espeak: { binary: "/opt/espeak-ng" },
      ...models,
    });
    expect(() => loadConfig({ DEEPGRAM_BASE_URL: "not a url" })).toThrow(/DEEPGRAM_BASE_URL/);
  });

  it("takes the operator's support address and policy date, none by default", () => {
    expect(loadConfig({}).operator).toEqual({ supportEmail: null, policiesUpdated: null });
    expect(loadConfig({ SUPPORT_EMAIL: "help@dubs.test", POLICIES_UPDATED: "2026-03-14" }).operator).toEqual({
      supportEmail: "help@dubs.test",
      policiesUpdated: "2026-03-14",
    });
    expect(() => loadConfig({ SUPPORT_EMAIL: "not an address" })).toThrow(/SUPPORT_EMAIL/);
    expect(() => loadConfig({ POLICIES_UPDATED: "March 2026" })).toThrow(/POLICIES_UPDATED/);
  });

  it("lists every bad variable at once", () => {
    try {
      loadConfig({ PORT: "eighty", ROLES: "api,chef", S3_BUCKET: "media", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join("\n");
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/ROLES: unknown role "chef"/);
      expect(problems).toMatch(/S3_ACCESS_KEY_ID/);
      expect(problems).toMatch(/LOG_LEVEL/);
    }
  });

  it("keeps sign-in links in a development mailbox only where nobody else can read it", () => {
    expect(loadConfig({}).devMailbox).toBe("loopback-only");
    expect(loadConfig({ PUBLIC_URL: "http://127.0.0.1:9000" }).devMailbox).toBe("loopback-only");
    expect(() => loadConfig({ PUBLIC_URL: "https://dub.example.com" })).toThrow(/SMTP_URL: set SMTP_URL/);
    expect(() => loadConfig({ PUBLIC_URL: "http://localhost.example.com" })).toThrow(ConfigError);
    const smtp = loadConfig({ PUBLIC_URL: "https://dub.example.com", SMTP_URL: "smtp://mail:25" });
    expect(smtp.devMailbox).toBe("off");
    const dev = loadConfig({ PUBLIC_URL: "http://192.168.1.5:8080", DEVELOPMENT_MAILBOX: "true" });
    expect(dev.devMailbox).toBe("open");
    // a worker sends no mail
    expect(() => loadConfig({ PUBLIC_URL: "https://dub.example.com", ROLES: "worker" })).not.toThrow();
  });

  it("trusts X-Forwarded-For only from the proxies it is told about", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: "true" is not a hop count/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(ConfigError);
  });
});
