import { readdir } from "node:fs/promises";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import type { S3Storage } from "../src/storage/s3.ts";
import type { TestServer } from "./harness.ts";

/** Project ids that have files in storage, read straight from the disk or the bucket. */
export async function storedProjectIds(ts: TestServer, storage: { kind: string }): Promise<Set<string>> {
  if (storage.kind === "local") {
    const dir = path.join(ts.dataDir, "storage", "projects");
    return new Set(await readdir(dir).catch(() => []));
  }
  const s3 = storage as S3Storage;
  const page = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "projects/" }));
  return new Set((page.Contents ?? []).map((o) => o.Key!.split("/")[1]!));
}

/** Partial uploads left in DATA_DIR/tmp/uploads (each process receives into a folder of its own there). */
export async function leftoverUploads(ts: TestServer): Promise<string[]> {
  const entries = await readdir(path.join(ts.dataDir, "tmp", "uploads"), { recursive: true }).catch(() => []);
  return entries.filter((name) => name.endsWith(".upload"));
}
