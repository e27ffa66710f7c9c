// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  cookieAttributes,
  documentCookieJar,
  isLocalhost,
  memoryCookieJar,
  parseCookies,
  serializeCookie,
} from "./cookies.ts";

const expires = new Date("2030-01-01T01:00:00Z");

describe("cookie attributes (§9: path /, SameSite lax, secure except localhost)", () => {
  it("defaults to path /, SameSite lax and Secure on a real host", () => {
    expect(cookieAttributes({ expires, hostname: "app.example.com" })).toEqual({
      path: "/",
      expires,
      sameSite: "lax",
      secure: true,
    });
  });

  it.each(["localhost", "127.0.0.1", "127.1.2.3", "[::1]"])("is not Secure on %s", (hostname) => {
    expect(cookieAttributes({ expires, hostname }).secure).toBe(false);
  });

  it.each(["localhost.example.com", "128.0.0.1", "example.com"])("is Secure on %s", (hostname) => {
    expect(isLocalhost(hostname)).toBe(false);
    expect(cookieAttributes({ expires, hostname }).secure).toBe(true);
  });

  it("honours a configured path", () => {
    expect(cookieAttributes({ expires, hostname: "a.example.com", path: "/app" }).path).toBe("/app");
  });

  it("sets a Domain only when cookies are shared with subdomains", () => {
    expect(
      cookieAttributes({ expires, hostname: "a.example.com", domain: "example.com" }).domain,
    ).toBeUndefined();
    expect(
      cookieAttributes({
        expires,
        hostname: "a.example.com",
        host: "a.example.com",
        availableToSubdomains: true,
      }).domain,
    ).toBe("a.example.com");
    expect(
      cookieAttributes({
        expires,
        hostname: "a.example.com",
        domain: "example.com",
        availableToSubdomains: true,
      }).domain,
    ).toBe("example.com");
    // Never on localhost: browsers reject Domain=localhost.
    expect(
      cookieAttributes({ expires, hostname: "localhost", availableToSubdomains: true }).domain,
    ).toBeUndefined();
  });

  it("leaves out an invalid expiry (a browser-session cookie)", () => {
    expect(cookieAttributes({ expires: new Date(""), hostname: "a.example.com" }).expires).toBeUndefined();
  });
});

describe("serializeCookie / parseCookies", () => {
  it("writes every attribute", () => {
    const s = serializeCookie(
      "stytch_session",
      "tok en;1",
      cookieAttributes({ expires, hostname: "example.com" }),
    );
    expect(s).toBe(
      "stytch_session=tok%20en%3B1; path=/; expires=Tue, 01 Jan 2030 01:00:00 GMT; samesite=lax; secure",
    );
  });

  it("omits secure on localhost", () => {
    expect(serializeCookie("a", "b", cookieAttributes({ expires, hostname: "localhost" }))).not.toContain(
      "secure",
    );
  });

  it("parses document.cookie, decoding values", () => {
    const jar = parseCookies('stytch_session=tok%20en%3B1; other=x=y; quoted="q"');
    expect(jar.get("stytch_session")).toBe("tok en;1");
    expect(jar.get("other")).toBe("x=y");
    expect(jar.get("quoted")).toBe("q");
    expect(parseCookies("").size).toBe(0);
  });
});

describe("cookie jars", () => {
  it("documentCookieJar assigns document.cookie strings", () => {
    const doc = { cookie: "" };
    const jar = documentCookieJar(doc);
    jar.set("a", "1", cookieAttributes({ expires, hostname: "example.com" }));
    expect(doc.cookie).toBe("a=1; path=/; expires=Tue, 01 Jan 2030 01:00:00 GMT; samesite=lax; secure");
    doc.cookie = "a=1; b=2";
    expect(jar.get("b")).toBe("2");
    jar.remove("a", { path: "/", sameSite: "lax", secure: true });
    expect(doc.cookie).toBe("a=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax; secure");
  });

  it("memoryCookieJar expires cookies", () => {
    const jar = memoryCookieJar();
    let now = Date.parse("2030-01-01T00:00:00Z");
    jar.now = () => now;
    jar.set("a", "1", cookieAttributes({ expires, hostname: "example.com" }));
    expect(jar.get("a")).toBe("1");
    now = expires.getTime();
    expect(jar.get("a")).toBeUndefined();
  });
});
