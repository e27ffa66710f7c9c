import { randomBytes } from "node:crypto";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Metrics } from "../metrics/index.ts";
import type { Storage } from "../storage/index.ts";
import { LocalStorage } from "../storage/local.ts";
import { writeBackup } from "./archive.ts";
import type { ControlSocket } from "./control.ts";
import { recordBackupOutcome } from "./outcome.ts";
import { scheduleBackups } from "./schedule.ts";

export { BackupError } from "./archive.ts";
export { claimDataDir } from "./control.ts";

/**
 * Embedded mode's backups in the process that holds the database: archives on request over
 * DATA_DIR/control.sock (`npm run backup`) and, with BACKUP_DIR, on a schedule with retention. Each has an
 * id its log lines carry; a failure is logged with its reason, counted (`dub_backups_total`), and the
 * last outcome is kept for the operator console.
 */
export function startBackups(opts: {
  config: Pick<Config, "dataDir" | "backups">;
  socket: ControlSocket;
  pglite: PGlite;
  db: Db;
  storage: Storage;
  metrics: Metrics;
  log: Pick<Logger, "info" | "error">;
}): { stop(): Promise<void> } {
  const write = (out: NodeJS.WritableStream) =>
    writeBackup({
      pglite: opts.pglite,
      storageRoot: opts.storage instanceof LocalStorage ? opts.storage.root : null,
      scratchDir: path.join(opts.config.dataDir, "tmp"),
      out,
    });
  /** Runs one backup attempt under an id: logs, counts and records how it ended; rethrows a failure. */
  const track = (trigger: "requested" | "scheduled") => async (attempt: () => Promise<void>) => {
    const id = `${new Date().toISOString().replace(/[-:.]/g, "")}-${randomBytes(3).toString("hex")}`;
    let error: Error | null = null;
    try {
      await attempt();
      opts.log.info({ backupId: id, trigger }, "backup written");
    } catch (cause) {
      error = new Error(`backup ${id} failed: ${(cause as Error).message}`, { cause });
      opts.log.error({ backupId: id, trigger, err: cause }, error.message);
    }
    opts.metrics.backups.inc({ trigger, result: error ? "failed" : "ok" });
    const outcome = { id, at: new Date().toISOString(), trigger, ok: !error, error: error?.message ?? null };
    await recordBackupOutcome(opts.db, outcome).catch(() => {});
    if (error) throw error;
  };
  opts.socket.serveBackups((out) => track("requested")(() => write(out)));
  const schedule = opts.config.backups
    ? scheduleBackups(opts.config.backups, write, track("scheduled"))
    : null;
  return { stop: async () => schedule?.stop() };
}
