import { spawn } from "node:child_process";
import { copyFile, link, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { writeTar } from "./tar-writer.ts";

/** What an archive holds besides its files: restore refuses what it does not understand. */
export interface Manifest {
  format: 1;
  createdAt: string;
  /** PostgreSQL's version number (server_version_num): the files load only into the same major. */
  postgres: number;
  /** Whether `storage/` carries the local storage (an S3 bucket is backed up by the bucket's own means). */
  storage: "local" | "external";
}

export const MANIFEST = "manifest.json";
export const DB_DUMP = "db.tar.gz";
export const STORAGE = "storage";

export class BackupError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * Writes a consistent archive of the embedded database and the local storage to `out` while the server
 * runs: an uncompressed tar of manifest.json, db.tar.gz (PGlite's data directory) and storage/.
 *
 * Consistency: the database files are copied and the storage's files hard-linked into a staging folder
 * while PGlite's query lock is held, so no statement runs in between. The app writes a file before the
 * row naming it commits and removes files only after their rows are gone, so every row in the copy finds
 * its file (a file without a row is harmless). Linking takes no time and no space; the tar is written
 * after the lock is released. Files are never changed in place (storage renames whole files in), so a file
 * that vanishes during the walk is simply not in the archive (its row was gone before the lock), and an
 * unfinished one (`.part`) is left out.
 */
export async function writeBackup(opts: {
  pglite: PGlite;
  /** DATA_DIR/storage, or null when the files live in S3. */
  storageRoot: string | null;
  /** A scratch folder on the same filesystem as storageRoot (DATA_DIR/tmp). */
  scratchDir: string;
  out: NodeJS.WritableStream;
}): Promise<void> {
  const stage = path.join(opts.scratchDir, `backup-${process.pid}-${Date.now()}`);
  await mkdir(stage, { recursive: true });
  try {
    // A checkpoint first: less WAL for the restored database to replay.
    await opts.pglite.exec("CHECKPOINT");
    const { fs } = opts.pglite as unknown as { fs: { dumpTar(name: string, c: "gzip"): Promise<Blob> } };
    const dump = await opts.pglite.runExclusive(async () => {
      const blob = await fs.dumpTar("db", "gzip");
      if (opts.storageRoot) await linkTree(opts.storageRoot, path.join(stage, STORAGE));
      return blob;
    });
    await writeFile(path.join(stage, DB_DUMP), Buffer.from(await dump.arrayBuffer()));
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      postgres: await postgresVersion(opts.pglite),
      storage: opts.storageRoot ? "local" : "external",
    };
    await writeFile(path.join(stage, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeTar(stage, [MANIFEST, DB_DUMP, ...(opts.storageRoot ? [STORAGE] : [])], opts.out);
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** Hard-links every file under `from` into `to` (a copy on another filesystem); skips unfinished `.part`s. */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else if (entry.isFile() && !entry.name.endsWith(".part")) {
      await link(source, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return; // deleted meanwhile (its row was already gone)
        if (error.code !== "EXDEV" && error.code !== "EPERM") throw error;
        await copyFile(source, target);
      });
    }
  }
}

/** Runs tar with `args` (reading or unpacking an archive; writing one is writeTar's). */
export async function tar(args: string[]): Promise<void> {
  const child = spawn("tar", args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise<number>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (exit) => resolve(exit ?? 1));
  });
  if (code !== 0) throw new BackupError("tar_failed", `tar ${args[0]} failed: ${stderr.trim()}`);
}

export async function postgresVersion(pglite: PGlite): Promise<number> {
  const { rows } = await pglite.query<{ v: string }>("select current_setting('server_version_num') as v");
  return Number(rows[0]?.v);
}
