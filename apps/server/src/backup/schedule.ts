import { createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { finished } from "node:stream/promises";

const PREFIX = "dub-backup-";
const SUFFIX = ".tar";
/** How often the schedule looks whether a backup is due. */
const CHECK_MS = 10 * 60_000;

/** `dub-backup-20261125T120000Z.tar` for a moment: names sort by time. */
export function backupName(at: Date): string {
  return `${PREFIX}${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}${SUFFIX}`;
}

/** The moment a backup name carries, or null for any other file. */
export function backupTime(name: string): Date | null {
  const m = /^dub-backup-(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z\.tar$/.exec(name);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : null;
}

/** Whether a backup is due: none yet, or the newest is at least `intervalMs` old. */
export function backupDue(names: string[], now: Date, intervalMs: number): boolean {
  const times = names.map(backupTime).filter((t): t is Date => t !== null);
  const newest = Math.max(...times.map((t) => t.getTime()));
  return times.length === 0 || now.getTime() - newest >= intervalMs;
}

/** The backups beyond the newest `keep`, to delete (other files in the folder are never touched). */
export function backupsToDelete(names: string[], keep: number): string[] {
  return names
    .filter((name) => backupTime(name) !== null)
    .sort()
    .reverse()
    .slice(keep);
}

/**
 * Backs up into `dir` whenever the newest backup there is `intervalHours` old (so a restart neither
 * skips nor repeats one), keeping the newest `keep`. Each archive is written under `.part` and renamed
 * whole when complete.
 */
export function scheduleBackups(
  opts: { dir: string; keep: number; intervalHours: number },
  write: (out: NodeJS.WritableStream) => Promise<void>,
  /** Runs one due backup, and logs, counts and records how it ended. */
  track: (attempt: () => Promise<void>) => Promise<void>,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const pass = async () => {
    // a folder that cannot be made or read fails the backup below, where it is logged and counted
    await mkdir(opts.dir, { recursive: true }).catch(() => {});
    const names = await readdir(opts.dir).catch(() => [] as string[]);
    if (!backupDue(names, new Date(), opts.intervalHours * 3600_000)) return;
    await track(() => writeInto(names));
  };
  const writeInto = async (names: string[]) => {
    const name = backupName(new Date());
    const part = path.join(opts.dir, `${name}.part`);
    try {
      // the archive holds the service's secrets: readable by its owner alone
      await rm(part, { force: true });
      const out = createWriteStream(part, { mode: 0o600 });
      await write(out);
      out.end();
      await finished(out);
      await rename(part, path.join(opts.dir, name));
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
    for (const old of backupsToDelete([...names, name], opts.keep)) await rm(path.join(opts.dir, old));
  };
  const tick = () => {
    running ??= pass()
      .catch(() => {}) // `track` logged and counted a failed backup; the next check tries again
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, Math.min(CHECK_MS, opts.intervalHours * 3600_000));
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
