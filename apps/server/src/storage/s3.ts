import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rm, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { S3Config } from "../config.ts";
import { assertSafeKey, type ObjectInfo, type Storage } from "./storage.ts";

const journalEntry = (dir: string, uploadId: string) =>
  path.join(dir, `${createHash("sha256").update(uploadId).digest("hex").slice(0, 32)}.json`);

/** Answers to an abort after which there is nothing left to ask (done already, or not supported). */
const CANNOT_ABORT = new Set(["NoSuchUpload", "NotImplemented", "MethodNotAllowed"]);

export class S3Storage implements Storage {
  readonly kind = "s3";
  readonly client: S3Client;
  readonly bucket: string;

  /** Where this process notes each multipart upload it starts, until it ends (see abortJournaledUploads). */
  readonly journalDir: string | null;

  constructor(config: S3Config, journalDir: string | null = null) {
    this.bucket = config.bucket;
    this.journalDir = journalDir;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });
    if (journalDir) {
      // The upload id is known only once the store answers CreateMultipartUpload (lib-storage sends it).
      this.client.middlewareStack.add(
        (next, context) => async (args) => {
          const result = await next(args);
          const uploadId = (result.output as { UploadId?: string }).UploadId;
          if (context.commandName === "CreateMultipartUploadCommand" && uploadId) {
            const key = (args.input as { Key: string }).Key;
            await mkdir(journalDir, { recursive: true });
            await writeFile(journalEntry(journalDir, uploadId), JSON.stringify({ key, uploadId }));
          }
          return result;
        },
        { step: "initialize", name: "multipartJournal" },
      );
    }
  }

  async putFile(key: string, localPath: string, contentType?: string): Promise<void> {
    assertSafeKey(key);
    // lib-storage streams the file in 8 MiB parts (multipart upload), so memory stays flat for large files.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: createReadStream(localPath), ContentType: contentType },
      partSize: 8 * 1024 * 1024,
      queueSize: 4,
    });
    try {
      await upload.done();
    } finally {
      // completed, or aborted by lib-storage: nothing of it is left for a sweep to abort
      if (this.journalDir && upload.uploadId) {
        await rm(journalEntry(this.journalDir, upload.uploadId), { force: true });
      }
    }
    await unlink(localPath);
  }

  /**
   * Aborts the multipart uploads journaled in `journalDir` (a process that is gone left them). An entry the
   * store could not answer about stays (and the first such error is thrown once every entry was tried).
   */
  async abortJournaledUploads(journalDir: string): Promise<number> {
    let aborted = 0;
    let retry: unknown = null;
    for (const name of await readdir(journalDir).catch(() => [] as string[])) {
      const file = path.join(journalDir, name);
      const entry = await readFile(file, "utf8")
        .then((text) => JSON.parse(text) as { key: string; uploadId: string })
        .catch(() => null); // half written when its process died: nothing the store could be asked
      if (entry) {
        try {
          await this.client.send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: entry.key,
              UploadId: entry.uploadId,
            }),
          );
          aborted += 1;
        } catch (error) {
          // completed or aborted already, or a store that cannot abort at all (asking again would not help);
          // anything else (the store unreachable) is kept and asked again at the next sweep
          if (!CANNOT_ABORT.has((error as Error).name)) {
            retry ??= error;
            continue;
          }
        }
      }
      await rm(file, { force: true });
    }
    if (retry) throw retry;
    return aborted;
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error as Error).name === "NotFound") return null;
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertSafeKey(key);
    const result = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return result.Body as Readable;
  }

  async localCopy(key: string, scratchDir: string): Promise<{ path: string; release(): Promise<void> }> {
    await mkdir(scratchDir, { recursive: true });
    const file = path.join(scratchDir, `${randomUUID()}${path.extname(key)}`);
    await pipeline(await this.read(key), createWriteStream(file));
    return { path: file, release: () => unlink(file).catch(() => {}) };
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafeKey(prefix.replace(/\/$/, ""));
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (keys.length > 0) {
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys } }));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async listFolders(prefix: string): Promise<{ name: string; modifiedAt: Date }[]> {
    assertSafeKey(prefix.replace(/\/$/, ""));
    const newest = new Map<string, Date>();
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key!.slice(prefix.length).split("/")[0]!;
        if (!object.Key!.slice(prefix.length).includes("/")) continue; // a file, not a folder
        const at = object.LastModified ?? new Date(0);
        if (!newest.has(name) || newest.get(name)! < at) newest.set(name, at);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return [...newest].map(([name, modifiedAt]) => ({ name, modifiedAt }));
  }

  async listKeys(prefix: string): Promise<string[]> {
    assertSafeKey(prefix.replace(/\/$/, ""));
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) keys.push(object.Key!);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async abortStaleUploads(before: Date): Promise<number> {
    let aborted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Initiated || upload.Initiated >= before) continue;
          await this.client.send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          );
          aborted += 1;
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
    } catch (error) {
      // Some S3-compatible stores (and the test stand-in) do not list uploads: nothing to sweep there.
      if ((error as Error).name !== "NotImplemented") throw error;
    }
    return aborted;
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}
