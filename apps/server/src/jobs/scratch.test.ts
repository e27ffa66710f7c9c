import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sweepScratch } from "./scratch.ts";

let tmp: string;
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe("sweepScratch", () => {
  it("removes job folders and partial uploads older than the cut-off, and keeps the rest", async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), "dub-scratch-"));
    const old = new Date(Date.now() - 3 * 3600_000);
    await mkdir(path.join(tmp, "uploads"));
    // gone processes' journals wait there for their aborts (runtime/process-folder.ts), however old
    await mkdir(path.join(tmp, "uploads-pending", "gone", "multipart"), { recursive: true });
    await mkdir(path.join(tmp, "dub-old"));
    await writeFile(path.join(tmp, "dub-old", "dubbed.mp4"), "x");
    await writeFile(path.join(tmp, "uploads", "old.upload"), "x");
    await mkdir(path.join(tmp, "transcribe-new"));
    await writeFile(path.join(tmp, "uploads", "new.upload"), "x");
    for (const p of ["dub-old", "uploads/old.upload", "uploads-pending"])
      await utimes(path.join(tmp, p), old, old);

    expect(await sweepScratch(tmp, new Date(Date.now() - 2 * 3600_000))).toBe(2);
    expect((await readdir(tmp)).sort()).toEqual(["transcribe-new", "uploads", "uploads-pending"]);
    expect(await readdir(path.join(tmp, "uploads"))).toEqual(["new.upload"]);
  });

  it("answers 0 for a folder that does not exist yet", async () => {
    tmp = path.join(os.tmpdir(), "dub-scratch-missing");
    expect(await sweepScratch(tmp, new Date())).toBe(0);
  });
});
