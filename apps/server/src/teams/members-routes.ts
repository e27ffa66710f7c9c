import { type MemberList, memberRoleBody, type Role } from "@dubbing/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { currentUser, currentWorkspace, member } from "../auth/access.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { parseBody } from "../http/validate.ts";
import { isPersonal, memberRole, membersOf, removeMember, setMemberRole } from "../workspaces/members.ts";
import { memberChangeRefusal } from "./member-rules.ts";

type Params = { Params: { id: string; userId: string } };

const notMember = () => new AppError("not_found", "This person is not a member of the workspace.");

/** A workspace's members: who they are, their roles, and removing them (or leaving). */
export function memberRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  app.get<{ Params: { id: string } }>(
    "/api/workspaces/:id/members",
    member("view", "workspace"),
    async (request): Promise<MemberList> => ({ members: await membersOf(db, currentWorkspace(request).id) }),
  );

  /** The target member's role, after checking the caller may give them `next` (undefined: remove). */
  async function checkChange(request: FastifyRequest<Params>, next?: Role) {
    const workspace = currentWorkspace(request);
    const target = await memberRole(db, workspace.id, request.params.userId);
    if (!target) throw notMember();
    const refusal = memberChangeRefusal(
      { id: currentUser(request).id, role: workspace.role },
      { id: request.params.userId, role: target },
      next,
    );
    if (refusal) throw new AppError("forbidden", refusal);
    return workspace;
  }

  app.put<Params>("/api/workspaces/:id/members/:userId", member("members", "workspace"), async (request) => {
    const { role } = parseBody(memberRoleBody, request.body);
    const workspace = await checkChange(request, role);
    if (role === "owner" && (await isPersonal(db, workspace.id)))
      throw new AppError("conflict", "A personal workspace stays its account's: it cannot be handed over.");
    await setMemberRole(db, workspace.id, request.params.userId, role);
    return { members: await membersOf(db, workspace.id) };
  });

  // any member may leave; removing someone else takes an admin (the rules say which)
  app.delete<Params>(
    "/api/workspaces/:id/members/:userId",
    member("view", "workspace"),
    async (request, reply) => {
      const workspace = await checkChange(request);
      await removeMember(db, workspace.id, request.params.userId);
      return reply.code(204).send();
    },
  );
}
