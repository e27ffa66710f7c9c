import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { BackupError, DB_DUMP, MANIFEST, type Manifest, postgresVersion, STORAGE, tar } from "./archive.ts";
import { CONTROL_KEY, CONTROL_SOCKET } from "./control.ts";

/** What the restore's own claim of DATA_DIR puts there (not the archive's, and not a reason to refuse). */
const CONTROL_FILES = new Set([CONTROL_SOCKET, CONTROL_KEY]);

/**
 * Restores an archive of `writeBackup` into an empty (or missing) DATA_DIR: the database files and the
 * local storage come back as they were, with every project, dub, account and session. The next server
 * started on DATA_DIR runs the migrations it lacks, as after any upgrade.
 */
export async function restoreBackup(archive: string, dataDir: string): Promise<Manifest> {
  await refuseReadableByOthers(archive);
  await mkdir(dataDir, { recursive: true });
  const present = (await readdir(dataDir)).filter((name) => !CONTROL_FILES.has(name));
  if (present.length > 0) {
    throw new BackupError(
      "data_dir_not_empty",
      `${dataDir} is not empty (${present.slice(0, 3).join(", ")})`,
    );
  }
  const stage = path.join(dataDir, `.restore-${process.pid}`);
  await mkdir(stage);
  try {
    await tar(["-x", "-f", archive, "-C", stage]);
    const manifest = JSON.parse(await readFile(path.join(stage, MANIFEST), "utf8")) as Manifest;
    if (manifest.format !== 1) {
      throw new BackupError("unknown_format", `${archive} is not an archive this version can read`);
    }
    // PGlite unpacks the database files and replays their write-ahead log.
    const dump = new File([await readFile(path.join(stage, DB_DUMP))], DB_DUMP, {
      type: "application/x-gzip",
    });
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, "db"), loadDataDir: dump });
    try {
      const version = await postgresVersion(pglite);
      if (Math.floor(version / 10000) !== Math.floor(manifest.postgres / 10000)) {
        throw new BackupError(
          "postgres_version",
          `made with PostgreSQL ${manifest.postgres}, this is ${version}`,
        );
      }
      await pglite.query("select count(*) from drizzle.__drizzle_migrations").catch(() => {
        throw new BackupError("not_a_dubbing_database", `${archive} holds no dubbing service database`);
      });
    } finally {
      await pglite.close();
    }
    if (manifest.storage === "local") await rename(path.join(stage, STORAGE), path.join(dataDir, STORAGE));
    await rm(stage, { recursive: true, force: true });
    return manifest;
  } catch (error) {
    // nothing half-restored stays behind: DATA_DIR is empty again
    for (const name of await readdir(dataDir)) {
      if (!CONTROL_FILES.has(name)) await rm(path.join(dataDir, name), { recursive: true, force: true });
    }
    throw error;
  }
}

/**
 * An archive holds the service's secrets (the media signing secret, the identity provider's project secret
 * that decrypts stored authenticator secrets, signing keys, webhook secrets): one every user of the machine
 * could read is refused, so the operator learns of it before the secrets go back into service.
 */
async function refuseReadableByOthers(archive: string): Promise<void> {
  const { mode } = await stat(archive);
  if ((mode & 0o004) === 0) return;
  throw new BackupError(
    "archive_readable_by_others",
    `${archive} can be read by every user of this machine (mode ${(mode & 0o777).toString(8)}), and it holds the service's secrets. Make it private (chmod 600) before restoring it, and if others may have read it, consider the secrets in it known.`,
  );
}
