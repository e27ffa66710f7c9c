// The clip cache: synthesized and stretched clips in the work dir's clips folder, kept between dubs so
// that a re-dub only synthesizes changed lines. Capped: the least recently used clips are evicted.
import { readdir, rm, stat, utimes } from "node:fs/promises";
import { join } from "node:path";

/** The default cap: a few hours of clips; a 5,000-line transcript's clips are about 400 MiB. */
export const CLIP_CACHE_BYTES = 256 * 2 ** 20;

export interface ClipCache {
  readonly dir: string;
  /** Marks cached files as just used (their modification time orders the eviction). */
  touch(files: string[]): Promise<void>;
  /** Evicts the least recently used files until the cache holds at most its cap. */
  prune(): Promise<{ files: number; bytes: number }>;
}

/** Pure: which files to evict (oldest first) so that the rest fit in `maxBytes`. */
export function evictionOrder(
  files: { name: string; bytes: number; usedMs: number }[],
  maxBytes: number,
): string[] {
  let total = files.reduce((n, f) => n + f.bytes, 0);
  const out: string[] = [];
  for (const f of [...files].sort((a, b) => a.usedMs - b.usedMs || a.name.localeCompare(b.name))) {
    if (total <= maxBytes) break;
    out.push(f.name);
    total -= f.bytes;
  }
  return out;
}

/** Marks files as just used (a missing one is skipped). */
export async function touchFiles(files: string[]): Promise<void> {
  const now = new Date();
  await Promise.all(files.map((f) => utimes(f, now, now).catch(() => {})));
}

/** A directory LRU: use is the file's modification time, set again on each cache hit. */
export function directoryClipCache(dir: string, maxBytes = CLIP_CACHE_BYTES): ClipCache {
  return {
    dir,
    touch: touchFiles,
    async prune() {
      const names = await readdir(dir).catch(() => [] as string[]);
      const files = await Promise.all(
        names.map(async (name) => {
          const s = await stat(join(dir, name)).catch(() => null);
          return s?.isFile() ? { name, bytes: s.size, usedMs: s.mtimeMs } : null;
        }),
      );
      const present = files.filter((f): f is NonNullable<typeof f> => f !== null);
      const evict = evictionOrder(present, maxBytes);
      const sizes = new Map(present.map((f) => [f.name, f.bytes]));
      await Promise.all(evict.map((name) => rm(join(dir, name), { force: true })));
      return { files: evict.length, bytes: evict.reduce((n, name) => n + (sizes.get(name) ?? 0), 0) };
    },
  };
}
