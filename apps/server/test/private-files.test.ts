// DATA_DIR is the service user's alone (docs/OPERATIONS.md "File modes"): the server started as an
// operator would, from a shell whose umask lets everyone read and write (000), still makes every file
// 0600 and every folder 0700; an install whose files were made the old way is tightened at its next start,
// with one log line that says how many paths changed.
import { type ChildProcess, spawn } from "node:child_process";
import { chmod, lstat, mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { makeVideo, tempFolder } from "./fixtures.ts";
import { freePort, freshBucket, freshPostgresDatabase, MODES, type Mode, S3_CREDENTIALS } from "./harness.ts";
import { eventually, upload, waitForStatus } from "./http.ts";

const MAIN = path.resolve(import.meta.dirname, "../src/main.ts");
const tmp = tempFolder("dub-private-");

interface Started {
  child: ChildProcess;
  baseUrl: string;
  lines: { msg?: string; changed?: number }[];
  stop(): Promise<void>;
}

/** `node main.ts` from a shell with umask 000 (as a careless service unit would start it). */
async function startServer(dataDir: string, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn("sh", ["-c", 'umask 000 && exec "$0" "$1"', process.execPath, MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines: Started["lines"] = [];
  let rest = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split("\n");
    rest = parts.pop() ?? "";
    for (const part of parts.filter((line) => line.startsWith("{"))) lines.push(JSON.parse(part));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await eventually("the server", () => fetch(`${baseUrl}/api/health`).then((r) => r.ok), 240_000, {
    tolerateErrors: true,
  });
  return {
    child,
    baseUrl,
    lines,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Every path under `root` (itself included) with its permission bits; links are not followed. */
async function modes(root: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const walk = async (dir: string) => {
    for (const name of await readdir(dir)) {
      const file = path.join(dir, name);
      const info = await lstat(file);
      if (info.isSymbolicLink()) continue;
      found.set(path.relative(root, file), info.mode & 0o777);
      if (info.isDirectory()) await walk(file);
    }
  };
  found.set(".", (await lstat(root)).mode & 0o777);
  await walk(root);
  return found;
}

/** The paths whose group or others have any access. */
const shared = (found: Map<string, number>) =>
  [...found].filter(([, mode]) => mode & 0o077).map(([file, mode]) => `${file} ${mode.toString(8)}`);

/** Signs in as a person would: a link asked for, read from the dev mailbox, opened in the same browser. */
async function signIn(baseUrl: string, email: string): Promise<string> {
  const { identity } = await (await fetch(`${baseUrl}/api/config`)).json();
  const basic = Buffer.from(`${identity.publicToken}:${identity.publicToken}`).toString("base64");
  const asked = await fetch(`${baseUrl}/sdk/v1/magic_links/email/login_or_create`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/json" },
    body: JSON.stringify({ email, login_magic_link_url: `${baseUrl}/api/stytch` }),
  });
  expect(asked.status).toBe(200);
  const browser = /dub_link=[^;]+/.exec(asked.headers.get("set-cookie") ?? "")?.[0] ?? "";
  const link = await eventually("the sign-in email", async () => {
    const html = await (await fetch(`${baseUrl}/dev/mailbox`)).text();
    const mail = html.split("<article>").find((article) => article.includes(`To ${email}`));
    return mail?.match(/href="([^"]*\/api\/stytch\?[^"]*)"/)?.[1]?.replaceAll("&amp;", "&");
  });
  const opened = await fetch(link, { redirect: "manual", headers: { cookie: browser } });
  return /dub_session=[^;]+/.exec(opened.headers.get("set-cookie") ?? "")?.[0] ?? "";
}

async function modeEnv(mode: Mode): Promise<Record<string, string>> {
  if (mode === "embedded") return { DATABASE_URL: "", S3_BUCKET: "" };
  return {
    DATABASE_URL: await freshPostgresDatabase({ migrated: true }),
    S3_ENDPOINT: inject("s3Endpoint"),
    S3_BUCKET: await freshBucket(),
    S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
  };
}

describe.each(MODES)("DATA_DIR is the service user's alone (%s)", (mode) => {
  const running: Started[] = [];
  afterAll(async () => {
    for (const server of running) await server.stop();
  });

  it("whatever the umask it was started with, and an older install's files are made private at start", async () => {
    const dataDir = path.join(tmp.path, mode);
    const env = await modeEnv(mode);
    const first = await startServer(dataDir, env);
    running.push(first);
    // the database, scratch folders and an uploaded video's media: written under the server's own umask
    const cookie = await signIn(first.baseUrl, `private-${mode}@example.com`);
    expect(cookie).toBeTruthy();
    const video = makeVideo(tmp.path, "mp4");
    const created = await upload(first.baseUrl, cookie, video, "Private");
    expect(created.status).toBe(201);
    await waitForStatus(first.baseUrl, cookie, created.body._id, ["ready"]);
    const made = await modes(dataDir);
    if (mode === "embedded") {
      expect([...made.keys()].filter((file) => file.startsWith("db/")).length).toBeGreaterThan(100);
      expect([...made.keys()].some((file) => file.startsWith("storage/"))).toBe(true);
    }
    expect(shared(made)).toEqual([]);
    expect(first.lines.some((line) => line.msg?.includes("made private"))).toBe(false);
    await first.stop();
    running.pop();

    // An install from before: every folder 0777, every file 0666, a stored video 0644 copied in by hand.
    await mkdir(path.join(dataDir, "storage", "old"), { recursive: true });
    await writeFile(path.join(dataDir, "storage", "old", "original.mp4"), "a video from before");
    const before = await modes(dataDir);
    for (const [file] of before) {
      const info = await lstat(path.join(dataDir, file));
      await chmod(path.join(dataDir, file), info.isDirectory() ? 0o777 : 0o666);
    }
    await chmod(path.join(dataDir, "storage", "old", "original.mp4"), 0o644);
    expect(shared(await modes(dataDir)).length).toBe(before.size);

    const second = await startServer(dataDir, env);
    running.push(second);
    expect(shared(await modes(dataDir))).toEqual([]);
    const said = second.lines.filter((line) => line.msg?.includes("paths made private"));
    expect(said).toHaveLength(1);
    expect(said[0]!.changed).toBe(before.size);
    expect(said[0]!.msg).toBe(`DATA_DIR: ${before.size} paths made private to the service user`);
  }, 600_000);
});
