// A real server process on its own embedded data folder, for the suites that SIGKILL it and start it again
// (crash-recovery, resume-transcription). PGlite belongs to one process: the session is made before the
// server starts, and no process outlives its test.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { withoutEngineEnv } from "@dubbing/dubbing/engines/options.ts";
import { createSession, findOrCreateUser, SESSION_COOKIE } from "../src/auth/sessions.ts";
import { openDatabase } from "../src/db/client.ts";

const MAIN = path.resolve(import.meta.dirname, "../src/main.ts");

/** A session cookie for a new user of the data folder, made before any server opens it. */
export async function cookieBeforeStart(dataDir: string, email: string): Promise<string> {
  const database = await openDatabase({ dataDir });
  const user = await findOrCreateUser(database.db, email);
  const cookie = `${SESSION_COOKIE}=${await createSession(database.db, user.id)}`;
  await database.close();
  return cookie;
}

/** One server process; `start` answers its base URL once it is healthy, `kill` SIGKILLs it. */
export function serverProcess(dataDir: string, env: Record<string, string> = {}) {
  let child: ChildProcess | undefined;
  return {
    async start(port: number): Promise<string> {
      child = spawn(process.execPath, [MAIN], {
        env: {
          // the server reads engine variables: a developer's own keys never reach a test
          ...withoutEngineEnv(process.env),
          DATA_DIR: dataDir,
          PORT: String(port),
          LOG_LEVEL: "warn",
          WORKER_CONCURRENCY: "1",
          ...env,
        },
        stdio: ["ignore", "ignore", "inherit"],
      });
      const baseUrl = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 600; i++) {
        const ok = await fetch(`${baseUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return baseUrl;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error("server did not start");
    },
    async kill(): Promise<void> {
      const running = child;
      if (running && running.exitCode === null) {
        running.kill("SIGKILL");
        await new Promise((resolve) => running.once("exit", resolve));
      }
    },
  };
}
