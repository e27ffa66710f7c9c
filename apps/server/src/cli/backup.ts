// `npm run backup -- FILE`: a consistent archive of embedded mode's DATA_DIR (database and storage). With
// a server running on DATA_DIR the server writes it (it alone may open the database; see
// docs/decisions/operations.md), over DATA_DIR/control.sock; with none, this process opens the database itself.
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { tar, writeBackup } from "../backup/archive.ts";
import {
  BACKUP_STATUS,
  claimDataDir,
  controlSocketAlive,
  controlSocketProblem,
  requestBackup,
} from "../backup/control.ts";
import { keepNewFilesPrivate, tightenTree } from "../runtime/private-files.ts";

// DATA_DIR is the service user's alone: what a backup with no server running writes there too.
keepNewFilesPrivate();

const USAGE = "usage: npm run backup -- FILE   (DATA_DIR as the server's; default ./data)";

/**
 * The archive from the running server, through its control socket (checked to be the service user's
 * before connecting; the server checks the key this process read from DATA_DIR/control.key); the trailer
 * after it says whether the server finished it (and if not, why).
 */
async function fromServer(dataDir: string, out: NodeJS.WritableStream): Promise<void> {
  const res = await requestBackup(dataDir);
  if (res.statusCode !== 200) {
    res.resume();
    throw new Error(`the server answered ${res.statusCode}`);
  }
  await pipeline(res, out);
  const status = res.trailers[BACKUP_STATUS];
  if (status !== "ok")
    throw new Error(status?.replace(/^failed: /, "") ?? "the server cut the backup short (see its log)");
}

/** The archive with no server running: this process holds DATA_DIR meanwhile, so none can start. */
async function offline(dataDir: string, out: NodeJS.WritableStream): Promise<void> {
  const control = await claimDataDir(dataDir);
  const pglite = await PGlite.create({ dataDir: path.join(dataDir, "db") });
  try {
    await mkdir(path.join(dataDir, "tmp"), { recursive: true });
    await writeBackup({
      pglite,
      storageRoot: path.join(dataDir, "storage"),
      scratchDir: path.join(dataDir, "tmp"),
      out,
    });
    out.end();
  } finally {
    await pglite.close();
    await control.close();
    // PGlite sets the modes of files it creates itself (pg_internal.init: 0666): private again
    await tightenTree(path.join(dataDir, "db"));
  }
}

try {
  const target = process.argv[2];
  if (!target || target.startsWith("-")) throw new Error(USAGE);
  if (process.env.DATABASE_URL) {
    throw new Error("DATABASE_URL is set: back up PostgreSQL and the bucket instead (docs/OPERATIONS.md)");
  }
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  const part = `${file}.part`;
  // a socket in DATA_DIR that is not the service user's is not even asked whether it is alive
  const untrusted = await controlSocketProblem(dataDir);
  if (untrusted) throw new Error(`refusing the control socket: ${untrusted}`);
  const live = await controlSocketAlive(dataDir);
  try {
    // the archive holds the service's secrets: readable by its owner alone
    await rm(part, { force: true });
    const out = createWriteStream(part, { mode: 0o600 });
    if (live) await fromServer(dataDir, out);
    else await offline(dataDir, out);
    await tar(["-t", "-f", part, "manifest.json"]); // a stream cut short fails here
    await rename(part, file);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
  console.log(`backup written to ${file} (${live ? "from the running server" : "no server was running"})`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
