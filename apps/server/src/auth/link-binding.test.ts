import { describe, expect, it } from "vitest";
import { bindLinkUrls, matchesCookie, startRequests } from "./link-binding.ts";

const CALLBACK = "https://dub.example.com/api/stytch";
const FIELDS = ["login_magic_link_url", "signup_magic_link_url"];

describe("bindLinkUrls", () => {
  it("puts the binding into links to the app's callback, given or defaulted", () => {
    expect(bindLinkUrls({ email: "a@b.co" }, FIELDS, CALLBACK, "xyz")).toEqual({
      email: "a@b.co",
      login_magic_link_url: `${CALLBACK}?b=xyz`,
      signup_magic_link_url: `${CALLBACK}?b=xyz`,
    });
    const asked = { login_magic_link_url: `${CALLBACK}?b=forged`, signup_magic_link_url: CALLBACK };
    expect(bindLinkUrls(asked, FIELDS, CALLBACK, "xyz")).toMatchObject({
      login_magic_link_url: `${CALLBACK}?b=xyz`,
      signup_magic_link_url: `${CALLBACK}?b=xyz`,
    });
  });

  it("leaves other redirect targets alone", () => {
    const other = {
      login_magic_link_url: "https://dub.example.com/elsewhere",
      signup_magic_link_url: "https://other.example.com/api/stytch",
    };
    expect(bindLinkUrls(other, FIELDS, CALLBACK, "xyz")).toBeNull();
  });
});

describe("startRequests", () => {
  it("finds the magic link sends, the OAuth starts and Google One Tap's start", () => {
    const [links, oauth, oneTap] = startRequests("/api/stytch", "/api/stytch/google");
    expect(links!.path.test("/sdk/v1/magic_links/email/login_or_create")).toBe(true);
    expect(links!.path.test("/sdk/v1/magic_links/email/send/primary")).toBe(true);
    expect(links!.path.test("/sdk/v1/magic_links/email/send/secondary")).toBe(false);
    expect(oauth!.path.test("/v1/public/oauth/google/start")).toBe(true);
    expect(oneTap!.path.test("/sdk/v1/oauth/google/onetap/start")).toBe(true);
    expect(oneTap!.callbackPath).toBe("/api/stytch/google");
  });
});

describe("matchesCookie", () => {
  it("matches only the same binding", () => {
    expect(matchesCookie("abc", "abc")).toBe(true);
    expect(matchesCookie("abc", "abd")).toBe(false);
    expect(matchesCookie(undefined, "abc")).toBe(false);
    expect(matchesCookie("abc", ["abc"])).toBe(false);
    expect(matchesCookie("abc", "abcd")).toBe(false);
  });
});
