// The integration suites' S3 server: s3rver, taught the two multipart calls it lacks and the service
// uses — ListMultipartUploads (GET /bucket?uploads) and AbortMultipartUpload (DELETE /bucket/key?uploadId)
// — on its own store (an unfinished upload is the folder <bucket>/._S3rver_uploads/<uploadId>).
import { readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import S3rver from "s3rver";

interface Context {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: unknown;
}

export interface S3Server {
  port: number;
  close(): Promise<void>;
}

/** Every unfinished multipart upload in `bucket`: its key, id and start. */
export async function unfinishedUploads(
  directory: string,
  bucket: string,
): Promise<{ key: string; uploadId: string; initiated: Date }[]> {
  const root = path.join(directory, bucket, "._S3rver_uploads");
  const ids = await readdir(root).catch(() => [] as string[]);
  return Promise.all(
    ids.map(async (uploadId) => ({
      key: await readFile(path.join(root, uploadId, "key"), "utf8"),
      uploadId,
      initiated: (await stat(path.join(root, uploadId))).birthtime,
    })),
  );
}

export async function startS3Server(opts: {
  port: number;
  directory: string;
  /** While `until` is set, every UploadPart waits for it: a test catches an upload half-way. */
  holdParts?: { until: Promise<void> | null };
}): Promise<S3Server> {
  const server = new S3rver({
    port: opts.port,
    address: "127.0.0.1",
    silent: true,
    directory: opts.directory,
  });
  const multipart = async (ctx: Context, next: () => Promise<void>) => {
    const [bucket, ...key] = ctx.path.slice(1).split("/").map(decodeURIComponent);
    if (ctx.method === "GET" && key.length === 0 && "uploads" in ctx.query && bucket) {
      const uploads = await unfinishedUploads(opts.directory, bucket);
      ctx.type = "application/xml";
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>
<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads
        .map(
          (u) =>
            `<Upload><Key>${escapeXml(u.key)}</Key><UploadId>${u.uploadId}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
        )
        .join("")}</ListMultipartUploadsResult>`;
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (ctx.method === "DELETE" && bucket && key.length > 0 && uploadId && /^[0-9a-f]+$/.test(uploadId)) {
      const folder = path.join(opts.directory, bucket, "._S3rver_uploads", uploadId);
      if (!(await stat(folder).catch(() => null))) {
        ctx.status = 404;
        ctx.type = "application/xml";
        ctx.body = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
        return;
      }
      await rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === "PUT" && ctx.query.partNumber && opts.holdParts?.until) await opts.holdParts.until;
    await next();
  };
  // before s3rver's own routes, which answer these two as not implemented
  (server as unknown as { middleware: unknown[] }).middleware.unshift(multipart);
  const { port } = await server.run();
  return { port, close: () => server.close() };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
