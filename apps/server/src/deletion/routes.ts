import { renameBody, storyboardRenameBody } from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { currentUser, member } from "../auth/access.ts";
import { parseBody } from "../http/validate.ts";
import { languageParam } from "../projects/languages.ts";
import type { StoryboardService } from "../storyboards/service.ts";
import type { VideoService } from "../videos/service.ts";
import type { DeletionService } from "./service.ts";

type Params = { Params: { id: string } };

/**
 * Renaming and deleting what a user owns. A delete answers 204; the same delete again answers 404 (the
 * record is gone), as does another user's id.
 */
export function ownershipRoutes(
  app: FastifyInstance,
  deps: { deletion: DeletionService; videos: VideoService; storyboards: StoryboardService },
) {
  const { deletion } = deps;

  app.patch<Params>("/api/video/:id", member("edit", "project"), async (request) => {
    const { title } = parseBody(renameBody, request.body);
    return deps.videos.update(currentUser(request).id, request.params.id, { title });
  });

  app.delete<Params>("/api/video/:id", member("delete", "project"), async (request, reply) => {
    await deletion.deleteProject(currentUser(request).id, request.params.id);
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string; language: string } }>(
    "/api/video/:id/translations/:language",
    member("translate", "project"),
    async (request, reply) => {
      const { id } = request.params;
      await deletion.deleteTranslation(currentUser(request).id, id, languageParam(request.params.language));
      return reply.code(204).send();
    },
  );

  app.patch<Params>("/api/storyboard/:id", member("storyboard", "storyboard"), async (request) => {
    const { title } = parseBody(storyboardRenameBody, request.body);
    return deps.storyboards.rename(currentUser(request).id, request.params.id, title);
  });

  app.delete<Params>("/api/storyboard/:id", member("delete", "storyboard"), async (request, reply) => {
    await deletion.deleteStoryboard(currentUser(request).id, request.params.id);
    return reply.code(204).send();
  });
}
