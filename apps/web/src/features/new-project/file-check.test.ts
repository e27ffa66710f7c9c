import { describe, expect, it } from "vitest";
import { fileProblem } from "./file-check.ts";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("fileProblem", () => {
  it("refuses an empty file, one too large and one that is not a video", () => {
    expect(fileProblem(0, bytes(), 100)).toBe("This file is empty. Choose the video file itself.");
    expect(fileProblem(2 * 1024 ** 3, bytes([0, 0, 0, 24], "ftypisom"), 1024 ** 3)).toMatch(
      /^This file is .+; this server takes videos up to .+\.$/,
    );
    expect(fileProblem(12, bytes("hello, world"), 100)).toMatch(/^This file is not a video we can read/);
  });
  it("lets the server's containers through", () => {
    for (const head of [
      bytes([0, 0, 0, 24], "ftypisom"),
      bytes([0x1a, 0x45, 0xdf, 0xa3]),
      bytes("OggS"),
      bytes("RIFF", [0, 0, 0, 0], "AVI "),
      bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]),
    ])
      expect(fileProblem(1000, head, 10_000)).toBeNull();
  });
});
