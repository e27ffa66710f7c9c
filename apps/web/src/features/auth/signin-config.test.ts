import { describe, expect, it } from "vitest";
import type { AppConfig } from "../../api/types.ts";
import { signInConfig } from "./signin-config.ts";

const operator = { supportEmail: null, policiesUpdated: null };

describe("signInConfig", () => {
  it("offers magic links and Google with the API callbacks", () => {
    const c = signInConfig({
      publicUrl: "https://dub.example/",
      maxUploadBytes: 1,
      acceptedUploadTypes: [],
      operator,
      voiceCloning: false,
      offer: { languages: 21, voices: 50, dubbed: [] },
      identity: {
        publicToken: "public-token-live-1",
        sdkBaseUrl: "https://dub.example/",
        oauthProviders: ["google"],
      },
    });
    expect(c.widget.products).toEqual(["emailMagicLinks", "oauth"]);
    expect(c.widget.emailMagicLinksOptions?.loginRedirectURL).toBe("https://dub.example/api/stytch");
    expect(c.widget.emailMagicLinksOptions?.signupRedirectURL).toBe("https://dub.example/api/stytch");
    expect(c.widget.emailMagicLinksOptions?.loginExpirationMinutes).toBe(30);
    expect(c.widget.oauthOptions?.providers).toEqual([{ type: "google" }]);
    expect(c.widget.oauthOptions?.loginRedirectURL).toBe("https://dub.example/api/stytch/google");
    expect(c.publicToken).toBe("public-token-live-1");
    expect(c.sdkBaseUrl).toBe("https://dub.example");
  });
  it("names the dev mailbox where the sign-in emails land, and no webmail, on a server without SMTP", () => {
    const base = {
      publicUrl: "http://dub.test",
      maxUploadBytes: 1,
      acceptedUploadTypes: [],
      operator,
      voiceCloning: false,
      offer: { languages: 1, voices: 1, dubbed: [] },
    };
    const identity = { publicToken: "t", sdkBaseUrl: "http://dub.test", oauthProviders: [] };
    const dev = signInConfig({ ...base, identity: { ...identity, devMailbox: true } });
    expect(dev.widget.emailMagicLinksOptions?.mailbox).toEqual({
      label: "Open this server's dev mailbox",
      href: "http://dub.test/dev/mailbox",
    });
    expect(signInConfig({ ...base, identity }).widget.emailMagicLinksOptions?.mailbox).toBeUndefined();
  });
  it("uses the public URL for the SDK when the server names none", () => {
    expect(
      // An answer without `identity` (the contract always has it; the widget still copes).
      signInConfig({
        publicUrl: "http://x.test",
        maxUploadBytes: 1,
        acceptedUploadTypes: [],
      } as unknown as AppConfig).sdkBaseUrl,
    ).toBe("http://x.test");
  });
  it("offers exactly the providers the server has configured, in order", () => {
    const c = signInConfig({
      publicUrl: "http://x.test",
      maxUploadBytes: 1,
      acceptedUploadTypes: [],
      operator,
      voiceCloning: false,
      offer: { languages: 21, voices: 50, dubbed: [] },
      identity: {
        publicToken: "public-token-test-1",
        sdkBaseUrl: "http://x.test",
        oauthProviders: ["google", "apple", "github"],
      },
    });
    expect(c.widget.oauthOptions?.providers).toEqual([
      { type: "google" },
      { type: "apple" },
      { type: "github" },
    ]);
  });
  it("offers only the magic link when the server has no social sign-in", () => {
    const c = signInConfig({
      publicUrl: "http://x.test",
      maxUploadBytes: 1,
      acceptedUploadTypes: [],
      operator,
      voiceCloning: false,
      offer: { languages: 21, voices: 50, dubbed: [] },
      identity: { publicToken: "public-token-test-1", sdkBaseUrl: "http://x.test", oauthProviders: [] },
    });
    expect(c.widget.products).toEqual(["emailMagicLinks"]);
    expect(c.widget.oauthOptions).toBeUndefined();
  });
});
