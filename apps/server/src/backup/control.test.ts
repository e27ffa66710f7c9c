import { createHash } from "node:crypto";
import { chmod, chown, lstat, mkdir, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CONTROL_KEY,
  claimDataDir,
  controlSocketPath,
  dataDirProblem,
  keyMatches,
  openSocketAddress,
  requestBackup,
  trustedOwner,
} from "./control.ts";

const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;

let tmp: string;
beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "control-"));
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

/** A DATA_DIR whose path is longer than a socket's address may be (as in a deep checkout). */
async function longDataDir(): Promise<string> {
  const dir = path.join(tmp, "a".repeat(60), "b".repeat(60), "data");
  await mkdir(dir, { recursive: true });
  return dir;
}

/** A stranger's server on `address` that answers every request with a forged archive; counts them. */
async function squatter(address: string) {
  const heard: string[] = [];
  const server = http.createServer((request, response) => {
    heard.push(`${request.method} ${request.url} ${JSON.stringify(request.headers)}`);
    response.writeHead(200, { trailer: "x-backup-status" });
    response.addTrailers({ "x-backup-status": "ok" });
    response.end("forged archive");
  });
  await new Promise<void>((resolve) => server.listen(address, resolve));
  return { heard, close: () => new Promise((resolve) => server.close(resolve)) };
}

const body = (res: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    res.on("data", (chunk) => {
      text += chunk;
    });
    res.on("end", () => resolve(text));
  });

describe("who may be trusted on the control socket", () => {
  it("takes DATA_DIR's owner or root, and a DATA_DIR nobody else may enter", () => {
    expect(trustedOwner(1000, 1000)).toBe(true);
    expect(trustedOwner(0, 1000)).toBe(true);
    expect(trustedOwner(1001, 1000)).toBe(false);
    expect(dataDirProblem("/d", { mode: 0o40700, uid: 1000 }, 1000)).toBeNull();
    expect(dataDirProblem("/d", { mode: 0o40700, uid: 1000 }, 0)).toBeNull();
    expect(dataDirProblem("/d", { mode: 0o40755, uid: 1000 }, 1000)).toMatch(
      /can be entered by other users \(mode 755\)/,
    );
    expect(dataDirProblem("/d", { mode: 0o40710, uid: 1000 }, 1000)).toMatch(/other users/);
    expect(dataDirProblem("/d", { mode: 0o40700, uid: 1000 }, 1001)).toMatch(/belongs to uid 1000/);
    expect(keyMatches("abc", "abc")).toBe(true);
    expect(keyMatches("abd", "abc")).toBe(false);
    expect(keyMatches("ab", "abc")).toBe(false);
    expect(keyMatches(undefined, "abc")).toBe(false);
  });
});

describe("the control socket", () => {
  it("lives in DATA_DIR even when its path is too long for a socket, never in /tmp", async () => {
    const dataDir = await longDataDir();
    expect(Buffer.byteLength(controlSocketPath(dataDir))).toBeGreaterThan(107);
    const control = await claimDataDir(dataDir);
    try {
      control.serveBackups(async (out) => {
        out.write("the real archive");
      });
      const socket = await lstat(controlSocketPath(dataDir));
      expect(socket.isSocket()).toBe(true);
      expect(socket.mode & 0o777).toBe(0o600);
      // the folder it is in: its user's alone; the key: readable by its user alone
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(dataDir, CONTROL_KEY))).mode & 0o777).toBe(0o600);
      const res = await requestBackup(dataDir);
      expect(res.statusCode).toBe(200);
      expect(await body(res)).toBe("the real archive");
    } finally {
      await control.close();
    }
    // the socket and the key go with the server
    await expect(lstat(controlSocketPath(dataDir))).rejects.toThrow(/ENOENT/);
    await expect(lstat(path.join(dataDir, CONTROL_KEY))).rejects.toThrow(/ENOENT/);
  });

  it("the issue's squat: a stranger listening where a long DATA_DIR's socket used to go is never asked, and the server starts", async () => {
    const dataDir = await longDataDir();
    const id = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
    const old = await squatter(path.join(os.tmpdir(), `dub-control-${id}.sock`));
    try {
      // before: the server refused to start (data_dir_in_use) and the backup saved the forged archive
      const control = await claimDataDir(dataDir);
      control.serveBackups(async (out) => {
        out.write("the real archive");
      });
      try {
        expect(await body(await requestBackup(dataDir))).toBe("the real archive");
      } finally {
        await control.close();
      }
      expect(old.heard).toEqual([]);
    } finally {
      await old.close();
    }
  });

  it("serves an archive only to a client that shows the key in control.key", async () => {
    const dataDir = path.join(tmp, "data");
    await mkdir(dataDir);
    const control = await claimDataDir(dataDir);
    control.serveBackups(async (out) => {
      out.write("secret archive");
    });
    try {
      const ask = (headers: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          const { address, release } = openSocketAddress(dataDir);
          http
            .request({ socketPath: address, method: "POST", path: "/backup", headers }, (res) => {
              res.resume();
              release();
              resolve(res.statusCode!);
            })
            .on("error", reject)
            .end();
        });
      expect(await ask({})).toBe(403);
      expect(await ask({ "x-control-key": "0".repeat(64) })).toBe(403);
      const key = await readFile(path.join(dataDir, CONTROL_KEY), "utf8");
      expect(await ask({ "x-control-key": key })).toBe(200);
    } finally {
      await control.close();
    }
  });

  it.skipIf(!isRoot)("refuses a socket of another uid in DATA_DIR: no request, no key sent", async () => {
    const dataDir = path.join(tmp, "data");
    await mkdir(dataDir, { mode: 0o700 });
    const forged = await squatter(controlSocketPath(dataDir));
    try {
      await chown(controlSocketPath(dataDir), NOBODY, NOBODY);
      await expect(requestBackup(dataDir)).rejects.toThrow(
        /refusing the control socket: .*control\.sock belongs to uid 65534, not to .*'s owner \(uid 0\)/,
      );
      expect(forged.heard).toEqual([]);
    } finally {
      await forged.close();
    }
  });

  it("refuses a DATA_DIR other users may enter", async () => {
    const dataDir = path.join(tmp, "data");
    await mkdir(dataDir);
    const forged = await squatter(controlSocketPath(dataDir));
    try {
      // anyone could have put a socket in it: refused, whoever owns the socket
      await chmod(dataDir, 0o777);
      await expect(requestBackup(dataDir)).rejects.toThrow(/can be entered by other users \(mode 777\)/);
      await chmod(dataDir, 0o701);
      await expect(requestBackup(dataDir)).rejects.toThrow(/can be entered by other users \(mode 701\)/);
      expect(forged.heard).toEqual([]);
    } finally {
      await forged.close();
    }
  });

  it.skipIf(!isRoot)(
    "a server takes over from a socket another user left in DATA_DIR instead of refusing to start",
    async () => {
      const dataDir = path.join(tmp, "data");
      await mkdir(dataDir, { mode: 0o700 });
      const forged = await squatter(controlSocketPath(dataDir));
      await chown(controlSocketPath(dataDir), NOBODY, NOBODY);
      try {
        const control = await claimDataDir(dataDir);
        await control.close();
        expect(forged.heard).toEqual([]);
      } finally {
        await forged.close();
      }
    },
  );
});
