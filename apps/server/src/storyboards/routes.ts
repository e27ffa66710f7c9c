import type { FastifyInstance } from "fastify";
import { currentUser, currentWorkspace, member, SIGNED_IN } from "../auth/access.ts";
import { AppError } from "../errors.ts";
import { parseBody } from "../http/validate.ts";
import { sendStored } from "../media/send.ts";
import { OFFLINE_PATH, type OfflineImageLibrary } from "./images.ts";
import { createStoryboardBody, generateBody, searchQuery, updateStoryboardBody } from "./schemas.ts";
import type { StoryboardService } from "./service.ts";

export function storyboardRoutes(
  app: FastifyInstance,
  deps: { storyboards: StoryboardService; offline: OfflineImageLibrary },
) {
  const { storyboards } = deps;

  app.post("/api/storyboard", member("storyboard", "query"), async (request, reply) => {
    const { title, transcript } = parseBody(createStoryboardBody, request.body);
    return reply
      .code(201)
      .send(
        await storyboards.create(currentUser(request).id, title, transcript, currentWorkspace(request).id),
      );
  });

  app.get("/api/storyboard", member("view", "query"), async (request) =>
    storyboards.list(currentUser(request).id, currentWorkspace(request).id),
  );

  app.get<{ Querystring: { query?: string } }>(
    "/api/storyboard/images/search",
    member("storyboard", "query"),
    async (request) => {
      const parsed = searchQuery.safeParse(request.query.query ?? "");
      if (!parsed.success) throw new AppError("query_required", parsed.error.issues[0]!.message);
      return storyboards.searchImages(currentWorkspace(request).id, parsed.data);
    },
  );

  // The service's own illustrations: only those a metered search handed out (signed URLs); rendered on
  // first request in the library's queue, then served from storage (immutable).
  app.get<{ Params: { file: string }; Querystring: { q?: string; sig?: string } }>(
    "/api/storyboard/images/offline/:file",
    SIGNED_IN,
    async (request, reply) => {
      const { q = "", sig = "" } = request.query;
      const wanted = deps.offline.verified(
        `${OFFLINE_PATH}${request.params.file}?${new URLSearchParams({ q, sig })}`,
      );
      if (!wanted) throw new AppError("not_found", "There is no such image.");
      const key = await deps.offline.ensure(wanted.variant, wanted.query);
      return sendStored(request, reply, {
        storage: deps.offline.storage,
        key,
        cacheControl: "private, max-age=31536000, immutable",
      });
    },
  );

  app.get<{ Params: { id: string } }>("/api/storyboard/:id", member("view", "storyboard"), async (request) =>
    storyboards.get(currentUser(request).id, request.params.id),
  );

  app.put<{ Params: { id: string } }>(
    "/api/storyboard/:id",
    member("storyboard", "storyboard"),
    async (request) => {
      const change = parseBody(updateStoryboardBody, request.body);
      return storyboards.update(currentUser(request).id, request.params.id, change);
    },
  );

  app.post<{ Params: { id: string } }>(
    "/api/storyboard/:id/generate-video",
    member("storyboard", "storyboard"),
    async (request, reply) => {
      const opts = parseBody(generateBody, request.body ?? undefined);
      const result = await storyboards.generate(currentUser(request).id, request.params.id, opts);
      return reply.code(202).send(result);
    },
  );
}
