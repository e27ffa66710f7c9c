import { type Account, deleteAccountBody, type ExportAnswer, type ExportEstimate } from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { currentUser, SESSION_ONLY, SIGNED_IN } from "../auth/access.ts";
import { SESSION_COOKIE } from "../auth/sessions.ts";
import { parseBody } from "../http/validate.ts";
import type { AccountService } from "./service.ts";

export function accountRoutes(
  app: FastifyInstance,
  deps: { account: AccountService; onDeleted?: (userId: string) => void },
) {
  const { account } = deps;

  app.get(
    "/api/account",
    SIGNED_IN,
    async (request): Promise<Account> => account.overview(currentUser(request)),
  );

  app.get(
    "/api/account/export/estimate",
    SIGNED_IN,
    async (request): Promise<ExportEstimate> => account.exportEstimate(currentUser(request).id),
  );

  app.get(
    "/api/account/export",
    SIGNED_IN,
    async (request): Promise<ExportAnswer> => ({
      export: await account.latestExport(currentUser(request).id),
    }),
  );

  app.post("/api/account/export", SIGNED_IN, async (request, reply) => {
    const started = await account.startExport(currentUser(request).id);
    return reply.code(started.started ? 202 : 200).send({ export: started.export });
  });

  app.delete("/api/account", SESSION_ONLY, async (request, reply) => {
    const { email } = parseBody(deleteAccountBody, request.body);
    const user = currentUser(request);
    await account.deleteAccount(user, email);
    deps.onDeleted?.(user.id);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.code(204).send();
  });
}
