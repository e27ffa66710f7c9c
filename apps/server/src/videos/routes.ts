import { languageChangeBody, transcriptBody } from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { recordActivity } from "../activity/record.ts";
import { currentUser, currentWorkspace, member } from "../auth/access.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { parseBody } from "../http/validate.ts";
import { languageParam } from "../projects/languages.ts";
import { videoUpdateBody } from "../projects/schemas.ts";
import type { VideoService } from "./service.ts";
import { uploadRoutes } from "./upload-routes.ts";

export function videoRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    videos: VideoService;
    tmpDir: string;
    /** Where request bodies are received: the process's own folder (runtime/process-folder.ts). */
    uploadsDir: string;
    maxUploadBytes: number;
  },
) {
  const { videos } = deps;
  uploadRoutes(app, deps);

  app.get("/api/video", member("view", "query"), async (request) =>
    videos.list(currentUser(request).id, currentWorkspace(request).id),
  );

  app.get<{ Params: { id: string } }>("/api/video/:id", member("view", "project"), async (request) =>
    videos.get(currentUser(request).id, request.params.id),
  );

  app.get<{ Params: { id: string } }>(
    "/api/video/:id/untranscribed-speech",
    member("view", "project"),
    async (request) => videos.untranscribedSpeech(currentUser(request).id, request.params.id),
  );

  // Where the audio has speech: a typed transcript's new lines are placed on it.
  app.get<{ Params: { id: string } }>("/api/video/:id/speech", member("view", "project"), async (request) =>
    videos.speech(currentUser(request).id, request.params.id, deps.tmpDir),
  );

  app.get<{ Params: { id: string } }>(
    "/api/video/transcript/:id",
    member("view", "project"),
    async (request) => videos.transcript(currentUser(request).id, request.params.id),
  );

  app.put<{ Params: { id: string } }>(
    "/api/video/:id/transcript",
    member("edit", "project"),
    async (request) => {
      const { transcript } = parseBody(transcriptBody, request.body);
      const actorId = currentUser(request).id;
      const saved = await videos.update(actorId, request.params.id, { transcript }, deps.tmpDir);
      await recordActivity(deps.db, { projectId: request.params.id, actorId, action: "transcript:saved" });
      return saved.transcript;
    },
  );

  // Subtitles of the original ("original.srt") or of a translation ("es.vtt"), from the saved transcript.
  // `?bilingual=1` on a translation: the original line above the translated one.
  app.get<{ Params: { id: string; file: string }; Querystring: { bilingual?: string } }>(
    "/api/video/:id/subtitles/:file",
    member("view", "project"),
    async (request, reply) => {
      const match = /^([a-z]{2,3}|original)\.(srt|vtt)$/.exec(request.params.file);
      if (!match)
        throw new AppError(
          "not_found",
          "Ask for original.srt, original.vtt, {language}.srt or {language}.vtt.",
        );
      const [, language, format] = match;
      const bilingual = request.query.bilingual === "1" || request.query.bilingual === "true";
      const text = await videos.subtitles(currentUser(request).id, request.params.id, {
        language: language === "original" ? language : languageParam(language!),
        format: format as "srt" | "vtt",
        bilingual,
      });
      return reply
        .type(format === "srt" ? "application/x-subrip; charset=utf-8" : "text/vtt; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${language}${bilingual ? "-bilingual" : ""}.${format}"`,
        )
        .send(text);
    },
  );

  // The spoken language, and a new transcription in it (replaces the transcript; also the retry).
  app.put<{ Params: { id: string } }>(
    "/api/video/:id/language",
    member("edit", "project"),
    async (request, reply) => {
      const { language, speakers } = parseBody(languageChangeBody, request.body);
      const project = await videos.retranscribe(
        currentUser(request).id,
        request.params.id,
        language,
        speakers,
      );
      return reply.code(202).send(project);
    },
  );

  app.put<{ Params: { id: string } }>("/api/video/:id", member("edit", "project"), async (request) => {
    const change = parseBody(videoUpdateBody, request.body);
    const actorId = currentUser(request).id;
    const saved = await videos.update(actorId, request.params.id, change, deps.tmpDir);
    // a new title alone is not the transcript's activity
    if (change.transcript || change.speakers)
      await recordActivity(deps.db, { projectId: request.params.id, actorId, action: "transcript:saved" });
    return saved;
  });
}
