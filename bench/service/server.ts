// A real server process (embedded mode) for the service benchmarks, with signed-in users.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, openAsBlob } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { ProjectDetail } from "@dubbing/contract";

/** This checkout; a bench may pass another tree's root (bench/service/old-tree.ts) to run its server. */
const REPO = path.resolve(import.meta.dirname, "../..");

export interface BenchServer {
  base: string;
  process: ChildProcess;
  stop(): void;
}

/**
 * Cookies of users made in `dir`'s embedded database (or at `url`) before the server opens it, by the code
 * of the tree at `root` (the server that will open it).
 */
export async function benchUsers(
  dir: string,
  emails: string[],
  url?: string,
  root = REPO,
): Promise<string[]> {
  const { openDatabase } = (await import(
    path.join(root, "apps/server/src/db/client.ts")
  )) as typeof import("../../apps/server/src/db/client.ts");
  const { createSession, findOrCreateUser, SESSION_COOKIE } = (await import(
    path.join(root, "apps/server/src/auth/sessions.ts")
  )) as typeof import("../../apps/server/src/auth/sessions.ts");
  const database = await openDatabase({ dataDir: dir, url });
  const cookies = [];
  for (const email of emails) {
    const user = await findOrCreateUser(database.db, email);
    cookies.push(`${SESSION_COOKIE}=${await createSession(database.db, user.id)}`);
  }
  await database.close();
  return cookies;
}

/** A throwaway PostgreSQL server (Debian's, as the tests start it) for the scale-out figures. */
export function startBenchPostgres(): { url: string; stop(): void } {
  const script = path.resolve(import.meta.dirname, "../../scripts/test-postgres.sh");
  // its own folder: the script hands it to the postgres user, who cannot enter the bench's private one
  const pgDir = mkdtempSync(path.join(os.tmpdir(), "bench-pg-"));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = execFileSync(script, ["start", pgDir, String(port)], { encoding: "utf8" }).trim();
  return { url, stop: () => execFileSync(script, ["stop", pgDir]) };
}

export async function startBenchServer(
  dir: string,
  env: Record<string, string> = {},
  root = REPO,
): Promise<BenchServer> {
  const port = await new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    // as `make start` runs it (Makefile SERVER_NODE_FLAGS)
    [
      "--max-semi-space-size=1",
      // e.g. BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to see where the server's time goes
      ...(process.env.BENCH_SERVER_FLAGS?.split(" ").filter(Boolean) ?? []),
      path.join(root, "apps/server/src/main.ts"),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        // as `make start` runs it (Makefile SERVER_MALLOC_ENV)
        MALLOC_MMAP_THRESHOLD_: "65536",
        MALLOC_TRIM_THRESHOLD_: "131072",
        DATA_DIR: dir,
        PORT: String(port),
        LOG_LEVEL: "warn",
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  for (
    let i = 0;
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (i > 3000) throw new Error("server did not start within 5 minutes");
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, process: child, stop: () => child.kill("SIGTERM") };
}

/** Uploads a video as the web app does; answers the project id. */
export async function benchUpload(
  base: string,
  cookie: string,
  video: string,
  title: string,
): Promise<string> {
  const form = new FormData();
  form.set("title", title);
  form.set("video", await openAsBlob(video), path.basename(video));
  const res = await fetch(`${base}/api/video/process`, { method: "POST", body: form, headers: { cookie } });
  const body = (await res.json()) as { _id?: string; error?: { message: string } };
  if (!body._id) throw new Error(body.error?.message ?? `upload failed: ${res.status}`);
  return body._id;
}

/** Waits until the project is ready (transcribed); answers it. */
export async function readyProject(base: string, cookie: string, id: string): Promise<ProjectDetail> {
  for (;;) {
    const project = (await (
      await fetch(`${base}/api/video/${id}`, { headers: { cookie } })
    ).json()) as ProjectDetail;
    if (project.status === "ready") return project;
    if (project.status === "failed") throw new Error(project.statusMessage ?? "failed");
    await new Promise((r) => setTimeout(r, 100));
  }
}
