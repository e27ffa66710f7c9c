import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, link, mkdir, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { assertSafeKey, type ObjectInfo, type Storage } from "./storage.ts";

export class LocalStorage implements Storage {
  readonly kind = "local";
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(localPath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      // Another filesystem: copy to a temporary name, then rename, so a reader never sees half a file.
      await copyFile(localPath, `${target}.part`);
      await rename(`${target}.part`, target);
      await unlink(localPath);
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch {
      return null;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file);
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  /**
   * The job's own path to the object, in its scratch folder: a hard link (no bytes copied), a copy across
   * filesystems. Tools never read a file where the store's other objects lie beside it.
   */
  async localCopy(key: string, scratchDir: string): Promise<{ path: string; release(): Promise<void> }> {
    await mkdir(scratchDir, { recursive: true });
    const file = path.join(scratchDir, `${randomUUID()}${path.extname(key)}`);
    await link(this.pathOf(key), file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EXDEV" && error.code !== "EPERM") throw error;
      return copyFile(this.pathOf(key), file);
    });
    return { path: file, release: () => unlink(file).catch(() => {}) };
  }

  async deletePrefix(prefix: string): Promise<void> {
    // A job may be writing into the folder meanwhile (ENOTEMPTY): Node retries those with a back-off.
    const folder = this.pathOf(prefix.replace(/\/$/, ""));
    await rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }

  async listFolders(prefix: string): Promise<{ name: string; modifiedAt: Date }[]> {
    const dir = this.pathOf(prefix.replace(/\/$/, ""));
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const folders = entries.filter((e) => e.isDirectory());
    return Promise.all(
      folders.map(async (e) => ({ name: e.name, modifiedAt: (await stat(path.join(dir, e.name))).mtime })),
    );
  }

  async listKeys(prefix: string): Promise<string[]> {
    const dir = this.pathOf(prefix.replace(/\/$/, ""));
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile() && !e.name.endsWith(".part"))
      .map((e) => path.relative(this.root, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
  }

  async abortStaleUploads(): Promise<number> {
    return 0; // files are renamed into place whole: nothing is ever half-uploaded here
  }

  async abortJournaledUploads(): Promise<number> {
    return 0;
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }
}
