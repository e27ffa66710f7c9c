import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Config } from "../config.ts";
import type { Storage } from "../storage/index.ts";
import { LocalStorage } from "../storage/local.ts";
import { writeBackup } from "./archive.ts";
import type { ControlSocket } from "./control.ts";
import { scheduleBackups } from "./schedule.ts";

export { BackupError } from "./archive.ts";
export { claimDataDir } from "./control.ts";

/**
 * Embedded mode's backups in the process that holds the database: archives on request over
 * DATA_DIR/control.sock (`npm run backup`) and, with BACKUP_DIR, on a schedule with retention.
 */
export function startBackups(opts: {
  config: Pick<Config, "dataDir" | "backups">;
  socket: ControlSocket;
  pglite: PGlite;
  storage: Storage;
  log: { info(msg: string): void; error(msg: string): void };
}): { stop(): Promise<void> } {
  const write = (out: NodeJS.WritableStream) =>
    writeBackup({
      pglite: opts.pglite,
      storageRoot: opts.storage instanceof LocalStorage ? opts.storage.root : null,
      scratchDir: path.join(opts.config.dataDir, "tmp"),
      out,
    });
  opts.socket.serveBackups(write);
  const schedule = opts.config.backups ? scheduleBackups(opts.config.backups, write, opts.log) : null;
  return { stop: async () => schedule?.stop() };
}
