import { createMyVoiceSchema, renameMyVoiceSchema } from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { currentUser, SIGNED_IN } from "../auth/access.ts";
import { parseBody } from "../http/validate.ts";
import type { MyVoiceService } from "./my-voices.ts";

/**
 * My voices: list, save a speaker's voice, rename, delete, and the ones a project's speakers sound like.
 * Another user's voice or project is a 404.
 */
export function myVoiceRoutes(app: FastifyInstance, deps: { myVoices: MyVoiceService }) {
  const { myVoices } = deps;

  app.get("/api/voices/mine", SIGNED_IN, async (request) => ({
    voices: await myVoices.list(currentUser(request).id),
  }));

  app.post("/api/voices/mine", SIGNED_IN, async (request, reply) => {
    const input = parseBody(createMyVoiceSchema, request.body);
    return reply.code(201).send(await myVoices.saveFromSpeaker(currentUser(request).id, input));
  });

  app.get<{ Params: { id: string } }>("/api/video/:id/voices-heard-before", SIGNED_IN, async (request) => ({
    offers: await myVoices.heardBefore(currentUser(request).id, request.params.id),
  }));

  app.patch<{ Params: { id: string } }>("/api/voices/mine/:id", SIGNED_IN, async (request) => {
    const change = parseBody(renameMyVoiceSchema, request.body);
    return myVoices.update(currentUser(request).id, request.params.id, change);
  });

  app.delete<{ Params: { id: string } }>("/api/voices/mine/:id", SIGNED_IN, async (request, reply) => {
    await myVoices.remove(currentUser(request).id, request.params.id);
    return reply.code(204).send();
  });
}
