import { randomBytes, timingSafeEqual } from "node:crypto";
import { closeSync, constants, openSync } from "node:fs";
import { chmod, lstat, readFile, stat, unlink, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { BackupError } from "./archive.ts";

/**
 * The embedded database's owner: one process at a time may open DATA_DIR/db (PGlite has no lock of its
 * own, and two processes writing it corrupt it). That process listens on DATA_DIR/control.sock, a Unix
 * socket in a folder only the service user can enter (DATA_DIR is 0700, docs/OPERATIONS.md "File modes");
 * `npm run backup` asks it for an archive there. Node cannot ask the kernel who is at the other end of a
 * Unix socket (SO_PEERCRED), so each side proves itself through the file system instead:
 * - the client connects only to a socket owned by DATA_DIR's owner (or root) in a DATA_DIR no one else
 *   may enter or write (`controlSocketProblem`): a socket there was bound by the service user's process;
 * - the server serves an archive only to a client that shows the secret it wrote, at claim, to
 *   DATA_DIR/control.key (0600): only the service user (or root) can read it.
 * The socket is never anywhere else: when DATA_DIR's path is too long for a socket's address (108 bytes),
 * both sides reach the same file through an open descriptor of DATA_DIR, /proc/self/fd/N/control.sock.
 */
export const CONTROL_SOCKET = "control.sock";
/** The secret a client shows; the server's alone to write, its user's alone to read. */
export const CONTROL_KEY = "control.key";
/** Linux's limit on a Unix socket's path (sun_path is 108 bytes with its terminating zero). */
const MAX_SOCKET_PATH = 107;
/** The header that carries the secret. */
const KEY_HEADER = "x-control-key";

/** DATA_DIR's control socket (the file; `withSocketAddress` gives the address to bind or connect to). */
export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), CONTROL_SOCKET);
}

/**
 * An address of DATA_DIR's control socket a socket call accepts: its path, or — too long for one — the same
 * file through an open descriptor of DATA_DIR (/proc/self/fd/N/…), which stays open until `release`.
 */
export function openSocketAddress(dataDir: string): { address: string; release(): void } {
  const file = controlSocketPath(dataDir);
  if (Buffer.byteLength(file) <= MAX_SOCKET_PATH) return { address: file, release: () => {} };
  const fd = openSync(path.dirname(file), constants.O_RDONLY | constants.O_DIRECTORY);
  return { address: `/proc/self/fd/${fd}/${CONTROL_SOCKET}`, release: () => closeSync(fd) };
}

/** Runs `use` with an address of DATA_DIR's control socket (`openSocketAddress`), released after. */
async function withSocketAddress<T>(dataDir: string, use: (address: string) => Promise<T>): Promise<T> {
  const { address, release } = openSocketAddress(dataDir);
  try {
    return await use(address);
  } finally {
    release();
  }
}

/** Pure: whether a file of `uid` may be taken for the service's: DATA_DIR's owner's, or root's. */
export function trustedOwner(uid: number, dataDirOwner: number): boolean {
  return uid === dataDirOwner || uid === 0;
}

/** Pure: why DATA_DIR (mode and owner) cannot hold a socket a client may trust, or null. */
export function dataDirProblem(
  dataDir: string,
  info: { mode: number; uid: number },
  me: number,
): string | null {
  if (info.mode & 0o077)
    return `${dataDir} can be entered by other users (mode ${(info.mode & 0o777).toString(8)}): make it private (chmod 700; the server does so at start)`;
  if (!trustedOwner(me, info.uid))
    return `${dataDir} belongs to uid ${info.uid}: run the backup as that user (this is uid ${me})`;
  return null;
}

/**
 * Why the file at DATA_DIR/control.sock must not be taken for a socket of the service, or null when it may
 * (or when there is none): a socket, owned by DATA_DIR's owner (or root).
 */
async function socketOwnerProblem(dataDir: string): Promise<string | null> {
  const file = controlSocketPath(dataDir);
  const socket = await lstat(file).catch(() => null);
  if (!socket) return null;
  const folder = await stat(dataDir);
  if (!socket.isSocket()) return `${file} is not a socket`;
  if (!trustedOwner(socket.uid, folder.uid))
    return `${file} belongs to uid ${socket.uid}, not to ${dataDir}'s owner (uid ${folder.uid}): not this service's server`;
  return null;
}

/**
 * What a client checks before it connects (it cannot ask the kernel who listens): DATA_DIR is private and
 * this user's (or root's runs it), and the socket in it is the service user's. Null when it may connect.
 */
