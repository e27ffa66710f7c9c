// DATA_DIR is the service user's alone (docs/OPERATIONS.md "File modes"): the embedded database (its WAL
// holds the media signing secret), the media, the models, scratch files, exports and backups. Every
// process that writes it (the server in each role, `npm run backup`, `npm run restore`) sets a umask of
// 0077 before it writes anything, so what it and its children (ffmpeg, the Python workers) create is
// 0600/0700; an install from before, whose files were made under a looser umask, is tightened at start.
// PGlite's file system sets the modes of some files itself (0666, whatever the umask): its folders are
// 0700 all the same, and server.ts tightens DATA_DIR/db again once the database is open.
import { chmod, lstat, mkdir, readdir, stat } from "node:fs/promises";
import path from "node:path";

/** No access for the group and others on anything this process creates. */
export const PRIVATE_UMASK = 0o077;

/** From now on what this process (and every child it starts) creates is its user's alone. */
export function keepNewFilesPrivate(): void {
  process.umask(PRIVATE_UMASK);
}

/** Pure: the permission bits without the group's and others', or null when they have none already. */
export function privateMode(mode: number): number | null {
  const permissions = mode & 0o7777;
  return permissions & PRIVATE_UMASK ? permissions & ~PRIVATE_UMASK : null;
}

export interface Tightened {
  /** Paths whose group and others' access was removed. */
  changed: number;
  /** Paths that needed it but could not be changed (another user's file). */
  refused: number;
}

/** Whether a file-system error says the path went away meanwhile (a scratch file removed). */
function gone(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

/** Removes the group's and others' bits of one path's mode, counting what changed or could not be. */
async function tightenOne(target: string, mode: number, result: Tightened): Promise<void> {
  const wanted = privateMode(mode);
  if (wanted === null) return;
  await chmod(target, wanted).then(
    () => {
      result.changed++;
    },
    (error) => {
      if (!gone(error)) result.refused++;
    },
  );
}

/**
 * Makes `root` (created 0700 if missing) and everything under it its owner's alone: removes the group's
 * and others' permission bits wherever one is set. Symbolic links are neither followed nor changed.
 */
export async function tightenTree(root: string): Promise<Tightened> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  const result: Tightened = { changed: 0, refused: 0 };
  await tightenOne(root, (await stat(root)).mode, result); // DATA_DIR itself may be a link to a volume
  const pending = [root];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    const entries = await readdir(dir).catch(() => [] as string[]);
    for (const name of entries) {
      const target = path.join(dir, name);
      const info = await lstat(target).catch((error) => (gone(error) ? null : Promise.reject(error)));
      if (!info || info.isSymbolicLink()) continue;
      if (info.isDirectory()) pending.push(target);
      await tightenOne(target, info.mode, result);
    }
  }
  return result;
}
