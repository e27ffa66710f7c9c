import type { FastifyInstance } from "fastify";
import { errorBody } from "../errors.ts";
import type { Storage } from "../storage/index.ts";
import { sendStored } from "./send.ts";
import { verifyMediaSignature } from "./signing.ts";

/**
 * GET /media/{key}?exp=[&download=]&sig=: files from storage with HTTP Range support, behind expiring
 * signatures that cover the download name too.
 */
export function mediaRoutes(app: FastifyInstance, deps: { storage: Storage; secret: string }) {
  app.get<{ Params: { "*": string }; Querystring: { exp?: string; sig?: string; download?: string } }>(
    "/media/*",
    async (request, reply) => {
      const key = request.params["*"];
      const { exp, sig, download } = request.query;
      if (!verifyMediaSignature(deps.secret, key, exp, sig, Date.now(), download)) {
        return reply.code(403).send(errorBody("forbidden", "This media link is invalid or has expired."));
      }
      return sendStored(request, reply, deps.storage, key, {
        cacheControl: "private, max-age=3600",
        download,
      });
    },
  );
}
