import { createWebhookSchema, updateWebhookSchema } from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { currentUser, currentWorkspace, member } from "../auth/access.ts";
import { parseBody } from "../http/validate.ts";
import type { WebhookService } from "./service.ts";

type Params = { Params: { id: string } };

/** Webhook endpoints, their delivery logs and test events: with a session or an API key. */
export function webhookRoutes(app: FastifyInstance, deps: { webhooks: WebhookService }) {
  const { webhooks } = deps;

  app.get("/api/webhooks", member("integrations", "query"), async (request) => ({
    endpoints: await webhooks.list(currentWorkspace(request).id),
  }));

  app.post("/api/webhooks", member("integrations", "query"), async (request, reply) => {
    const input = parseBody(createWebhookSchema, request.body);
    return reply
      .code(201)
      .send(await webhooks.create(currentUser(request).id, currentWorkspace(request).id, input));
  });

  app.patch<Params>("/api/webhooks/:id", member("integrations", "webhook"), async (request) =>
    webhooks.update(
      currentWorkspace(request).id,
      request.params.id,
      parseBody(updateWebhookSchema, request.body),
    ),
  );

  // A read key only GETs (auth/access.ts): a secret is never shown to one.
  app.post<Params>("/api/webhooks/:id/secret", member("integrations", "webhook"), async (request) =>
    webhooks.rotateSecret(currentWorkspace(request).id, request.params.id),
  );

  app.delete<Params>("/api/webhooks/:id", member("integrations", "webhook"), async (request, reply) => {
    await webhooks.remove(currentWorkspace(request).id, request.params.id);
    return reply.code(204).send();
  });

  app.get<Params>("/api/webhooks/:id/deliveries", member("integrations", "webhook"), async (request) => ({
    deliveries: await webhooks.deliveries(currentWorkspace(request).id, request.params.id),
  }));

  app.post<Params>("/api/webhooks/:id/test", member("integrations", "webhook"), async (request, reply) =>
    reply.code(202).send(await webhooks.sendTest(currentWorkspace(request).id, request.params.id)),
  );
}
