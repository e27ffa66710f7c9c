import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { projects, storyboards, translations } from "../db/schema.ts";
import { clipCachesDir, transcriptionCheckpointsDir } from "../storage/clip-cache.ts";
import type { Storage } from "../storage/index.ts";

/** A folder younger than this may belong to an upload whose row is not written yet. */
const ORPHAN_GRACE_MS = 3600_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Of folder names, those that are no row's id in `table` (names that are not ids at all included). */
async function unowned(
  db: Db,
  table: typeof projects | typeof storyboards | typeof translations,
  names: string[],
): Promise<string[]> {
  const result: string[] = [];
  for (let i = 0; i < names.length; i += 500) {
    const chunk = names.slice(i, i + 500);
    const ids = chunk.filter((n) => UUID.test(n));
    const rows = ids.length
      ? await db.select({ id: table.id }).from(table).where(inArray(table.id, ids))
      : [];
    const owned = new Set(rows.map((r) => r.id));
    result.push(...chunk.filter((n) => !owned.has(n)));
  }
  return result;
}

/**
 * Deletes stored folders that no row owns: what a deletion could not remove (store down, process killed)
 * and what a job wrote after its record was deleted. Returns how many folders went.
 */
export async function sweepOrphanObjects(db: Db, storage: Storage, now: Date): Promise<number> {
  let removed = 0;
  for (const [prefix, table] of [
    ["projects/", projects],
    ["storyboards/", storyboards],
  ] as const) {
    const settled = (await storage.listFolders(prefix))
      .filter((f) => now.getTime() - f.modifiedAt.getTime() > ORPHAN_GRACE_MS)
      .map((f) => f.name);
    for (const name of await unowned(db, table, settled)) {
      await storage.deletePrefix(`${prefix}${name}/`);
      removed += 1;
    }
  }
  return removed;
}

/**
 * Deletes this machine's clip caches of translations that no longer exist, and transcription checkpoints
 * of projects that no longer exist (every worker runs it).
 */
export async function sweepClipCaches(db: Db, cacheDir: string): Promise<number> {
  let removed = 0;
  for (const [dir, table] of [
    [clipCachesDir(cacheDir), translations],
    [transcriptionCheckpointsDir(cacheDir), projects],
  ] as const) {
    const gone = await unowned(db, table, await readdir(dir).catch(() => [] as string[]));
    for (const name of gone) await rm(path.join(dir, name), { recursive: true, force: true });
    removed += gone.length;
  }
  return removed;
}
