import { describe, expect, it } from "vitest";
import { redirectAllowed, withToken } from "./tokens.ts";

describe("redirect allow-list", () => {
  const list = ["http://localhost:3000/api/stytch", "https://app.example.com/auth/callback"];
  it("allows exact entries and entries with a query", () => {
    expect(redirectAllowed(list, "http://localhost:3000/api/stytch")).toBe(true);
    expect(redirectAllowed(list, "https://app.example.com/auth/callback?next=/videos")).toBe(true);
  });
  it("refuses other hosts, ports, schemes, paths and credentials", () => {
    expect(redirectAllowed(list, "http://localhost:3001/api/stytch")).toBe(false);
    expect(redirectAllowed(list, "http://app.example.com/auth/callback")).toBe(false);
    expect(redirectAllowed(list, "https://app.example.com/auth/callback/evil")).toBe(false);
    expect(redirectAllowed(list, "https://evil@app.example.com/auth/callback")).toBe(false);
    expect(redirectAllowed(list, "https://app.example.com.evil.io/auth/callback")).toBe(false);
    expect(redirectAllowed(list, "not a url")).toBe(false);
  });
  it("appends the token and its type", () => {
    const u = new URL(withToken("http://localhost:3000/api/stytch?a=1", "tok", "magic_links"));
    expect(u.searchParams.get("a")).toBe("1");
    expect(u.searchParams.get("token")).toBe("tok");
    expect(u.searchParams.get("stytch_token_type")).toBe("magic_links");
  });
});