export async function controlSocketProblem(dataDir: string): Promise<string | null> {
  if (!(await lstat(controlSocketPath(dataDir)).catch(() => null))) return null;
  const folder = await stat(dataDir);
  return (
    dataDirProblem(dataDir, folder, process.getuid?.() ?? folder.uid) ?? (await socketOwnerProblem(dataDir))
  );
}

/** Whether a process answers on DATA_DIR's control socket (a server, a backup or a restore). */
export function controlSocketAlive(dataDir: string): Promise<boolean> {
  return withSocketAddress(
    dataDir,
    (socketPath) =>
      new Promise<boolean>((resolve) => {
        const req = http.request({ socketPath, method: "GET", path: "/" }, (res) => {
          res.resume();
          resolve(true);
        });
        req.on("error", () => resolve(false));
        req.end();
      }),
  ).catch(() => false);
}

/** Asks the server on DATA_DIR's control socket for an archive, showing it the secret in control.key. */
export async function requestBackup(dataDir: string): Promise<http.IncomingMessage> {
  const problem = await controlSocketProblem(dataDir);
  if (problem) throw new BackupError("control_socket_untrusted", `refusing the control socket: ${problem}`);
  const key = (await readFile(path.join(dataDir, CONTROL_KEY), "utf8")).trim();
  return withSocketAddress(
    dataDir,
    (socketPath) =>
      new Promise((resolve, reject) => {
        const req = http.request({
          socketPath,
          method: "POST",
          path: "/backup",
          headers: { [KEY_HEADER]: key },
        });
        req.on("response", resolve);
        req.on("error", reject);
        req.end();
      }),
  );
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

/** Pure: whether a request's key header is `key` (compared in constant time). */
export function keyMatches(given: string | string[] | undefined, key: string): boolean {
  if (typeof given !== "string" || given.length !== key.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(key));
}

export interface ControlSocket {
  /** From now on POST /backup answers with the archive `backup` writes. */
  serveBackups(backup: (out: NodeJS.WritableStream) => Promise<void>): void;
  close(): Promise<void>;
}

/** The control socket's HTTP server: liveness for anyone who can connect, archives for the key's holder. */
function controlServer(
  key: string,
  backup: () => ((out: NodeJS.WritableStream) => Promise<void>) | undefined,
) {
  return http.createServer((request, response) => {
    const write = backup();
    if (request.method !== "POST" || request.url !== "/backup" || !write) {
      response.writeHead(request.url === "/" ? 200 : 404).end();
      return;
    }
    if (!keyMatches(request.headers[KEY_HEADER], key)) {
      response.writeHead(403).end();
      return;
    }
    // The outcome follows the archive as a trailer, so a failure after the first bytes still says why.
    response.writeHead(200, { "content-type": "application/x-tar", trailer: BACKUP_STATUS });
    const finish = (status: string) => {
      response.addTrailers({ [BACKUP_STATUS]: status });
      response.end();
    };
    write(response).then(
      () => finish("ok"),
      (error: Error) => finish(`failed: ${trailerSafe(error.message)}`),
    );
  });
}

/** Listens on DATA_DIR's control socket (only its owner may connect: 0600); `release` after closing. */
async function listenOn(server: http.Server, dataDir: string): Promise<() => void> {
  const { address, release } = openSocketAddress(dataDir);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(address, () => resolve());
    });
    await chmod(address, 0o600);
    return release;
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Claims DATA_DIR before its database opens: fails when another process of the service answers on its
 * control socket. DATA_DIR is made private first (whichever process claims it); a socket there of another
 * user (one left from before DATA_DIR was private) is removed rather than believed.
 */
export async function claimDataDir(dataDir: string): Promise<ControlSocket> {
  let backup: ((out: NodeJS.WritableStream) => Promise<void>) | undefined;
  const socketFile = controlSocketPath(dataDir);
  await chmod(dataDir, (await stat(dataDir)).mode & 0o700);
  const foreign = await socketOwnerProblem(dataDir);
  if (foreign === null && (await controlSocketAlive(dataDir))) {
    throw new BackupError(
      "data_dir_in_use",
      `another process is using ${dataDir} (it answers on ${socketFile}); stop it first`,
    );
  }
  await unlink(socketFile).catch(() => {}); // what a killed process (or another user) left
  const key = randomBytes(32).toString("hex");
  const keyFile = path.join(dataDir, CONTROL_KEY);
  await unlink(keyFile).catch(() => {});
  await writeFile(keyFile, key, { mode: 0o600, flag: "wx" });
  const server = controlServer(key, () => backup);
  const release = await listenOn(server, dataDir);
  server.unref();
  return {
    serveBackups(write) {
      backup = write;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          release();
          void unlink(keyFile).then(resolve, () => resolve());
        });
        server.closeAllConnections();
      }),
  };
}
