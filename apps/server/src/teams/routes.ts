import {
  createWorkspaceBody,
  type Workspace,
  type WorkspaceList,
  workspaceSettingsBody,
} from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { currentUser, currentWorkspace, member, SESSION_ONLY, SIGNED_IN } from "../auth/access.ts";
import type { Db } from "../db/client.ts";
import type { DeletionService } from "../deletion/service.ts";
import { parseBody } from "../http/validate.ts";
import { createWorkspace, updateWorkspace, workspacesOf } from "../workspaces/repository.ts";

/** The caller's workspaces: the personal one and those shared with them, making and deleting one. */
export function workspaceRoutes(app: FastifyInstance, deps: { db: Db; deletion: DeletionService }) {
  // an API key sees only the workspace it acts in
  app.get("/api/workspaces", SIGNED_IN, async (request): Promise<WorkspaceList> => {
    const user = currentUser(request);
    const all = await workspacesOf(deps.db, user.id);
    return { workspaces: user.keyWorkspaceId ? all.filter((w) => w.id === user.keyWorkspaceId) : all };
  });

  // its name, and whether only approved translations are dubbed
  app.put<{ Params: { id: string } }>(
    "/api/workspaces/:id",
    member("settings", "workspace"),
    async (request) => {
      const change = parseBody(workspaceSettingsBody, request.body);
      const workspace = currentWorkspace(request);
      return updateWorkspace(deps.db, workspace.id, workspace.role, change);
    },
  );

  // with everything in it: its owner, signed in (not a key); a personal workspace goes with its account
  app.delete<{ Params: { id: string } }>(
    "/api/workspaces/:id",
    member("deleteWorkspace", "workspace", "session-only"),
    async (request, reply) => {
      await deps.deletion.deleteWorkspace(currentWorkspace(request).id);
      return reply.code(204).send();
    },
  );

  app.post("/api/workspaces", SESSION_ONLY, async (request, reply): Promise<Workspace> => {
    const { name } = parseBody(createWorkspaceBody, request.body);
    return reply.code(201).send(await createWorkspace(deps.db, currentUser(request).id, name));
  });
}
