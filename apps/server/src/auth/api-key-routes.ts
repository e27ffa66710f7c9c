import { createApiKeySchema } from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { parseBody } from "../http/validate.ts";
import { currentUser, currentWorkspace, member, SESSION_ONLY } from "./access.ts";
import type { ApiKeyService } from "./api-keys.ts";

/** The Account page's API keys. Session only: a key can neither list, make nor revoke keys. */
export function apiKeyRoutes(app: FastifyInstance, deps: { keys: ApiKeyService }) {
  const { keys } = deps;

  app.get("/api/account/keys", SESSION_ONLY, async (request) => ({
    keys: await keys.list(currentUser(request).id),
  }));

  // a key of the workspace of `?workspaceId=` (the personal one by default), which it alone can reach
  app.post("/api/account/keys", member("integrations", "query", "session-only"), async (request, reply) => {
    const input = parseBody(createApiKeySchema, request.body);
    const created = await keys.create(currentUser(request).id, {
      name: input.name,
      scope: input.scope,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      workspaceId: currentWorkspace(request).id,
    });
    reply.header("cache-control", "no-store");
    return reply.code(201).send(created);
  });

  app.delete<{ Params: { id: string } }>("/api/account/keys/:id", SESSION_ONLY, async (request, reply) => {
    await keys.revoke(currentUser(request).id, request.params.id);
    return reply.code(204).send();
  });
}
