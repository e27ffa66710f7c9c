import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openTarMember } from "./tarball.ts";

const dir = mkdtempSync(join(tmpdir(), "dub-tarball-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function read(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

describe("openTarMember (an sdist carrier)", () => {
  // a real tar.gz made by tar: a small file, a 1 MB one between others, a path over 100 characters
  const big = Buffer.alloc(1_000_003, 7).map((_, i) => (i * 31) % 251);
  const deep = `${"d".repeat(60)}/${"e".repeat(60)}/model.bin`;
  mkdirSync(join(dir, "pkg-1.0/tests/example"), { recursive: true });
  mkdirSync(join(dir, "pkg-1.0", deep.split("/").slice(0, -1).join("/")), { recursive: true });
  writeFileSync(join(dir, "pkg-1.0/README"), "hello\n");
  writeFileSync(join(dir, "pkg-1.0/tests/example/model.argosmodel"), big);
  writeFileSync(join(dir, "pkg-1.0", deep), "deep\n");
  writeFileSync(join(dir, "pkg-1.0/z.txt"), "last\n");
  execFileSync("tar", ["czf", join(dir, "pkg-1.0.tar.gz"), "-C", dir, "pkg-1.0"]);
  const tgz = join(dir, "pkg-1.0.tar.gz");
  const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

  it("streams a member's exact bytes", async () => {
    const got = await read(await openTarMember(tgz, "pkg-1.0/tests/example/model.argosmodel"));
    expect(got.length).toBe(big.length);
    expect(sha(got)).toBe(sha(Buffer.from(big)));
    expect((await read(await openTarMember(tgz, "pkg-1.0/z.txt"))).toString()).toBe("last\n");
  });

  it("finds a member whose path is longer than a tar header holds", async () => {
    expect((await read(await openTarMember(tgz, `pkg-1.0/${deep}`))).toString()).toBe("deep\n");
  });

  it("fails when the member is not there", async () => {
    await expect(read(await openTarMember(tgz, "pkg-1.0/missing"))).rejects.toThrow(/not in/);
  });
});
