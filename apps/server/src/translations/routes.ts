import { createReadStream } from "node:fs";
import {
  type ActivityAction,
  batchDubBody as batchBody,
  dubBody,
  type LanguageCode,
  translateBody as languageBody,
  lineFixBody,
  reviewLineBody,
  translationBody,
} from "@dubbing/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { recordActivity } from "../activity/record.ts";
import { currentUser, member } from "../auth/access.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { perUserLimit } from "../http/per-user-limit.ts";
import { preferWaitSeconds, waitUntil } from "../http/prefer-wait.ts";
import { parseBody } from "../http/validate.ts";
import { languageParam } from "../projects/languages.ts";
import type { TranslationService } from "./service.ts";

type Params = { Params: { id: string } };

/** A line's index in a path: 0-based, as the report card numbers its lines. */
const lineIndex = z.coerce.number().int().min(0).max(20_000);

/** WAV downloads a user may have running at once (each is an ffmpeg process while it streams). */
export const MAX_AUDIO_STREAMS_PER_USER = 2;

/** What the caller did on the route's project, for its activity. */
function activityOf(request: FastifyRequest<Params>, action: ActivityAction, language: LanguageCode) {
  return { projectId: request.params.id, actorId: currentUser(request).id, action, language };
}

export function translationRoutes(
  app: FastifyInstance,
  deps: { db: Db; translations: TranslationService; scratchDir: string },
) {
  const service = deps.translations;

  app.get<Params>("/api/video/:id/translations", member("view", "project"), async (request) =>
    service.list(currentUser(request).id, request.params.id),
  );

  /** The translation once it is no longer `busy`, if that happens within the `Prefer: wait=N` seconds. */
  async function awaitSettled(request: FastifyRequest<Params>, language: LanguageCode, busy: string) {
    const wait = preferWaitSeconds(request.headers.prefer);
    if (wait === 0) return null;
    return waitUntil(wait, async () => {
      const t = await service.get(currentUser(request).id, request.params.id, language);
      return t.status === busy ? null : t;
    });
  }

  app.post<Params>("/api/video/:id/translate", member("translate", "project"), async (request, reply) => {
    const { language } = parseBody(languageBody, request.body);
    const started = await service.translate(currentUser(request).id, request.params.id, language);
    await recordActivity(deps.db, activityOf(request, "translation:started", language));
    const done = await awaitSettled(request, language, "translating");
    return done ? reply.code(200).send(done) : reply.code(202).send(started);
  });

  app.put<Params>("/api/video/:id/translation", member("translate", "project"), async (request) => {
    const { language, transcript } = parseBody(translationBody, request.body);
    const saved = await service.saveTranscript(
      currentUser(request).id,
      request.params.id,
      language,
      transcript,
    );
    await recordActivity(deps.db, activityOf(request, "transcript:saved", language));
    return saved;
  });

  app.post<Params>("/api/video/:id/dub", member("dub", "project"), async (request, reply) => {
    const { language, ...opts } = parseBody(dubBody, request.body);
    const started = await service.dub(currentUser(request).id, request.params.id, language, opts);
    await recordActivity(deps.db, activityOf(request, "dub:started", language));
    const done = await awaitSettled(request, language, "dubbing");
    if (!done) return reply.code(202).send(started);
    // A failed dub answers `failed` and no URL (`finalVideoUrl` is null then).
    const job = await service.jobNow(started.job);
    return reply.code(200).send({ job, dubVideoUrl: done.finalVideoUrl, translation: done });
  });

  app.put<{ Params: { id: string; language: string } }>(
    "/api/video/:id/translations/:language/review",
    member("review", "project"),
    async (request) => {
      const { index, reviewed } = parseBody(reviewLineBody, request.body);
      const { id } = request.params;
      return service.reviewLine(
        currentUser(request).id,
        id,
        { language: languageParam(request.params.language), index },
        reviewed,
      );
    },
  );

  app.post<{ Params: { id: string; language: string; index: string } }>(
    "/api/video/:id/translations/:language/lines/:index/fix",
    member("translate", "project"),
    async (request, reply) => {
      const body = parseBody(lineFixBody, request.body);
      const language = languageParam(request.params.language);
      const at = { language, index: parseBody(lineIndex, request.params.index) };
      return reply
        .code(202)
        .send(await service.fixLine(currentUser(request).id, request.params.id, at, body));
    },
  );

  // "Translate and dub" into several languages: answered with each language's translation job at once;
  // each dub starts (and is metered) when its translation is done.
  app.post<Params>("/api/video/:id/dubs", member("dub", "project"), async (request, reply) => {
    const { languages, ...opts } = parseBody(batchBody, request.body);
    const started = await service.translateAndDub(
      currentUser(request).id,
      request.params.id,
      languages,
      opts,
    );
    // the caller asked for both: each dub follows its translation without another request
    for (const language of languages) {
      await recordActivity(deps.db, activityOf(request, "translation:started", language));
      await recordActivity(deps.db, activityOf(request, "dub:started", language));
    }
    return reply.code(202).send(started);
  });

  // The video with the original audio and every finished dub as separate, language-tagged tracks (the
  // dubs on one timeline: a header names those whose picture waited differently, left out).
  app.get<Params>(
    "/api/video/:id/dubs/all-languages.mp4",
    member("view", "project"),
    async (request, reply) => {
      const built = await service.allLanguagesMp4(
        currentUser(request).id,
        request.params.id,
        deps.scratchDir,
      );
      const stream = createReadStream(built.file);
      stream.on("close", () => void built.release());
      if (built.left.length) reply.header("x-dubs-left-out", built.left.join(","));
      return reply
        .type("video/mp4")
        .header("content-length", String(built.size))
        .header("content-disposition", 'attachment; filename="video-all-languages.mp4"')
        .send(stream);
    },
  );

  // The dubbed audio as WAV (decoded while it downloads; the M4A is the stored, smaller copy). Each stream
  // is an ffmpeg process for as long as the client keeps the connection: a few per user at once.
  const audioStreams = perUserLimit(MAX_AUDIO_STREAMS_PER_USER);
  app.get<{ Params: { id: string; language: string } }>(
    "/api/video/:id/dubs/:language/audio.wav",
    member("view", "project"),
    async (request, reply) => {
      const { id } = request.params;
      const language = languageParam(request.params.language);
      const userId = currentUser(request).id;
      const release = audioStreams.take(userId);
      if (!release) {
        throw new AppError(
          "rate_limited",
          `You are already downloading ${MAX_AUDIO_STREAMS_PER_USER} WAV files. Wait until one has finished.`,
        );
      }
      // Finished, failed or abandoned (even before ffmpeg started), the response's end frees the place
      // and stops ffmpeg: listened to before any await, so a close during one is not missed.
      let stop: (() => void) | null = null;
      let closed = false;
      reply.raw.on("close", () => {
        closed = true;
        stop?.();
        release();
      });
      const wav = await service.dubAudioWav(userId, id, language, deps.scratchDir);
      stop = wav.stop;
      if (closed) wav.stop();
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
