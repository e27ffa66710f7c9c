import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  claimProcessFolder,
  JOURNAL,
  ownerGone,
  PENDING_MAX_MS,
  pendingRoot,
  SILENT_OWNER_MS,
  sweepGoneProcesses,
  uploadsRoot,
} from "./process-folder.ts";

let tmp: string;
beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "procs-"));
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

/** Another process that claims its folder in `tmp` and keeps running until killed. */
async function otherProcess(): Promise<{ kill(): Promise<void> }> {
  const module = path.join(import.meta.dirname, "process-folder.ts");
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { claimProcessFolder } = await import(${JSON.stringify(module)});
       await claimProcessFolder(${JSON.stringify(tmp)}); console.log("ready"); setInterval(() => {}, 1000);`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`exited with ${code}`)));
  });
  return {
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}

describe("process folders", () => {
  it("keeps a live process's folder and removes a killed one's, releasing what it left first", async () => {
    const own = await claimProcessFolder(tmp);
    const other = await otherProcess();
    const released: string[] = [];
    const release = async (dir: string) => {
      released.push(dir);
    };
    try {
      const [theirs] = (await readdir(uploadsRoot(tmp))).filter(
        (n) => path.join(uploadsRoot(tmp), n) !== own.dir,
      );
      await writeFile(path.join(uploadsRoot(tmp), theirs!, "x.upload"), "half a video");
      expect(await sweepGoneProcesses(tmp, own.dir, release)).toBe(0);
      await other.kill();
      expect(await sweepGoneProcesses(tmp, own.dir, release)).toBe(1);
      // released from where its journal waits (pendingRoot), its own folder already gone
      expect(released).toEqual([path.join(pendingRoot(tmp), theirs!)]);
      expect(await readdir(uploadsRoot(tmp))).toEqual([path.basename(own.dir)]);
    } finally {
      await other.kill();
      await own.close();
    }
    expect(await readdir(uploadsRoot(tmp))).toEqual([]);
    expect(await readdir(pendingRoot(tmp)).catch(() => "gone")).toBe("gone");
  });

  it("removes a killed process's files at once when the store cannot release them, and retries the release", async () => {
    const own = await claimProcessFolder(tmp);
    const other = await otherProcess();
    const [theirs] = (await readdir(uploadsRoot(tmp))).filter(
      (n) => path.join(uploadsRoot(tmp), n) !== own.dir,
    );
    const dir = path.join(uploadsRoot(tmp), theirs!);
    await writeFile(path.join(dir, "x.upload"), Buffer.alloc(1024 * 1024));
    await mkdir(path.join(dir, JOURNAL));
    await writeFile(path.join(dir, JOURNAL, "u1.json"), JSON.stringify({ key: "k", uploadId: "u1" }));
    const seen: string[][] = [];
    let storeAnswers = false;
    const release = async (kept: string) => {
      seen.push(await readdir(path.join(kept, JOURNAL)));
      if (!storeAnswers) throw new Error("MethodNotAllowed");
    };
    try {
      await other.kill();
      expect(await sweepGoneProcesses(tmp, own.dir, release)).toBe(1);
      // its local files are gone although the store refused; the journal waits for the next sweep
      expect(await readdir(uploadsRoot(tmp))).toEqual([path.basename(own.dir)]);
      expect(await readdir(pendingRoot(tmp))).toEqual([theirs]);
      expect(await sweepGoneProcesses(tmp, own.dir, release)).toBe(0);
      expect(await readdir(pendingRoot(tmp))).toEqual([theirs]);
      storeAnswers = true;
      await sweepGoneProcesses(tmp, own.dir, release);
      // nothing waits: the folder itself goes (tmp holds only what is at work)
      expect(await readdir(pendingRoot(tmp)).catch(() => "gone")).toBe("gone");
      expect(seen).toEqual([["u1.json"], ["u1.json"], ["u1.json"]]);
      // a release that never succeeds is given up after PENDING_MAX_MS
      await mkdir(path.join(pendingRoot(tmp), "old", JOURNAL), { recursive: true });
      storeAnswers = false;
      await sweepGoneProcesses(tmp, own.dir, release, new Date(Date.now() + PENDING_MAX_MS + 60_000));
      expect(await readdir(pendingRoot(tmp)).catch(() => "gone")).toBe("gone");
    } finally {
      await other.kill();
      await own.close();
    }
  });

  it("counts a folder it cannot ask as gone only when its heartbeat is old", async () => {
    const now = new Date("2026-11-28T12:00:00Z");
    const look = (ageMs: number, socket: "accepted" | "refused" | "unknown", name = "aaaa-1-x") => ({
      name,
      touchedAt: new Date(now.getTime() - ageMs),
      socket,
    });
    // refused by this kernel: gone at once; from another boot or machine, a refusal proves nothing
    expect(ownerGone(look(1000, "refused"), "aaaa", now)).toBe(true);
    expect(ownerGone(look(1000, "refused"), "bbbb", now)).toBe(false);
    expect(ownerGone(look(1000, "refused"), null, now)).toBe(false);
    expect(ownerGone(look(1000, "unknown"), "aaaa", now)).toBe(false);
    expect(ownerGone(look(SILENT_OWNER_MS + 1, "unknown"), "aaaa", now)).toBe(true);
    expect(ownerGone(look(SILENT_OWNER_MS + 1, "refused"), "bbbb", now)).toBe(true);
    // an owner that answers is alive, however old its heartbeat
    expect(ownerGone(look(10 * SILENT_OWNER_MS, "accepted"), "aaaa", now)).toBe(false);
  });

  it("removes a folder without a socket (too deep for one) once its heartbeat is old", async () => {
    const dir = path.join(uploadsRoot(tmp), "cccc-1-old");
    await mkdir(dir, { recursive: true });
    const old = new Date(Date.now() - SILENT_OWNER_MS - 60_000);
    await utimes(dir, old, old);
    await mkdir(path.join(uploadsRoot(tmp), "cccc-2-new"));
    expect(await sweepGoneProcesses(tmp, null, async () => {})).toBe(1);
    expect(await readdir(uploadsRoot(tmp))).toEqual(["cccc-2-new"]);
  });
});
