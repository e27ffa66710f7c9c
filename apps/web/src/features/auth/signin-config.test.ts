import { describe, expect, it } from "vitest";
import { signInConfig } from "./signin-config.ts";

describe("signInConfig", () => {
  it("offers magic links and Google with the API callbacks", () => {
    const c = signInConfig({
      publicUrl: "https://dub.example/",
      maxUploadBytes: 1,
      acceptedUploadTypes: [],
      identity: { publicToken: "public-token-live-1", sdkBaseUrl: "https://dub.example/sdk/v1" },
    });
    expect(c.products).toEqual(["emailMagicLinks", "oauth"]);
    expect(c.emailMagicLinksOptions.loginRedirectURL).toBe("https://dub.example/api/stytch");
    expect(c.emailMagicLinksOptions.loginExpirationMinutes).toBe(30);
    expect(c.oauthOptions.loginRedirectURL).toBe("https://dub.example/api/stytch/google");
    expect(c.publicToken).toBe("public-token-live-1");
  });
});
