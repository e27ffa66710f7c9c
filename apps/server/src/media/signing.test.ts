import { describe, expect, it } from "vitest";
import { signMediaPath, verifyMediaSignature } from "./signing.ts";

const now = Date.UTC(2026, 0, 1);

function parts(url: string) {
  const u = new URL(url, "http://x");
  return {
    key: u.pathname.slice("/media/".length),
    exp: u.searchParams.get("exp")!,
    sig: u.searchParams.get("sig")!,
  };
}

describe("media URL signatures", () => {
  it("verifies its own signature until it expires", () => {
    const { key, exp, sig } = parts(signMediaPath("secret", "projects/a/original.mp4", now, 60));
    expect(key).toBe("projects/a/original.mp4");
    expect(verifyMediaSignature("secret", key, exp, sig, now + 59_000)).toBe(true);
    expect(verifyMediaSignature("secret", key, exp, sig, now + 61_000)).toBe(false);
  });

  it("refuses another key, another secret, a changed expiry or a missing part", () => {
    const { key, exp, sig } = parts(signMediaPath("secret", "projects/a/original.mp4", now, 60));
    expect(verifyMediaSignature("secret", "projects/b/original.mp4", exp, sig, now)).toBe(false);
    expect(verifyMediaSignature("other", key, exp, sig, now)).toBe(false);
    expect(verifyMediaSignature("secret", key, String(Number(exp) + 1000), sig, now)).toBe(false);
    expect(verifyMediaSignature("secret", key, undefined, sig, now)).toBe(false);
    expect(verifyMediaSignature("secret", key, exp, undefined, now)).toBe(false);
    expect(verifyMediaSignature("secret", key, "12abc", sig, now)).toBe(false);
  });
});
