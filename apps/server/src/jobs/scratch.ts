// Leftovers of work that never finished: job folders (`dub-…`, `transcribe-…`) and partial uploads
// (`uploads/….upload`) that a crash or a kill left in DATA_DIR/tmp.
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";

/** Nothing running keeps a folder or upload untouched this long (a job expires after an hour). */
export const SCRATCH_MAX_AGE_MS = 2 * 3600_000;
export const SCRATCH_SWEEP_MS = 3600_000;

/**
 * Removes the entries of `tmpDir` (and of its `uploads/`) last changed before `olderThan`; answers how
 * many went. At start-up in embedded mode everything is stale (nothing runs yet): pass `now`.
 */
export async function sweepScratch(tmpDir: string, olderThan: Date): Promise<number> {
  let removed = 0;
  for (const dir of [tmpDir, path.join(tmpDir, "uploads")]) {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      // uploads-pending: journals of gone processes, released by runtime/process-folder.ts (7 days at most)
      if (dir === tmpDir && (name === "uploads" || name === "uploads-pending")) continue;
      const entry = path.join(dir, name);
      const info = await stat(entry).catch(() => null);
      if (!info || info.mtime >= olderThan) continue;
      // a process's own folder of uploads: runtime/process-folder.ts decides when its owner is gone
      if (dir !== tmpDir && info.isDirectory()) continue;
      await rm(entry, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
