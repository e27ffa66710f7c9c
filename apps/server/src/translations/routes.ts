import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { currentUser } from "../http/auth.ts";
import { preferWaitSeconds, waitUntil } from "../http/prefer-wait.ts";
import { parseBody } from "../http/validate.ts";
import { transcriptSchema } from "../videos/schemas.ts";
import type { TranslationService } from "./service.ts";

const languageBody = z.object({ language: z.string().trim().min(1).max(10) });
const dubBody = languageBody.extend({
  /** Lines to synthesize again although cached (0-based transcript indexes). */
  regenerate: z.array(z.number().int().min(0)).max(100).optional(),
  burnSubtitles: z.boolean().optional(),
  /** With `burnSubtitles`: the original line above the translated one. */
  bilingualSubtitles: z.boolean().optional(),
});
const translationBody = z.object({
  language: z.string().trim().min(1).max(10),
  transcript: transcriptSchema,
});

type Params = { Params: { id: string } };

export function translationRoutes(
  app: FastifyInstance,
  deps: { translations: TranslationService; scratchDir: string },
) {
  const service = deps.translations;

  app.get<Params>("/api/video/:id/translations", async (request) =>
    service.list(currentUser(request).id, request.params.id),
  );

  /** The translation once it is no longer `busy`, if that happens within the `Prefer: wait=N` seconds. */
  async function awaitSettled(request: FastifyRequest<Params>, language: string, busy: string) {
    const wait = preferWaitSeconds(request.headers.prefer);
    if (wait === 0) return null;
    return waitUntil(wait, async () => {
      const t = await service.get(currentUser(request).id, request.params.id, language);
      return t.status === busy ? null : t;
    });
  }

  app.post<Params>("/api/video/:id/translate", async (request, reply) => {
    const { language } = parseBody(languageBody, request.body);
    const started = await service.translate(currentUser(request).id, request.params.id, language);
    const done = await awaitSettled(request, language, "translating");
    return done ? reply.code(200).send(done) : reply.code(202).send(started);
  });

  app.put<Params>("/api/video/:id/translation", async (request) => {
    const { language, transcript } = parseBody(translationBody, request.body);
    return service.saveTranscript(currentUser(request).id, request.params.id, language, transcript);
  });

  app.post<Params>("/api/video/:id/dub", async (request, reply) => {
    const { language, ...opts } = parseBody(dubBody, request.body);
    const started = await service.dub(currentUser(request).id, request.params.id, language, opts);
    const done = await awaitSettled(request, language, "dubbing");
    if (!done) return reply.code(202).send(started);
    // A failed dub answers `failed` and no URL (`finalVideoUrl` is null then).
    const job = await service.jobNow(started.job);
    return reply.code(200).send({ job, dubVideoUrl: done.finalVideoUrl, translation: done });
  });

  // The dubbed audio as WAV (decoded while it downloads; the M4A is the stored, smaller copy).
  app.get<{ Params: { id: string; language: string } }>(
    "/api/video/:id/dubs/:language/audio.wav",
    async (request, reply) => {
      const { id, language } = request.params;
      const wav = await service.dubAudioWav(currentUser(request).id, id, language, deps.scratchDir);
      request.raw.on("close", wav.stop);
      return reply
        .type("audio/wav")
        .header(
          "content-disposition",
          `attachment; filename="dubbed-audio-${language.replace(/[^a-z]/g, "")}.wav"`,
        )
        .send(wav.stream);
    },
  );
}
