import { acceptInviteBody, type Invite, type InviteList, inviteBody } from "@dubbing/contract";
import type { Mailer } from "@dubbing/identity-server";
import type { FastifyInstance } from "fastify";
import { currentUser, currentWorkspace, member, PUBLIC, SESSION_ONLY } from "../auth/access.ts";
import type { Db } from "../db/client.ts";
import { parseBody } from "../http/validate.ts";
import {
  acceptInvite,
  createInvite,
  INVITE_DAYS,
  pendingInvites,
  previewInvite,
  revokeInvite,
} from "../workspaces/invites.ts";
import { inviteMail } from "./invite-mail.ts";

/**
 * Invitations by email: an admin invites an address with a role; the link works once, for the address it
 * was sent to, until it expires or is revoked. The answer to an invitation is the same whether the address
 * has an account or not (the email is sent either way), so nobody learns who has one.
 */
export function inviteRoutes(app: FastifyInstance, deps: { db: Db; mailer: Mailer; publicUrl: string }) {
  const { db } = deps;
  type Params = { Params: { id: string } };

  app.get<Params>(
    "/api/workspaces/:id/invites",
    member("members", "workspace"),
    async (request): Promise<InviteList> => ({
      invites: await pendingInvites(db, currentWorkspace(request).id),
    }),
  );

  app.post<Params>("/api/workspaces/:id/invites", member("members", "workspace"), async (request, reply) => {
    const { email, role } = parseBody(inviteBody, request.body);
    const inviter = currentUser(request);
    const made = await createInvite(db, {
      workspaceId: currentWorkspace(request).id,
      email,
      role,
      invitedBy: inviter.id,
    });
    const link = `${deps.publicUrl.replace(/\/$/, "")}/invite/${made.token}`;
    await deps.mailer.send({
      to: made.invite.email,
      ...inviteMail({ inviter: inviter.email, workspace: made.workspaceName, role, link, days: INVITE_DAYS }),
    });
    reply.header("cache-control", "no-store");
    return reply.code(201).send(made.invite satisfies Invite);
  });

  app.delete<{ Params: { id: string; inviteId: string } }>(
    "/api/workspaces/:id/invites/:inviteId",
    member("members", "workspace"),
    async (request, reply) => {
      await revokeInvite(db, currentWorkspace(request).id, request.params.inviteId);
      return reply.code(204).send();
    },
  );

  // before signing in: the sign-in page names the workspace the link invites to (the token is the link's
  // 256 random bits, so only who got the email can ask; a used or unknown one is the same 404)
  app.get<{ Params: { token: string } }>("/api/invites/:token", PUBLIC, async (request) =>
    previewInvite(db, request.params.token.slice(0, 200)),
  );

  // a session only: the link is the invitee's, opened in their browser
  app.post("/api/invites/accept", SESSION_ONLY, async (request) => {
    const { token } = parseBody(acceptInviteBody, request.body);
    return { workspaceId: await acceptInvite(db, token, currentUser(request)) };
  });
}
