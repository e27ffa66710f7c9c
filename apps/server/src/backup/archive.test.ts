import { execFileSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, expect, it } from "vitest";
import { LocalStorage } from "../storage/local.ts";
import { writeBackup } from "./archive.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "backup-archive-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it("writes the archive while jobs take and let go of local copies of the stored files", async () => {
  const storage = new LocalStorage(path.join(dir, "storage"));
  const video = path.join(dir, "upload.mp4");
  await writeFile(video, Buffer.alloc(96 * 1024 * 1024, 1));
  await storage.putFile("projects/p/original.mp4", video);
  const pglite = await PGlite.create();
  // what ingest, transcription and dubs do with a stored file: a hard link in their scratch folder
  let working = true;
  const jobs = (async () => {
    while (working) {
      const copy = await storage.localCopy("projects/p/original.mp4", path.join(dir, "scratch"));
      await copy.release();
    }
  })();
  const archive = path.join(dir, "backup.tar");
  try {
    await mkdir(path.join(dir, "tmp"));
    const out = createWriteStream(archive);
    await writeBackup({ pglite, storageRoot: storage.root, scratchDir: path.join(dir, "tmp"), out });
    out.end();
    await finished(out);
  } finally {
    working = false;
    await jobs;
    await pglite.close();
  }
  const listed = execFileSync("tar", ["-t", "-v", "-f", archive], { encoding: "utf8" });
  expect(listed).toMatch(/100663296 .* storage\/projects\/p\/original\.mp4/);
});
