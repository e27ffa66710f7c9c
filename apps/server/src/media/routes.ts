import type { FastifyInstance } from "fastify";
import { errorBody } from "../errors.ts";
import type { Storage } from "../storage/index.ts";
import { contentTypeOf } from "./content-type.ts";
import { parseRange } from "./range.ts";
import { verifyMediaSignature } from "./signing.ts";

/** GET /media/{key}?exp=&sig=: files from storage with HTTP Range support, behind expiring signatures. */
export function mediaRoutes(app: FastifyInstance, deps: { storage: Storage; secret: string }) {
  app.get<{ Params: { "*": string }; Querystring: { exp?: string; sig?: string; download?: string } }>(
    "/media/*",
    async (request, reply) => {
      const key = request.params["*"];
      const { exp, sig, download } = request.query;
      if (!verifyMediaSignature(deps.secret, key, exp, sig, Date.now())) {
        return reply.code(403).send(errorBody("forbidden", "This media link is invalid or has expired."));
      }
      const info = await deps.storage.stat(key);
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
      reply.header("Cache-Control", "private, max-age=3600");
      if (download)
        reply.header("Content-Disposition", `attachment; filename="${download.replace(/[^\w.-]/g, "_")}"`);
      if (range) {
        reply.code(206);
        reply.header("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
        reply.header("Content-Length", range.end - range.start + 1);
        return reply.send(await deps.storage.read(key, range));
      }
      reply.header("Content-Length", info.size);
      return reply.send(await deps.storage.read(key));
    },
  );
}
