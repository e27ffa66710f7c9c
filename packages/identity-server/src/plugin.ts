import type { FastifyInstance } from "fastify";
import { type Ctx, createContext } from "./context.ts";
import { backendRegistrar, registerCoreBackendRoutes } from "./http/backend-routes.ts";
import { errorPayload, installCors, installJsonParser, requestId } from "./http/plumbing.ts";
import { registerCoreSdkRoutes, sdkRegistrar } from "./http/sdk-routes.ts";
import type { IdentityServerOptions } from "./options.ts";

const contexts = new WeakMap<FastifyInstance, Ctx>();

/**
 * The identity provider as a Fastify plugin. Register it without a prefix: it serves `/sdk/v1/*`
 * (browser SDK API) and `/v1/*` (backend API and the OAuth browser redirects).
 * Run `migrateIdentity(db)` before the server starts.
 */
export async function identityServer(app: FastifyInstance, opts: IdentityServerOptions): Promise<void> {
  validateOptions(opts);
  const ctx = createContext(opts);
  contexts.set(app, ctx);
  installJsonParser(app);
  // Failures before a handler runs (bad JSON, body too large) answer in the same error shape.
  app.setErrorHandler((err, req, reply) => {
    const { status, body } = errorPayload(ctx, err, requestId(ctx));
    if (status >= 500) req.log.error({ err }, "identity server error");
    return reply.code(status).send(body);
  });
  installCors(app, ctx, "/sdk/v1");
  const sdk = sdkRegistrar(app, ctx);
  const backend = backendRegistrar(app, ctx);
  registerCoreSdkRoutes(app, ctx, sdk);
  registerCoreBackendRoutes(app, ctx, backend);
}

function validateOptions(opts: IdentityServerOptions): void {
  const problems: string[] = [];
  try {
    new URL(opts.publicUrl);
  } catch {
    problems.push("publicUrl must be an absolute URL");
  }
  const p = opts.project;
  if (!p?.projectId) problems.push("project.projectId is required");
  if (!p?.publicToken?.startsWith("public-token-"))
    problems.push("project.publicToken must start with public-token-");
  if (!p?.secret || p.secret.length < 16) problems.push("project.secret must be at least 16 characters");
  for (const u of p?.redirectUrls ?? []) {
    try {
      new URL(u);
    } catch {
      problems.push(`redirect URL is not absolute: ${u}`);
    }
  }
  if (problems.length) throw new Error(`identityServer options: ${problems.join("; ")}`);
}
