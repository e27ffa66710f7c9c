import { execFileSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { link, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { paxRecord, writeTar } from "./tar-writer.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "tar-writer-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function archive(root: string, names: string[]): Promise<string> {
  const file = path.join(dir, "out.tar");
  const out = createWriteStream(file);
  await writeTar(root, names, out);
  out.end();
  await finished(out);
  return file;
}

describe("writeTar", () => {
  it("writes what GNU tar unpacks whole: folders, empty files, names longer than ustar's 100 bytes", async () => {
    const root = path.join(dir, "root");
    const deep = path.join(root, "storage", "projects", "0".repeat(36), "dubs", "es", "clips");
    await mkdir(deep, { recursive: true });
    const long = `${"c".repeat(64)}.wav`;
    const bytes = Buffer.from(Array.from({ length: 70_001 }, (_, i) => i % 251));
    await writeFile(path.join(deep, long), bytes);
    await writeFile(path.join(root, "empty.json"), "");
    await writeFile(path.join(root, "manifest.json"), '{"format":1}\n');
    const file = await archive(root, ["manifest.json", "empty.json", "storage"]);

    const out = path.join(dir, "unpacked");
    await mkdir(out);
    execFileSync("tar", ["-x", "-f", file, "-C", out]);
    const unpacked = path.join(out, path.relative(root, deep), long);
    expect(path.relative(root, path.join(deep, long)).length).toBeGreaterThan(100);
    expect(await readFile(unpacked)).toEqual(bytes);
    expect(await readFile(path.join(out, "manifest.json"), "utf8")).toBe('{"format":1}\n');
    expect(await readFile(path.join(out, "empty.json"), "utf8")).toBe("");
  });

  it("archives a file whose links come and go meanwhile (GNU tar fails it: its ctime changed)", async () => {
    const root = path.join(dir, "root");
    await mkdir(root);
    const big = path.join(root, "video.mp4");
    await writeFile(big, Buffer.alloc(64 * 1024 * 1024, 7));
    // a job's hard link into its scratch folder, made and let go again and again, as localCopy does
    let linking = true;
    const churn = (async () => {
      for (let i = 0; linking; i++) {
        const other = path.join(dir, `copy-${i}`);
        await link(big, other);
        await unlink(other);
      }
    })();
    try {
      const file = await archive(root, ["video.mp4"]);
      const listed = execFileSync("tar", ["-t", "-v", "-f", file], { encoding: "utf8" });
      expect(listed).toMatch(/67108864 .* video\.mp4/);
    } finally {
      linking = false;
      await churn;
    }
  });

  it("counts a pax record's own length in it", () => {
    expect(paxRecord("path", "a")).toBe("9 path=a\n");
    const record = paxRecord("path", "x".repeat(95));
    expect(Buffer.byteLength(record)).toBe(Number(record.split(" ")[0]));
  });
});
