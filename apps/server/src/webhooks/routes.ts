import { createWebhookSchema, updateWebhookSchema } from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { currentUser, SIGNED_IN } from "../auth/access.ts";
import { parseBody } from "../http/validate.ts";
import type { WebhookService } from "./service.ts";

type Params = { Params: { id: string } };

/** Webhook endpoints, their delivery logs and test events: with a session or an API key. */
export function webhookRoutes(app: FastifyInstance, deps: { webhooks: WebhookService }) {
  const { webhooks } = deps;

  app.get("/api/webhooks", SIGNED_IN, async (request) => ({
    endpoints: await webhooks.list(currentUser(request).id),
  }));

  app.post("/api/webhooks", SIGNED_IN, async (request, reply) => {
    const input = parseBody(createWebhookSchema, request.body);
    return reply.code(201).send(await webhooks.create(currentUser(request).id, input));
  });

  app.patch<Params>("/api/webhooks/:id", SIGNED_IN, async (request) =>
    webhooks.update(currentUser(request).id, request.params.id, parseBody(updateWebhookSchema, request.body)),
  );

  // A read key only GETs (auth/access.ts): a secret is never shown to one.
  app.post<Params>("/api/webhooks/:id/secret", SIGNED_IN, async (request) =>
    webhooks.rotateSecret(currentUser(request).id, request.params.id),
  );

  app.delete<Params>("/api/webhooks/:id", SIGNED_IN, async (request, reply) => {
    await webhooks.remove(currentUser(request).id, request.params.id);
    return reply.code(204).send();
  });

  app.get<Params>("/api/webhooks/:id/deliveries", SIGNED_IN, async (request) => ({
    deliveries: await webhooks.deliveries(currentUser(request).id, request.params.id),
  }));

  app.post<Params>("/api/webhooks/:id/test", SIGNED_IN, async (request, reply) =>
    reply.code(202).send(await webhooks.sendTest(currentUser(request).id, request.params.id)),
  );
}
