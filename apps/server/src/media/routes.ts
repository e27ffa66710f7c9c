import type { FastifyInstance } from "fastify";
import { errorBody } from "../errors.ts";
import type { Storage } from "../storage/index.ts";
import type { Located, Resource } from "../workspaces/access.ts";
import { mediaOwner } from "./owner.ts";
import { sendStored } from "./send.ts";
import { verifyMediaSignature } from "./signing.ts";

/** The caller's role where a resource lives (workspaces/role-cache.ts: from memory in embedded mode). */
interface Roles {
  locate(resource: Resource, id: string, userId: string): Promise<Located | null>;
}

/**
 * GET /media/{key}?exp=[&download=][&u=]&sig=: files from storage with HTTP Range support, behind expiring
 * signatures that cover the download name too. A link bound to a user (`u`, handed out in a signed-in
 * answer) works only while that user is still a member of the workspace of the project or storyboard the
 * file belongs to: a removed member's links stop at once, not at their expiry.
 */
export function mediaRoutes(app: FastifyInstance, deps: { storage: Storage; secret: string; roles: Roles }) {
  app.get<{
    Params: { "*": string };
    Querystring: { exp?: string; sig?: string; download?: string; u?: string };
  }>("/media/*", async (request, reply) => {
    const key = request.params["*"];
    const { exp, sig, download, u } = request.query;
    if (
      !verifyMediaSignature(deps.secret, { key, exp, sig, download, user: u }, Date.now()) ||
      (u !== undefined && !(await stillMember(deps.roles, key, u)))
    ) {
      return reply.code(403).send(errorBody("forbidden", "This media link is invalid or has expired."));
    }
    return sendStored(request, reply, {
      storage: deps.storage,
      key,
      cacheControl: "private, max-age=3600",
      download,
    });
  });
}

/** Whether the user a link was signed for may still see the file's project or storyboard. */
async function stillMember(roles: Roles, key: string, userId: string): Promise<boolean> {
  const owner = mediaOwner(key);
  if (owner === null) return true;
  const found = await roles.locate(owner.resource, owner.id, userId);
  return Boolean(found?.role);
}
