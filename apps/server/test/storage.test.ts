import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LocalStorage } from "../src/storage/local.ts";
import { S3Storage } from "../src/storage/s3.ts";
import type { Storage } from "../src/storage/storage.ts";
import { freshBucket, S3_CREDENTIALS } from "./harness.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "dub-storage-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const kinds: Array<[string, () => Promise<Storage>]> = [
  ["local disk", async () => new LocalStorage(path.join(dir, `root-${Date.now()}`))],
  [
    "S3 (s3rver)",
    async () =>
      new S3Storage({
        endpoint: inject("s3Endpoint"),
        bucket: await freshBucket(),
        region: "us-east-1",
        forcePathStyle: true,
        ...S3_CREDENTIALS,
      }),
  ],
];

describe.each(kinds)("storage on %s", (_name, make) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await make();
    await storage.check();
  });

  async function localFile(content: Buffer | string) {
    const file = path.join(dir, `${randomBytes(6).toString("hex")}.bin`);
    await writeFile(file, content);
    return file;
  }

  it("stores a file, reports its size, reads it whole and by range", async () => {
    const file = await localFile("0123456789abcdef");
    await storage.putFile("projects/p1/original.mp4", file, "video/mp4");
    expect(existsSync(file)).toBe(false);
    expect(await storage.stat("projects/p1/original.mp4")).toEqual({ size: 16 });
    expect(await text(await storage.read("projects/p1/original.mp4"))).toBe("0123456789abcdef");
    expect(await text(await storage.read("projects/p1/original.mp4", { start: 4, end: 9 }))).toBe("456789");
    expect(await storage.stat("projects/p1/missing.mp4")).toBeNull();
  });

  it("moves a large file in parts and gives a local copy for tools", async () => {
    const content = randomBytes(20 * 1024 * 1024);
    await storage.putFile("projects/p2/big.bin", await localFile(content));
    expect(await storage.stat("projects/p2/big.bin")).toEqual({ size: content.length });
    const copy = await storage.localCopy("projects/p2/big.bin", path.join(dir, "scratch"));
    expect((await readFile(copy.path)).equals(content)).toBe(true);
    await copy.release();
  });

  it("deletes everything under a prefix and nothing else", async () => {
    await storage.putFile("projects/p3/a.txt", await localFile("a"));
    await storage.putFile("projects/p3/sub/b.txt", await localFile("b"));
    await storage.putFile("projects/p4/c.txt", await localFile("c"));
    await storage.deletePrefix("projects/p3/");
    expect(await storage.stat("projects/p3/a.txt")).toBeNull();
    expect(await storage.stat("projects/p3/sub/b.txt")).toBeNull();
    expect(await storage.stat("projects/p4/c.txt")).toEqual({ size: 1 });
  });

  it("refuses keys that could escape the store", async () => {
    const file = await localFile("x");
    for (const key of ["../etc/passwd", "projects/../../x", "/abs", "a//b", "a/./b"]) {
      await expect(storage.putFile(key, file)).rejects.toThrow(/unsafe storage key/);
    }
  });
});
