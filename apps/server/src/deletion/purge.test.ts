// A deleted project's files on this machine: its stored folder, and its transcription's checkpoint (the
// recognised words a restarted transcription would resume from) in the worker's cache.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { transcriptionCheckpointDir } from "../storage/clip-cache.ts";
import { projectPrefix } from "../storage/keys.ts";
import { LocalStorage } from "../storage/local.ts";
import { purge } from "./purge.ts";

const dir = await mkdtemp(path.join(os.tmpdir(), "dub-purge-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

it("removes a deleted project's transcription checkpoint with its stored files, and only its own", async () => {
  const storage = new LocalStorage(path.join(dir, "storage"));
  const cacheDir = path.join(dir, "cache");
  const [gone, kept] = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"];
  for (const id of [gone, kept]) {
    await mkdir(transcriptionCheckpointDir(cacheDir, id), { recursive: true });
    await writeFile(path.join(transcriptionCheckpointDir(cacheDir, id), "asr.json"), "{}");
  }
  await purge(storage, cacheDir, { prefixes: [projectPrefix(gone)], clipCaches: [] });
  expect(existsSync(transcriptionCheckpointDir(cacheDir, gone))).toBe(false);
  expect(existsSync(transcriptionCheckpointDir(cacheDir, kept))).toBe(true);
});
