// @vitest-environment node
import { describe, expect, it } from "vitest";
import { challengeFor, createProofKeyPair, type PKCECrypto, PKCEStore, verifierFromWords } from "./pkce.ts";
import { memoryStorage } from "./storage.ts";

describe("PKCE verifier (16 random 32-bit integers in hex)", () => {
  it("writes each integer as 8 zero-padded hex digits", () => {
    const words = new Uint32Array([
      0, 1, 0xff, 0x1000, 0xffffffff, 0xdeadbeef, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    ]);
    const v = verifierFromWords(words);
    expect(v).toHaveLength(128);
    expect(v.slice(0, 40)).toBe("00000000" + "00000001" + "000000ff" + "00001000" + "ffffffff");
    expect(v.slice(40, 48)).toBe("deadbeef");
  });

  it("refuses anything but 16 integers", () => {
    expect(() => verifierFromWords(new Uint32Array(15))).toThrow(RangeError);
  });

  it("creates a 128-hex-character verifier from crypto.getRandomValues", async () => {
    const pair = await createProofKeyPair();
    expect(pair.code_verifier).toMatch(/^[0-9a-f]{128}$/);
    expect(pair.code_challenge).toBe(await challengeFor(pair.code_verifier));
  });

  it("asks for exactly 16 32-bit integers", async () => {
    let asked: unknown;
    const fake: PKCECrypto = {
      getRandomValues: (arr) => {
        asked = arr;
        (arr as unknown as Uint32Array).fill(0xabcdef);
        return arr;
      },
      subtle: globalThis.crypto.subtle,
    };
    const pair = await createProofKeyPair(fake);
    expect(asked).toBeInstanceOf(Uint32Array);
    expect((asked as Uint32Array).length).toBe(16);
    expect(pair.code_verifier).toBe("00abcdef".repeat(16));
  });
});

describe("PKCE challenge (base64url of SHA-256)", () => {
  it("matches the RFC 7636 appendix B example", async () => {
    expect(await challengeFor("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });

  it("is 43 base64url characters without padding", async () => {
    for (let i = 0; i < 20; i++) {
      const { code_challenge } = await createProofKeyPair();
      expect(code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });
});

describe("PKCEStore (localStorage)", () => {
  it("stores the pair under the namespaced key and reads it back", async () => {
    const storage = memoryStorage();
    const store = new PKCEStore(storage, "public-token-x", "oauth", globalThis.crypto);
    expect(store.get()).toBeUndefined();
    const pair = await store.start();
    expect(store.key).toBe("stytch_sdk_state_public-token-x::PKCE_VERIFIER:oauth");
    expect(JSON.parse(storage.getItem(store.key)!)).toEqual(pair);
    expect(store.get()).toEqual(pair);
    expect(await store.challenge()).toBe(pair.code_challenge); // reuses the stored pair
    store.clear();
    expect(store.get()).toBeUndefined();
  });

  it("treats a malformed entry as missing", () => {
    const storage = memoryStorage();
    const store = new PKCEStore(storage, "public-token-x", "magic_links", globalThis.crypto);
    storage.setItem(store.key, "{not json");
    expect(store.get()).toBeUndefined();
    storage.setItem(store.key, JSON.stringify({ code_verifier: 1 }));
    expect(store.get()).toBeUndefined();
  });
});
