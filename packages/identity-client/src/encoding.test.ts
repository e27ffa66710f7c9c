// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  base64urlToBytes,
  bytesToBase58,
  bytesToBase64,
  bytesToBase64url,
  utf8ToBase64,
} from "./encoding.ts";

describe("base64 / base64url", () => {
  it("matches btoa for every padding length", () => {
    for (const s of ["", "f", "fo", "foo", "foob", "fooba", "foobar"]) {
      expect(bytesToBase64(new TextEncoder().encode(s))).toBe(btoa(s));
    }
  });

  it("encodes UTF-8 text (which btoa cannot)", () => {
    expect(utf8ToBase64("é")).toBe("w6k=");
  });

  it("round-trips base64url without padding", () => {
    const bytes = new Uint8Array(256).map((_, i) => i);
    const text = bytesToBase64url(bytes);
    expect(text).not.toMatch(/[+/=]/);
    expect(Array.from(base64urlToBytes(text))).toEqual(Array.from(bytes));
    expect(bytesToBase64url(new Uint8Array([0xfb, 0xff]))).toBe("-_8");
    expect(Array.from(base64urlToBytes("-_8"))).toEqual([0xfb, 0xff]);
  });

  it("rejects malformed input", () => {
    expect(() => base64urlToBytes("a")).toThrow(TypeError);
    expect(() => base64urlToBytes("ab$d")).toThrow(TypeError);
  });
});

describe("base58", () => {
  it("encodes the usual test vectors", () => {
    expect(bytesToBase58(new TextEncoder().encode("Hello World!"))).toBe("2NEpo7TZRRrLZSi2U");
    expect(bytesToBase58(new Uint8Array([0, 0, 0x28, 0x7f, 0xb4, 0xcd]))).toBe("11233QC4");
    expect(bytesToBase58(new Uint8Array([]))).toBe("");
    expect(bytesToBase58(new Uint8Array([0]))).toBe("1");
  });
});
