import type { FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "../errors.ts";
import type { Storage } from "../storage/index.ts";
import { contentTypeOf } from "./content-type.ts";
import { attachmentDisposition } from "./file-names.ts";
import { parseRange } from "./range.ts";

/** Sends a stored file with HTTP Range support (206 / 416) and the given cache policy. */
export interface StoredFile {
  storage: Storage;
  key: string;
  cacheControl: string;
  /** The name the file is saved under (Content-Disposition: attachment); none: shown inline. */
  download?: string;
}

export async function sendStored(request: FastifyRequest, reply: FastifyReply, opts: StoredFile) {
  const { storage, key } = opts;
  const info = await storage.stat(key);
  if (!info) return reply.code(404).send(errorBody("not_found", "This file does not exist."));
  const range = parseRange(request.headers.range, info.size);
  reply.header("Accept-Ranges", "bytes");
  if (range === "unsatisfiable") {
    reply.header("Content-Range", `bytes */${info.size}`);
    return reply
      .code(416)
      .send(errorBody("range_not_satisfiable", "The requested range is outside the file."));
  }
  reply.header("Content-Type", contentTypeOf(key));
  reply.header("Cache-Control", opts.cacheControl);
  if (opts.download) {
    reply.header("Content-Disposition", attachmentDisposition(opts.download));
  }
  if (range) {
    reply.code(206);
    reply.header("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
    reply.header("Content-Length", range.end - range.start + 1);
    return reply.send(await storage.read(key, range));
  }
  reply.header("Content-Length", info.size);
  return reply.send(await storage.read(key));
}
