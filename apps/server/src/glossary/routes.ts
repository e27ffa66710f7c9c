import { glossaryBody } from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { currentUser, currentWorkspace, member } from "../auth/access.ts";
import { parseBody } from "../http/validate.ts";
import type { GlossaryService } from "./service.ts";

/** A project's glossary and its workspace's defaults (`/api/account/glossary?workspaceId=`): `{"glossary": [{term, keep?, translations?}]}`. */
export function glossaryRoutes(app: FastifyInstance, deps: { glossaries: GlossaryService }) {
  const { glossaries } = deps;
  type Params = { Params: { id: string } };

  app.get<Params>("/api/video/:id/glossary", member("view", "project"), async (request) =>
    glossaries.ofProject(currentUser(request).id, request.params.id),
  );

  app.put<Params>("/api/video/:id/glossary", member("glossary", "project"), async (request) => {
    const { glossary } = parseBody(glossaryBody, request.body);
    return glossaries.saveProject(currentUser(request).id, request.params.id, glossary);
  });

  app.get("/api/account/glossary", member("view", "query"), async (request) =>
    glossaries.ofWorkspace(currentWorkspace(request).id),
  );

  app.put("/api/account/glossary", member("glossary", "query"), async (request) => {
    const { glossary } = parseBody(glossaryBody, request.body);
    return glossaries.saveWorkspace(currentWorkspace(request).id, glossary);
  });
}
