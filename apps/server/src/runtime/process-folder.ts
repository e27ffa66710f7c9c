// Each process keeps its partial uploads (request bodies being received, and the journal of its S3
// multipart uploads) in a folder of its own, DATA_DIR/tmp/uploads/<boot>-<pid>-<random>/, so that after a
// crash another process — or the same one restarted — can tell what is provably orphaned. Several API
// processes may share a machine and DATA_DIR; none removes a folder whose owner may still be alive.
//
// Alive or gone: the owner listens on a Unix socket in its folder (alive.sock). On the same kernel (the
// folder's boot id is this machine's current one) a connection the kernel refuses means no process holds
// that socket any more — its owner is dead, whatever PID namespace or container it ran in. A folder from
// another boot or machine (a shared disk), or too deep for a socket's path, counts as gone only once its
// heartbeat (the owner touches the folder every few minutes) is older than any live process lets it get.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readdir, rename, rm, rmdir, stat, utimes } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { log } from "../logs/context.ts";

/** A live owner touches its folder this often. */
const HEARTBEAT_MS = 5 * 60_000;
/** A folder whose owner cannot be asked counts as gone when untouched this long. */
export const SILENT_OWNER_MS = 2 * 3600_000;
/** Linux's limit on a Unix socket's path (sun_path, 108 bytes with its terminating zero). */
const MAX_SOCKET_PATH = 107;
const SOCKET = "alive.sock";

/** This kernel's boot id (changes at every boot), or null where the system does not say. */
function readBootId(): string | null {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim().replaceAll("-", "").slice(0, 12);
  } catch {
    return null;
  }
}
const BOOT_ID = readBootId();

export function uploadsRoot(tmpDir: string): string {
  return path.join(tmpDir, "uploads");
}

/**
 * Where what a gone process left outside its folder waits to be released (its multipart journal: a few
 * bytes per upload), retried at every sweep until the store answers, while its local files go at once.
 */
export function pendingRoot(tmpDir: string): string {
  return path.join(tmpDir, "uploads-pending");
}
/** The part of a process's folder kept for `release` (the S3 multipart journal, storage/s3.ts). */
export const JOURNAL = "multipart";
/** A release still failing after this long is given up (the store's own lifecycle rule is left). */
export const PENDING_MAX_MS = 7 * 24 * 3600_000;

interface ProcessFolder {
  /** This process's own folder. */
  dir: string;
  close(): Promise<void>;
}

/** Makes this process's folder under tmp/uploads and answers on its socket until `close`. */
export async function claimProcessFolder(tmpDir: string): Promise<ProcessFolder> {
  const name = `${BOOT_ID ?? "noboot"}-${process.pid}-${randomBytes(4).toString("hex")}`;
  const dir = path.join(uploadsRoot(tmpDir), name);
  await mkdir(dir, { recursive: true });
  const socketPath = path.join(dir, SOCKET);
  let server: net.Server | null = null;
  if (Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH) {
    server = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(socketPath, () => resolve());
    });
    server.unref();
  }
  const heartbeat = setInterval(() => {
    const now = new Date();
    void utimes(dir, now, now).catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    dir,
    async close() {
      clearInterval(heartbeat);
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** What a look at another process's folder found. */
interface FolderLook {
  name: string;
  /** The folder's last change (its owner's heartbeat). */
  touchedAt: Date;
  /** How a connection to its socket ended: accepted, refused by the kernel, or something else. */
  socket: "accepted" | "refused" | "unknown";
}

/** Whether a folder's owner is provably gone (pure: see the header for why each rule is safe). */
export function ownerGone(look: FolderLook, bootId: string | null, now: Date): boolean {
  if (look.socket === "accepted") return false;
  const sameKernel = bootId !== null && look.name.startsWith(`${bootId}-`);
  if (sameKernel && look.socket === "refused") return true;
  return now.getTime() - look.touchedAt.getTime() > SILENT_OWNER_MS;
}

function knock(socketPath: string): Promise<FolderLook["socket"]> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.setTimeout(5_000, () => {
      socket.destroy();
      resolve("unknown");
    });
    socket.once("connect", () => {
      socket.destroy();
      resolve("accepted");
    });
    socket.once("error", (error: NodeJS.ErrnoException) =>
      resolve(error.code === "ECONNREFUSED" ? "refused" : "unknown"),
    );
  });
}

/**
 * Removes the folders of processes that are gone at once, whatever the store answers: what `release` needs
 * of each (its journal) is moved to `pendingRoot` first, and released there now and at every later sweep
 * until it succeeds (or `PENDING_MAX_MS` passed). Answers how many folders went. `own` is never looked at.
 */
export async function sweepGoneProcesses(
  tmpDir: string,
  own: string | null,
  release: (dir: string) => Promise<void>,
  now = new Date(),
): Promise<number> {
  const root = uploadsRoot(tmpDir);
  let removed = 0;
  for (const entry of await readdir(root, { withFileTypes: true }).catch(() => [])) {
    const dir = path.join(root, entry.name);
    if (!entry.isDirectory() || dir === own) continue;
    const info = await stat(dir).catch(() => null);
    if (!info) continue;
    const look = { name: entry.name, touchedAt: info.mtime, socket: await knock(path.join(dir, SOCKET)) };
    if (!ownerGone(look, BOOT_ID, now)) continue;
    const kept = path.join(pendingRoot(tmpDir), entry.name);
    await mkdir(kept, { recursive: true });
    await rename(path.join(dir, JOURNAL), path.join(kept, JOURNAL)).catch(() => {});
    await rm(dir, { recursive: true, force: true });
    removed += 1;
  }
  await releasePending(tmpDir, release, now);
  return removed;
}

/** Releases each gone process's kept journal; one that fails stays for the next sweep, with a log line. */
async function releasePending(tmpDir: string, release: (dir: string) => Promise<void>, now: Date) {
  const root = pendingRoot(tmpDir);
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const dir = path.join(root, name);
    try {
      await release(dir);
      await rm(dir, { recursive: true, force: true });
    } catch (error) {
      const info = await stat(dir).catch(() => null);
      if (!info || now.getTime() - info.mtime.getTime() > PENDING_MAX_MS)
        await rm(dir, { recursive: true, force: true });
      else
        log().warn(
          { err: error, dir },
          "could not release a gone process's uploads: retried at the next sweep",
        );
    }
  }
  await rmdir(root).catch(() => {}); // gone once nothing waits in it (refused while something does)
}
