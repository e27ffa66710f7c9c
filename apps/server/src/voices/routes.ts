import { createMyVoiceSchema, renameMyVoiceSchema } from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { currentUser, currentWorkspace, member } from "../auth/access.ts";
import { parseBody } from "../http/validate.ts";
import type { MyVoiceService } from "./my-voices.ts";

/**
 * My voices: list, save a speaker's voice, rename, delete, and the ones a project's speakers sound like.
 * A voice or project of a workspace the caller is not in is a 404.
 */
export function myVoiceRoutes(app: FastifyInstance, deps: { myVoices: MyVoiceService }) {
  const { myVoices } = deps;

  app.get("/api/voices/mine", member("view", "query"), async (request) => ({
    voices: await myVoices.list(currentWorkspace(request).id),
  }));

  app.post("/api/voices/mine", member("voices", "query"), async (request, reply) => {
    const input = parseBody(createMyVoiceSchema, request.body);
    return reply
      .code(201)
      .send(await myVoices.saveFromSpeaker(currentUser(request).id, currentWorkspace(request).id, input));
  });

  app.get<{ Params: { id: string } }>(
    "/api/video/:id/voices-heard-before",
    member("view", "project"),
    async (request) => ({
      offers: await myVoices.heardBefore(currentUser(request).id, request.params.id),
    }),
  );

  app.patch<{ Params: { id: string } }>(
    "/api/voices/mine/:id",
    member("voices", "voice"),
    async (request) => {
      const change = parseBody(renameMyVoiceSchema, request.body);
      return myVoices.update(currentWorkspace(request).id, request.params.id, change);
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/api/voices/mine/:id",
    member("voices", "voice"),
    async (request, reply) => {
      await myVoices.remove(currentWorkspace(request).id, request.params.id);
      return reply.code(204).send();
    },
  );
}
