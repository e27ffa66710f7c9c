import { describe, expect, it } from "vitest";
import { loginPathFor, RETURN_TO_MS, rememberReturnTo, safePath, takeReturnTo } from "./return-to.ts";

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe("return-to", () => {
  it("keeps same-site paths only", () => {
    expect(safePath("/projects/1?language=es")).toBe("/projects/1?language=es");
    expect(safePath("//evil.example")).toBeNull();
    expect(safePath("https://evil.example")).toBeNull();
    expect(safePath("/login?next=/x")).toBeNull();
    expect(safePath(null)).toBeNull();
  });
  it("remembers once", () => {
    const s = memory();
    rememberReturnTo("/subscription", s);
    expect(takeReturnTo(s)).toBe("/subscription");
    expect(takeReturnTo(s)).toBeNull();
  });
  it("forgets a sign-in abandoned over an hour ago, and anything it cannot read", () => {
    const s = memory();
    rememberReturnTo("/subscription", s, 0);
    expect(takeReturnTo(s, RETURN_TO_MS - 1)).toBe("/subscription");
    rememberReturnTo("/subscription", s, 0);
    expect(takeReturnTo(s, RETURN_TO_MS)).toBeNull();
    s.setItem("dubbing.returnTo", "/subscription");
    expect(takeReturnTo(s)).toBeNull();
    s.setItem("dubbing.returnTo", JSON.stringify({ path: "//evil.example", at: Date.now() }));
    expect(takeReturnTo(s)).toBeNull();
  });
  it("builds the login address", () => {
    expect(loginPathFor("/projects/1?language=es")).toBe("/login?next=%2Fprojects%2F1%3Flanguage%3Des");
  });
});
