import type { Readable } from "node:stream";

export interface ObjectInfo {
  size: number;
}

/** Where media files live: local disk by default, any S3-compatible store in scale-out mode. */
export interface Storage {
  readonly kind: "local" | "s3";
  /** Moves (local) or uploads (S3) a finished local file into the store; the local file is gone after. */
  putFile(key: string, localPath: string, contentType?: string): Promise<void>;
  stat(key: string): Promise<ObjectInfo | null>;
  /** A byte range is inclusive on both ends, as in HTTP. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** A local path for tools like ffmpeg; for S3 the object is downloaded to `scratchDir` first. */
  localCopy(key: string, scratchDir: string): Promise<{ path: string; release(): Promise<void> }>;
  deletePrefix(prefix: string): Promise<void>;
  /**
   * The folders right under `prefix` (`projects/` → each project's id) with the newest change seen in
   * them, for sweeps that find objects no row owns.
   */
  listFolders(prefix: string): Promise<{ name: string; modifiedAt: Date }[]>;
  /** Every key under `prefix`. */
  listKeys(prefix: string): Promise<string[]>;
  /**
   * Aborts multipart uploads started before `before` (a process killed mid-upload leaves them, invisible
   * to listings and billed by real providers). Answers how many; 0 where the store has no such thing.
   */
  abortStaleUploads(before: Date): Promise<number>;
  /**
   * Aborts the multipart uploads a process that is gone noted in its journal folder (S3Storage's
   * `journalDir`) before it was killed. Answers how many; 0 where the store has no such thing.
   */
  abortJournaledUploads(journalDir: string): Promise<number>;
  check(): Promise<void>;
}

/** Keys are plain relative paths: letters, digits, dot, dash, underscore and slashes; no `..`. */
export function assertSafeKey(key: string): void {
  if (
    !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) ||
    key.split("/").some((p) => p === ".." || p === ".")
  ) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
