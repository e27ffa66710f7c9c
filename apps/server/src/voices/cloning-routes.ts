import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { cloneVoiceSchema } from "@dubbing/contract";
import { DubError, type EngineRegistry, renderVoiceSample } from "@dubbing/dubbing";
import type { FastifyInstance } from "fastify";
import { currentUser, currentWorkspace, member, SIGNED_IN } from "../auth/access.ts";
import { SAMPLE_LANGUAGES } from "../catalog/flags.ts";
import { AppError } from "../errors.ts";
import { parseBody } from "../http/validate.ts";
import { sendStored } from "../media/send.ts";
import type { Storage } from "../storage/index.ts";
import { myVoiceSampleKey } from "../storage/keys.ts";
import type { VoiceCloningService } from "./cloning.ts";
import type { MyVoiceService } from "./my-voices.ts";

/** Cloning a speaker's voice (with consent), whether it is offered, and previews of cloned voices. */
export function cloningRoutes(
  app: FastifyInstance,
  deps: {
    cloning: VoiceCloningService;
    myVoices: MyVoiceService;
    registry: EngineRegistry;
    storage: Storage;
    tmpDir: string;
  },
) {
  const { cloning, myVoices, storage } = deps;

  app.get("/api/voices/cloning", SIGNED_IN, async () => cloning.info());

  app.post<{ Params: { id: string; speakerId: string } }>(
    "/api/video/:id/speakers/:speakerId/clone",
    member("voices", "project"),
    async (request, reply) => {
      // no consent, no clone: said before anything else is looked at
      if ((request.body as { consent?: unknown } | null)?.consent !== true)
        throw new AppError(
          "consent_required",
          "Cloning a voice needs your consent: confirm you have the right to use this person's voice (consent: true).",
        );
      const { name } = parseBody(cloneVoiceSchema, request.body);
      const { id, speakerId } = request.params;
      const made = await cloning.clone(currentUser(request).id, id, speakerId, { name });
      return reply.code(201).send(made);
    },
  );

  // A cloned voice speaking a sample language: made once by its engine (paid synthesis), then stored
  // with the voice (deleted with it).
  app.get<{ Params: { id: string; language: string } }>(
    "/api/voices/mine/:id/sample/:language",
    member("view", "voice"),
    async (request, reply) => {
      const voice = await myVoices.get(currentWorkspace(request).id, request.params.id);
      const code = SAMPLE_LANGUAGES.get(request.params.language);
      if (!code || voice.kind !== "cloned") throw new AppError("not_found", "There is no such voice sample.");
      const key = myVoiceSampleKey(voice.id, request.params.language);
      if (!(await storage.stat(key))) {
        const dir = await mkdtemp(path.join(deps.tmpDir, "sample-"));
        try {
          const out = path.join(dir, "sample.mp3");
          await renderVoiceSample(voice.voice, code, out, { registry: deps.registry }).catch(
            (err: unknown) => {
              if (err instanceof DubError && err.code === "no_engine")
                throw new AppError("language_unavailable", `This voice cannot speak here: ${err.message}.`);
              throw err;
            },
          );
          await storage.putFile(key, out, "audio/mpeg");
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }
      return sendStored(request, reply, { storage, key, cacheControl: "private, max-age=3600" });
    },
  );
}
