import {
  adminAuditQuerySchema,
  adminDeleteUserSchema,
  adminInviteSchema,
  adminJobQuerySchema,
  adminSetPlanSchema,
  adminUserQuerySchema,
  identityAuditQuerySchema,
} from "@dubbing/contract";
import type { EngineRegistry } from "@dubbing/dubbing";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { ADMIN, currentUser } from "../auth/access.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { parseBody } from "../http/validate.ts";
import { listActions, listIdentityAudit, type Operator } from "./audit.ts";
import type { AdminInvites } from "./invites.ts";
import type { AdminJobs } from "./jobs.ts";
import { modelsNow } from "./models.ts";
import { enginesNow, storageTotals } from "./overview.ts";
import type { AdminUsers } from "./users.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const sourceQuery = z.object({ source: z.string().trim().min(2).max(8).default("en") });

/**
 * The operator's console API. Every route is ADMIN (auth/access.ts: an ADMIN_EMAILS session, else 404). An
 * action must also come from the console's own page: its Origin is PUBLIC_URL's (or an ALLOWED_ORIGINS
 * one, the development server's; a browser always sends Origin on a POST or DELETE), so a page on a
 * sibling subdomain — same-site, which SameSite=Lax lets through — cannot act with an admin's cookie.
 */
export function adminRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    users: AdminUsers;
    invites: AdminInvites;
    jobs: AdminJobs;
    registry: EngineRegistry;
    /** Where the server's models are installed (MODELS_DIR, else DATA_DIR/models). */
    modelsDir: string | undefined;
    storageBackend: "local" | "s3";
    publicUrl: string;
    /** ALLOWED_ORIGINS: the web app's development server. */
    extraOrigins: string[];
    /** A suspended account's progress streams close at once in this process. */
    onSuspended?: (userId: string) => void;
  },
) {
  const origins = new Set([new URL(deps.publicUrl).origin, ...deps.extraOrigins]);
  app.register(async (scope) => {
    scope.addHook("preHandler", async (request) => {
      if (!SAFE_METHODS.has(request.method) && !origins.has(request.headers.origin ?? ""))
        throw new AppError("forbidden", "Console actions are accepted only from the console's own page.");
    });
    const operator = (request: FastifyRequest): Operator => {
      const user = currentUser(request);
      return { id: user.id, email: user.email };
    };
    const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

    scope.get("/api/admin/me", ADMIN, async (request) => ({ email: currentUser(request).email }));

    scope.get("/api/admin/users", ADMIN, async (request) =>
      deps.users.list(parseBody(adminUserQuerySchema, request.query)),
    );
    scope.post("/api/admin/users/:id/suspend", ADMIN, async (request, reply) => {
      await deps.users.suspend(operator(request), idOf(request));
      deps.onSuspended?.(idOf(request));
      return reply.code(204).send();
    });
    scope.post("/api/admin/users/:id/resume", ADMIN, async (request, reply) => {
      await deps.users.resume(operator(request), idOf(request));
      return reply.code(204).send();
    });
    scope.put("/api/admin/users/:id/plan", ADMIN, async (request, reply) => {
      const { plan } = parseBody(adminSetPlanSchema, request.body);
      await deps.users.setPlan(operator(request), idOf(request), plan);
      return reply.code(204).send();
    });
    scope.post("/api/admin/invites", ADMIN, async (request, reply) => {
      await deps.invites.invite(operator(request), parseBody(adminInviteSchema, request.body));
      return reply.code(204).send();
    });
    scope.delete("/api/admin/users/:id", ADMIN, async (request, reply) => {
      const { email } = parseBody(adminDeleteUserSchema, request.body);
      await deps.users.delete(operator(request), idOf(request), email);
      deps.onSuspended?.(idOf(request));
      return reply.code(204).send();
    });

    scope.get("/api/admin/jobs", ADMIN, async (request) =>
      deps.jobs.list(parseBody(adminJobQuerySchema, request.query)),
    );
    scope.post("/api/admin/jobs/:id/retry", ADMIN, async (request, reply) =>
      reply.code(202).send({ job: await deps.jobs.retry(operator(request), idOf(request)) }),
    );
    scope.post("/api/admin/jobs/:id/cancel", ADMIN, async (request) => ({
      job: await deps.jobs.cancel(operator(request), idOf(request)),
    }));

    scope.get("/api/admin/engines", ADMIN, async (request) =>
      enginesNow(deps.registry, parseBody(sourceQuery, request.query).source),
    );
    scope.get("/api/admin/models", ADMIN, async () => modelsNow(deps.modelsDir));
    scope.get("/api/admin/storage", ADMIN, async () => storageTotals(deps.db, deps.storageBackend));
    scope.get("/api/admin/identity-audit", ADMIN, async (request) =>
      listIdentityAudit(deps.db, parseBody(identityAuditQuerySchema, request.query)),
    );
    scope.get("/api/admin/audit", ADMIN, async (request) =>
      listActions(deps.db, parseBody(adminAuditQuerySchema, request.query)),
    );
  });
}
