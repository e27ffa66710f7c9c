import { glossaryBody } from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { currentUser, SIGNED_IN } from "../auth/access.ts";
import { parseBody } from "../http/validate.ts";
import type { GlossaryService } from "./service.ts";

/** A project's glossary and the account-wide defaults: `{"glossary": [{term, keep?, translations?}]}`. */
export function glossaryRoutes(app: FastifyInstance, deps: { glossaries: GlossaryService }) {
  const { glossaries } = deps;
  type Params = { Params: { id: string } };

  app.get<Params>("/api/video/:id/glossary", SIGNED_IN, async (request) =>
    glossaries.ofProject(currentUser(request).id, request.params.id),
  );

  app.put<Params>("/api/video/:id/glossary", SIGNED_IN, async (request) => {
    const { glossary } = parseBody(glossaryBody, request.body);
    return glossaries.saveProject(currentUser(request).id, request.params.id, glossary);
  });

  app.get("/api/account/glossary", SIGNED_IN, async (request) =>
    glossaries.ofAccount(currentUser(request).id),
  );

  app.put("/api/account/glossary", SIGNED_IN, async (request) => {
    const { glossary } = parseBody(glossaryBody, request.body);
    return glossaries.saveAccount(currentUser(request).id, glossary);
  });
}
