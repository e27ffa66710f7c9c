import { chmod, lstat, mkdir, mkdtemp, rm, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { privateMode, tightenTree } from "./private-files.ts";

let tmp: string;
beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "private-"));
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

const modeOf = async (file: string) => (await lstat(file)).mode & 0o7777;

describe("privateMode", () => {
  it("drops the group's and others' bits and keeps the owner's", () => {
    expect(privateMode(0o100666)).toBe(0o600);
    expect(privateMode(0o40755)).toBe(0o700);
    expect(privateMode(0o40777)).toBe(0o700);
    expect(privateMode(0o100604)).toBe(0o600);
    expect(privateMode(0o100500)).toBeNull();
    expect(privateMode(0o100600)).toBeNull();
    expect(privateMode(0o40700)).toBeNull();
  });
});

describe("tightenTree", () => {
  it("makes every folder and file under the root its owner's alone and counts what it changed", async () => {
    const root = path.join(tmp, "data");
    await mkdir(path.join(root, "db", "base", "1"), { recursive: true });
    await mkdir(path.join(root, "storage"), { recursive: true });
    await writeFile(path.join(root, "db", "base", "1", "1259"), "table");
    await writeFile(path.join(root, "db", "pg_wal"), "secret");
    await writeFile(path.join(root, "storage", "done.mp4"), "private already");
    for (const [file, mode] of [
      [root, 0o755],
      [path.join(root, "db"), 0o777],
      [path.join(root, "db", "base"), 0o755],
      [path.join(root, "db", "base", "1"), 0o750],
      [path.join(root, "db", "base", "1", "1259"), 0o666],
      [path.join(root, "db", "pg_wal"), 0o644],
      [path.join(root, "storage"), 0o700],
      [path.join(root, "storage", "done.mp4"), 0o600],
    ] as const)
      await chmod(file, mode);

    expect(await tightenTree(root)).toEqual({ changed: 6, refused: 0 });
    for (const dir of [root, "db", "db/base", "db/base/1", "storage"])
      expect(await modeOf(path.resolve(root, dir))).toBe(0o700);
    for (const file of ["db/base/1/1259", "db/pg_wal", "storage/done.mp4"])
      expect(await modeOf(path.join(root, file))).toBe(0o600);
    // a second start has nothing left to change
    expect(await tightenTree(root)).toEqual({ changed: 0, refused: 0 });
  });

  it("does not follow a link out of the root (a file elsewhere keeps its mode)", async () => {
    const root = path.join(tmp, "data");
    await mkdir(root, { mode: 0o700 });
    const outside = path.join(tmp, "shared.txt");
    await writeFile(outside, "someone else's");
    await chmod(outside, 0o644);
    await mkdir(path.join(tmp, "shared-folder"));
    await chmod(path.join(tmp, "shared-folder"), 0o755);
    await symlink(outside, path.join(root, "link"));
    await symlink(path.join(tmp, "shared-folder"), path.join(root, "folder-link"));
    expect(await tightenTree(root)).toEqual({ changed: 0, refused: 0 });
    expect(await modeOf(outside)).toBe(0o644);
    expect(await modeOf(path.join(tmp, "shared-folder"))).toBe(0o755);
  });

  it("makes a missing root, private", async () => {
    const root = path.join(tmp, "new", "data");
    await tightenTree(root);
    expect((await stat(root)).mode & 0o777).toBe(0o700);
  });
});
