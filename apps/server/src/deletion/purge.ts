import { rm } from "node:fs/promises";
import { clipCacheDir } from "../storage/clip-cache.ts";
import type { Storage } from "../storage/index.ts";

/** What deleting a record leaves to remove: storage prefixes and the local clip caches of translations. */
export interface PurgeTarget {
  prefixes: string[];
  /** Translation ids whose TTS clip cache lives on this machine's disk. */
  clipCaches: string[];
}

/** Removes a deleted record's files. Throws when the store cannot be reached (the caller queues a retry). */
export async function purge(storage: Storage, cacheDir: string, target: PurgeTarget): Promise<void> {
  for (const id of target.clipCaches) await rm(clipCacheDir(cacheDir, id), { recursive: true, force: true });
  for (const prefix of target.prefixes) await storage.deletePrefix(prefix);
}
