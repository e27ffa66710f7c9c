import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmod,
  chown,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastBackupOutcome } from "../src/backup/outcome.ts";
import { makeVideo, subtitlesOf, tempFolder } from "./fixtures.ts";
import { startServerOn, type TestServer } from "./harness.ts";
import { api, startAndWait, upload, waitForStatus } from "./http.ts";
import { signInByLink } from "./identity.ts";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");
const tmp = tempFolder("dub-backup-");

/** `npm run backup|restore -- FILE` as an operator runs it (the npm script's command). */
function cli(name: "backup" | "restore", file: string, dataDir: string) {
  return run(process.execPath, [`apps/server/src/cli/${name}.ts`, file], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });
}

describe("backup and restore (embedded)", () => {
  const email = "backed-up@example.com";
  let original: TestServer;
  let cookie: string;
  let id: string;
  let dubUrl: string;

  beforeAll(async () => {
    original = await startServerOn(path.join(tmp.path, "original"), {
      METRICS_TOKEN: "metrics-token-for-backups",
    });
    cookie = (await signInByLink(original, email))!;
    // its lines as subtitles: what is backed up is the subject, not what is heard
    const dialogue = makeDialogue(tmp.path, DIALOGUE.slice(0, 2));
    const subtitles = subtitlesOf(dialogue.truth);
    id = (await upload(original.baseUrl, cookie, dialogue.video, "Backed up", { subtitles })).body._id;
    await waitForStatus(original.baseUrl, cookie, id, ["ready"]);
    expect((await startAndWait(original.baseUrl, cookie, id, "translate", "es", 120)).body.status).toBe(
      "translated",
    );
    dubUrl = (await startAndWait(original.baseUrl, cookie, id, "dub", "es", 300)).body.dubVideoUrl;
    expect(dubUrl).toBeTruthy();
  }, 600_000);
  afterAll(async () => {
    await original?.close();
  });

  it("backs up while the server runs, restores into an empty DATA_DIR, and the copy serves it all", async () => {
    const archive = path.join(tmp.path, "backup.tar");
    // the server keeps answering while it writes the archive
    const [{ stdout }, during] = await Promise.all([
      cli("backup", archive, path.join(tmp.path, "original")),
      api(original.baseUrl, cookie, "GET", `/api/video/${id}`),
    ]);
    expect(stdout).toContain("from the running server");
    expect(during.status).toBe(200);
    // it holds the service's secrets: its owner alone may read it
    expect((await stat(archive)).mode & 0o777).toBe(0o600);

    const restoredDir = path.join(tmp.path, "restored");
    expect((await cli("restore", archive, restoredDir)).stdout).toContain("restored");
    const copy = await startServerOn(restoredDir);
    try {
      // the old session cookie is still good: sessions came back
      const project = await api(copy.baseUrl, cookie, "GET", `/api/video/${id}`);
      expect(project.status).toBe(200);
      expect(project.body.title).toBe("Backed up");
      expect(project.body.transcript.length).toBeGreaterThan(0);
      // the dubbed file came back, and its signed link (the media secret is in the database) still works
      const dub = await fetch(`${copy.baseUrl}${dubUrl}`);
      expect(dub.status).toBe(200);
      const original_ = await fetch(`${original.baseUrl}${dubUrl}`);
      expect(Buffer.from(await dub.arrayBuffer())).toEqual(Buffer.from(await original_.arrayBuffer()));
      // the account signs in again by magic link (the identity provider's user and keys came back)
      const again = await signInByLink(copy, email);
      expect(again).toBeTruthy();
      const projects = await api(copy.baseUrl, again, "GET", "/api/video");
      expect(JSON.stringify(projects.body)).toContain(id);
    } finally {
      await copy.close();
    }
  });

  it("backs up in a loop while a dub and an upload run on a loaded machine; the last one restores whole", async () => {
    const dataDir = path.join(tmp.path, "original");
    const minute = makeVideo(tmp.path, "mp4", { seconds: 60 });
    // two CPU-bound processes beside the server, as on a loaded host
    const burners: ChildProcess[] = [0, 1].map(() =>
      spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
    );
    const archives: string[] = [];
    let uploaded = "";
    try {
      const lines = (await api(original.baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es
        .transcript.length;
      const dub = await api(original.baseUrl, cookie, "POST", `/api/video/${id}/dub`, {
        language: "es",
        regenerate: [...Array(lines).keys()],
      });
      expect(dub.status).toBe(202);
      const upload_ = upload(original.baseUrl, cookie, minute, "Under load");
      const busy = async () => {
        const es = (await api(original.baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
        const other = uploaded && (await api(original.baseUrl, cookie, "GET", `/api/video/${uploaded}`)).body;
        return es.status === "dubbing" || !uploaded || !["ready", "failed"].includes(other.status);
      };
      void upload_.then((res) => {
        uploaded = res.body._id;
      });
      // a backup at least three times, and until both the dub and the upload's work are over
      for (let i = 0; i < 3 || (await busy()); i++) {
        const archive = path.join(tmp.path, `loop-${i}.tar`);
        const { stdout } = await cli("backup", archive, dataDir);
        expect(stdout).toContain("from the running server");
        archives.push(archive);
        if (i > 40) throw new Error("the dub and the upload did not finish");
      }
      expect((await upload_).status).toBe(201);
    } finally {
      for (const burner of burners) burner.kill("SIGKILL");
    }
    const restoredDir = path.join(tmp.path, "restored-loop");
    await cli("restore", archives.at(-1)!, restoredDir);
    const copy = await startServerOn(restoredDir);
    try {
      const list = await api(copy.baseUrl, cookie, "GET", "/api/video");
      const ids = (list.body as { _id: string }[]).map((p) => p._id);
      expect(ids).toEqual(expect.arrayContaining([id, uploaded]));
      // every file a restored row names is there
      for (const projectId of ids) {
        const project = await api(copy.baseUrl, cookie, "GET", `/api/video/${projectId}`);
        expect(project.status).toBe(200);
        const translations = await api(copy.baseUrl, cookie, "GET", `/api/video/${projectId}/translations`);
        for (const url of mediaUrls([project.body, translations.body])) {
          expect((await fetch(`${copy.baseUrl}${url}`, { headers: { cookie } })).status, url).toBe(200);
        }
      }
    } finally {
      await copy.close();
    }
  }, 900_000);

  it("refuses to restore an archive every user of the machine can read, and says why", async () => {
    const archive = path.join(tmp.path, "shared.tar");
    await cli("backup", archive, path.join(tmp.path, "original"));
    await chmod(archive, 0o644);
    const target = path.join(tmp.path, "from-shared");
    await expect(cli("restore", archive, target)).rejects.toMatchObject({
      stderr: expect.stringMatching(/can be read by every user .*chmod 600/),
    });
    expect(await readdir(target)).toEqual([]);
  });

  it("a backup that fails says why: to the client, in the console's record, and in the count", async () => {
    const dataDir = path.join(tmp.path, "original");
    // the scratch folder the archive is staged in is a file now: the server cannot stage it
    const tmpDir = path.join(dataDir, "tmp");
    await rename(tmpDir, `${tmpDir}.away`);
    await writeFile(tmpDir, "");
    try {
      const failed = await cli("backup", path.join(tmp.path, "failed.tar"), dataDir).catch((e) => e);
      expect(failed.stderr).toMatch(/^backup \S+ failed: ENOTDIR/m);
      expect(await readdir(tmp.path)).not.toContain("failed.tar");
      expect(await readdir(tmp.path)).not.toContain("failed.tar.part");
    } finally {
      await rm(tmpDir);
      await rename(`${tmpDir}.away`, tmpDir);
    }
    const outcome = await lastBackupOutcome(original.server.database.db);
    expect(outcome).toMatchObject({
      trigger: "requested",
      ok: false,
      error: expect.stringMatching(/ENOTDIR/),
    });
    const metrics = await fetch(`${original.baseUrl}/metrics`, {
      headers: { authorization: "Bearer metrics-token-for-backups" },
    });
    expect(await metrics.text()).toMatch(/dub_backups_total\{trigger="requested",result="failed"\} 1/);
  });

  it("refuses to restore into a DATA_DIR that is not empty, and changes nothing there", async () => {
    const archive = path.join(tmp.path, "backup2.tar");
    await cli("backup", archive, path.join(tmp.path, "original"));
    const busy = path.join(tmp.path, "busy");
    await mkdir(busy);
    await writeFile(path.join(busy, "keep.txt"), "mine");
    await expect(cli("restore", archive, busy)).rejects.toMatchObject({
      stderr: expect.stringMatching(/not empty/),
    });
    expect(await readdir(busy)).toEqual(["keep.txt"]);
  });

  it("a second server on the same DATA_DIR refuses to start (two processes would corrupt the database)", async () => {
    await expect(startServerOn(path.join(tmp.path, "original"))).rejects.toThrow(/another process is using/);
    expect((await api(original.baseUrl, cookie, "GET", `/api/video/${id}`)).status).toBe(200);
  });
});

/**
 * A stranger's server on `address` that answers a backup request with a forged archive (a real tar with a
 * manifest.json, which `npm run backup` used to save as the backup); `heard` counts what it was asked.
 */
async function forger(address: string) {
  const dir = await mkdtemp(path.join(tmp.path, "forged-"));
  await writeFile(path.join(dir, "manifest.json"), JSON.stringify({ format: 1, forged: true }));
  await run("tar", ["-cf", path.join(dir, "forged.tar"), "-C", dir, "manifest.json"]);
  const forged = await readFile(path.join(dir, "forged.tar"));
  const heard: string[] = [];
  const server = http.createServer((request, response) => {
    heard.push(`${request.method} ${request.url}`);
    response.writeHead(200, { "content-type": "application/x-tar", trailer: "x-backup-status" });
    response.write(forged);
    response.addTrailers({ "x-backup-status": "ok" });
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(address, resolve));
  return { heard, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("the control socket against another user of the host", () => {
  it("the issue's squat: with a long DATA_DIR, a stranger listening in /tmp first neither stops the server nor serves the backup", async () => {
    const dataDir = path.join(tmp.path, "deep", "c".repeat(50), "d".repeat(50), "data");
    await mkdir(dataDir, { recursive: true });
    // where the socket went for a DATA_DIR too long for one: a name anyone could compute and take first
    const id = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
    const squat = await forger(path.join(os.tmpdir(), `dub-control-${id}.sock`));
    try {
      // before: "another process is using …" and no server
      const server = await startServerOn(dataDir);
      try {
        const archive = path.join(tmp.path, "deep.tar");
        const { stdout } = await cli("backup", archive, dataDir);
        expect(stdout).toContain("from the running server");
        const { stdout: names } = await run("tar", ["-tf", archive]);
        expect(names.split("\n")).toEqual(expect.arrayContaining(["manifest.json", "db.tar.gz"]));
      } finally {
        await server.close();
      }
      expect(squat.heard).toEqual([]);
    } finally {
      await squat.close();
    }
  }, 300_000);

  it.skipIf(process.getuid?.() !== 0)(
    "refuses a control socket in DATA_DIR that another uid listens on: nothing asked, nothing saved",
    async () => {
      const dataDir = path.join(tmp.path, "squatted");
      await mkdir(dataDir, { mode: 0o700 });
      const squat = await forger(path.join(dataDir, "control.sock"));
      try {
        await chown(path.join(dataDir, "control.sock"), 65534, 65534);
        const archive = path.join(tmp.path, "squatted.tar");
        const failed = await cli("backup", archive, dataDir).catch((error) => error);
        expect(failed.stderr).toMatch(/refusing the control socket: .*belongs to uid 65534/);
        expect(squat.heard).toEqual([]);
        expect(await readdir(tmp.path)).not.toContain("squatted.tar");
      } finally {
        await squat.close();
      }
    },
  );
});

describe("scheduled backups (BACKUP_DIR, BACKUP_KEEP)", () => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it("writes one when due and keeps the newest BACKUP_KEEP", async () => {
    const dir = path.join(tmp.path, "scheduled");
    await mkdir(dir);
    const old = [
      "dub-backup-20200101T000000Z.tar",
      "dub-backup-20200102T000000Z.tar",
      "dub-backup-20200103T000000Z.tar",
    ];
    for (const name of old) await writeFile(path.join(dir, name), "");
    await writeFile(path.join(dir, "notes.txt"), "not a backup");
    server = await startServerOn(path.join(tmp.path, "scheduled-data"), {
      BACKUP_DIR: dir,
      BACKUP_KEEP: "2",
    });
    // The new archive appears (renamed from .part) before the old ones are pruned: wait for both.
    const names = await eventuallyList(
      dir,
      (list) =>
        list.some((n) => n.endsWith(".tar") && !old.includes(n)) &&
        list.filter((n) => n.startsWith("dub-backup-")).length === 2,
    );
    expect(names.filter((n) => n.startsWith("dub-backup-")).sort()).toEqual([
      old[2],
      expect.stringMatching(/^dub-backup-\d{8}T\d{6}Z\.tar$/),
    ]);
    expect(names).toContain("notes.txt");
    const { stdout } = await run("tar", [
      "-t",
      "-f",
      path.join(dir, names.find((n) => !old.includes(n) && n.endsWith(".tar"))!),
    ]);
    expect(stdout).toMatch(/manifest\.json/);
    expect(stdout).toMatch(/db\.tar\.gz/);
    const written = names.find((n) => !old.includes(n) && n.endsWith(".tar"))!;
    expect((await stat(path.join(dir, written))).mode & 0o777).toBe(0o600);
  });
});

/** The stored files' links in API answers (`…Url` fields, at any depth). */
function mediaUrls(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(mediaUrls);
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, v]) =>
    key.endsWith("Url") && typeof v === "string" && v.startsWith("/") ? [v] : mediaUrls(v),
  );
}

async function eventuallyList(dir: string, ok: (names: string[]) => boolean): Promise<string[]> {
  for (let i = 0; i < 300; i++) {
    const names = await readdir(dir);
    if (ok(names) && !names.some((n) => n.endsWith(".part"))) return names;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no backup appeared in ${dir}`);
}
