// A throwaway PostgreSQL server from the OS packages (Debian's postgresql), for the node-postgres test.
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

function binDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  const v = versions.at(-1);
  return v && existsSync(path.join(root, v, "bin/postgres")) ? path.join(root, v, "bin") : null;
}

export const postgresAvailable = binDir() !== null;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<{ url: string; stop(): void }> {
  const bin = binDir();
  if (!bin) throw new Error("PostgreSQL is not installed (Debian package postgresql)");
  const dir = mkdtempSync(path.join(os.tmpdir(), "identity-pg-"));
  const root = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    root
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args])
      : execFileSync(path.join(bin, cmd), args);
  if (root) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    chownSync(dir, uid, -1);
  }
  const port = await freePort();
  run("initdb", ["-D", `${dir}/data`, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  run("pg_ctl", [
    "-D",
    `${dir}/data`,
    "-l",
    `${dir}/log`,
    "-w",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`,
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run("pg_ctl", ["-D", `${dir}/data`, "-m", "immediate", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
