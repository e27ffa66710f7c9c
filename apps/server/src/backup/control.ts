import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, unlink } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { BackupError } from "./archive.ts";

/**
 * The embedded database's owner: one process at a time may open DATA_DIR/db (PGlite has no lock of its
 * own, and two processes writing it corrupt it). That process listens on DATA_DIR/control.sock, a Unix
 * socket only DATA_DIR's owner can connect to (mode 0600); `npm run backup` asks it for an archive there.
 */
/** Linux's limit on a Unix socket's path (sun_path is 108 bytes with its terminating zero). */
const MAX_SOCKET_PATH = 107;

/**
 * DATA_DIR/control.sock, or — when DATA_DIR's path is too long for a socket (a deep checkout) — a name in
 * the system's temporary folder derived from DATA_DIR, so the server and `npm run backup` still agree.
 */
export function controlSocketPath(dataDir: string): string {
  const inside = path.join(dataDir, "control.sock");
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  const id = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  return path.join(os.tmpdir(), `dub-control-${id}.sock`);
}

/** Whether a process answers on DATA_DIR's control socket (a server, a backup or a restore). */
export function controlSocketAlive(socketPath: string): Promise<boolean> {
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const req = http.request({ socketPath, method: "GET", path: "/" }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on("error", () => resolve(false));
    req.end();
  });
}

/** The trailer that ends POST /backup's archive: `ok`, or `failed: <why>`. */
export const BACKUP_STATUS = "x-backup-status";

/** A message as a header value: one line of printable ASCII. */
function trailerSafe(message: string): string {
  return message
    .replace(/\s+/g, " ")
    .replace(/[^\x20-\x7e]/g, "?")
    .slice(0, 2000);
}

export interface ControlSocket {
  /** From now on POST /backup answers with the archive `backup` writes. */
  serveBackups(backup: (out: NodeJS.WritableStream) => Promise<void>): void;
  close(): Promise<void>;
}

/** Claims DATA_DIR before its database opens: fails when another process answers on its control socket. */
export async function claimDataDir(dataDir: string): Promise<ControlSocket> {
  let backup: ((out: NodeJS.WritableStream) => Promise<void>) | undefined;
  const socketPath = controlSocketPath(dataDir);
  if (await controlSocketAlive(socketPath)) {
    throw new BackupError(
      "data_dir_in_use",
      `another process is using ${dataDir} (it answers on ${socketPath}); stop it first`,
    );
  }
  await unlink(socketPath).catch(() => {}); // what a killed process left
  const server = http.createServer((request, response) => {
    if (request.method !== "POST" || request.url !== "/backup" || !backup) {
      response.writeHead(request.url === "/" ? 200 : 404).end();
      return;
    }
    // The outcome follows the archive as a trailer, so a failure after the first bytes still says why.
    response.writeHead(200, { "content-type": "application/x-tar", trailer: BACKUP_STATUS });
    const finish = (status: string) => {
      response.addTrailers({ [BACKUP_STATUS]: status });
      response.end();
    };
    backup(response).then(
      () => finish("ok"),
      (error: Error) => finish(`failed: ${trailerSafe(error.message)}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  server.unref();
  return {
    serveBackups(write) {
      backup = write;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
