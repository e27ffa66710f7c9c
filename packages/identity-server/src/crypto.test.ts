import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  decrypt,
  encrypt,
  encryptionKey,
  hashPassword,
  isPkceChallenge,
  needsRehash,
  numericCode,
  pkceMatches,
  randomToken,
  safeEqual,
  verifyPassword,
} from "./crypto.ts";

describe("crypto helpers", () => {
  it("makes 256-bit url-safe tokens that do not repeat", () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(a);
  });

  it("makes numeric codes of the asked length", () => {
    for (let i = 0; i < 20; i++) expect(numericCode(6)).toMatch(/^\d{6}$/);
  });

  it("checks PKCE S256 pairs", () => {
    const verifier = "a".repeat(64);
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    expect(isPkceChallenge(challenge)).toBe(true);
    expect(pkceMatches(verifier, challenge)).toBe(true);
    expect(pkceMatches("b".repeat(64), challenge)).toBe(false);
  });

  it("hashes passwords with scrypt and verifies them", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored.startsWith("scrypt$32768$8$3$")).toBe(true); // OWASP: N=2^15, r=8, p=3
    expect(needsRehash(stored)).toBe(false);
    expect(needsRehash("scrypt$16384$8$1$c2FsdA$a2V5")).toBe(true);
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("wrong", stored)).toBe(false);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });

  it("seals and opens secrets, and refuses tampered ones", () => {
    const key = encryptionKey("secret-live-abc");
    const sealed = encrypt(key, "JBSWY3DPEHPK3PXP");
    expect(decrypt(key, sealed)).toBe("JBSWY3DPEHPK3PXP");
    expect(() => decrypt(encryptionKey("other"), sealed)).toThrow();
  });

  it("compares strings safely", () => {
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
  });
});
