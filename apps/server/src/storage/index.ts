import path from "node:path";
import type { Config } from "../config.ts";
import { LocalStorage } from "./local.ts";
import type { Storage } from "./storage.ts";

export type { Storage } from "./storage.ts";

/**
 * Local disk, or an S3-compatible store (whose SDK, ~6 MB of heap, is loaded only then) that journals its
 * multipart uploads in `journalDir`, so that the uploads of a process killed mid-way can be aborted.
 */
export async function createStorage(
  config: Pick<Config, "s3" | "dataDir">,
  journalDir: string | null = null,
): Promise<Storage> {
  if (!config.s3) return new LocalStorage(path.join(config.dataDir, "storage"));
  const { S3Storage } = await import("./s3.ts");
  return new S3Storage(config.s3, journalDir);
}
