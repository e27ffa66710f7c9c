import { describe, expect, it } from "vitest";
import { signMediaPath, verifyMediaSignature } from "./signing.ts";

const now = Date.UTC(2026, 0, 1);

function parts(url: string) {
  const u = new URL(url, "http://x");
  return {
    key: u.pathname.slice("/media/".length),
    exp: u.searchParams.get("exp")!,
    sig: u.searchParams.get("sig")!,
    download: u.searchParams.get("download") ?? undefined,
    user: u.searchParams.get("u") ?? undefined,
  };
}

describe("media URL signatures", () => {
  it("verifies its own signature until it expires", () => {
    const { key, exp, sig } = parts(signMediaPath("secret", { key: "projects/a/original.mp4" }, now, 60));
    expect(key).toBe("projects/a/original.mp4");
    expect(verifyMediaSignature("secret", { key, exp, sig }, now + 59_000)).toBe(true);
    expect(verifyMediaSignature("secret", { key, exp, sig }, now + 61_000)).toBe(false);
  });

  it("refuses another key, another secret, a changed expiry or a missing part", () => {
    const { key, exp, sig } = parts(signMediaPath("secret", { key: "projects/a/original.mp4" }, now, 60));
    expect(verifyMediaSignature("secret", { key: "projects/b/original.mp4", exp, sig }, now)).toBe(false);
    expect(verifyMediaSignature("other", { key, exp, sig }, now)).toBe(false);
    expect(verifyMediaSignature("secret", { key, exp: String(Number(exp) + 1000), sig }, now)).toBe(false);
    expect(verifyMediaSignature("secret", { key, exp: undefined, sig }, now)).toBe(false);
    expect(verifyMediaSignature("secret", { key, exp, sig: undefined }, now)).toBe(false);
    expect(verifyMediaSignature("secret", { key, exp: "12abc", sig }, now)).toBe(false);
  });

  it("covers the download name: another name, or one added to a link without, is refused", () => {
    const named = parts(
      signMediaPath("secret", { key: "projects/a/dub.mp4", download: "dubbed video (es).mp4" }, now, 60),
    );
    expect(named.download).toBe("dubbed video (es).mp4");
    expect(verifyMediaSignature("secret", named, now)).toBe(true);
    expect(verifyMediaSignature("secret", { ...named, download: "Invoice-2026.bat" }, now)).toBe(false);
    expect(verifyMediaSignature("secret", { ...named, download: undefined }, now)).toBe(false);
    const plain = parts(signMediaPath("secret", { key: "projects/a/dub.mp4" }, now, 60));
    expect(plain.download).toBeUndefined();
    expect(verifyMediaSignature("secret", { ...plain, download: "Invoice-2026.bat" }, now)).toBe(false);
    expect(verifyMediaSignature("secret", { ...plain, download: "" }, now)).toBe(false);
  });

  it("covers the user a link is bound to: changed, removed or added, the link is refused", () => {
    const bound = parts(
      signMediaPath("secret", { key: "projects/a/dub.mp4", download: "dub.mp4", user: "user-1" }, now, 60),
    );
    expect(bound.user).toBe("user-1");
    const check = (user: string | undefined, link = bound) =>
      verifyMediaSignature("secret", { ...link, user }, now);
    expect(check("user-1")).toBe(true);
    expect(check("user-2")).toBe(false);
    expect(check(undefined)).toBe(false);
    expect(check("")).toBe(false);
    const plain = parts(signMediaPath("secret", { key: "projects/a/dub.mp4", download: "dub.mp4" }, now, 60));
    expect(check(undefined, plain)).toBe(true);
    expect(check("user-1", plain)).toBe(false);
  });
});
