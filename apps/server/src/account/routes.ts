import { type Account, deleteAccountBody, type ExportAnswer, type ExportEstimate } from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { currentUser, SESSION_ONLY } from "../auth/access.ts";
import { SESSION_COOKIE } from "../auth/sessions.ts";
import { parseBody } from "../http/validate.ts";
import type { AccountService } from "./service.ts";

export function accountRoutes(
  app: FastifyInstance,
  deps: { account: AccountService; onDeleted?: (userId: string) => void },
) {
  const { account } = deps;

  // The account as a whole (its address, sign-in methods, every workspace it owns): the holder's, signed in.
  // An API key acts in the one workspace it was made for, so it is refused here (403), as on billing.
  app.get(
    "/api/account",
    SESSION_ONLY,
    async (request): Promise<Account> => account.overview(currentUser(request)),
  );

  app.get(
    "/api/account/export/estimate",
    SESSION_ONLY,
    async (request): Promise<ExportEstimate> => account.exportEstimate(currentUser(request).id),
  );

  app.get(
    "/api/account/export",
    SESSION_ONLY,
    async (request): Promise<ExportAnswer> => ({
      export: await account.latestExport(currentUser(request).id),
    }),
  );

  app.post("/api/account/export", SESSION_ONLY, async (request, reply) => {
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
