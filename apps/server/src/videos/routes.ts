import { unlink } from "node:fs/promises";
import { languageChangeBody, linkImportBody, speakerCountSchema, transcriptBody } from "@dubbing/contract";
import { DETECT, isSpokenLanguage } from "@dubbing/dubbing";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { currentUser, currentWorkspace, member } from "../auth/access.ts";
import { AppError } from "../errors.ts";
import { parseBody } from "../http/validate.ts";
import { titleSchema, videoUpdateBody } from "../projects/schemas.ts";
import type { VideoService } from "./service.ts";
import { readSubtitleFile } from "./subtitle-import.ts";
import { receiveUpload } from "./upload.ts";

/** Uploads one user may send at once to one API process. */
const MAX_PARALLEL_UPLOADS = 4;

export function videoRoutes(
  app: FastifyInstance,
  deps: {
    videos: VideoService;
    tmpDir: string;
    /** Where request bodies are received: the process's own folder (runtime/process-folder.ts). */
    uploadsDir: string;
    maxUploadBytes: number;
  },
) {
  const { videos } = deps;
  // Uploads in progress per user on this process: each may be gigabytes of disk and bandwidth.
  const uploading = new Map<string, number>();

  // into the workspace of `?workspaceId=` (the caller's personal one by default)
  app.post("/api/video/process", member("editor", "query"), async (request, reply) => {
    const user = currentUser(request);
    // A JSON body is a link import: the worker downloads the link (link-import/).
    if (!request.isMultipart() && request.body !== undefined) return acceptLink(request, reply, user.id);
    const running = uploading.get(user.id) ?? 0;
    if (running >= MAX_PARALLEL_UPLOADS) {
      throw new AppError(
        "rate_limited",
        `You are already uploading ${MAX_PARALLEL_UPLOADS} videos. Wait until one has finished.`,
      );
    }
    uploading.set(user.id, running + 1);
    try {
      return await acceptUpload(request, reply, user.id);
    } finally {
      const left = (uploading.get(user.id) ?? 1) - 1;
      if (left > 0) uploading.set(user.id, left);
      else uploading.delete(user.id);
    }
  });

  async function acceptLink(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const body = parseBody(linkImportBody, request.body);
    const language = body.language ?? "en";
    if (!isSpokenLanguage(language))
      throw new AppError("validation_failed", `"${language}" is not one of the app's languages.`, [
        { path: "language", message: "Unknown language." },
      ]);
    const speakerCount = body.speakers === undefined || body.speakers === "auto" ? null : body.speakers;
    const project = await videos.createFromLink(userId, {
      title: body.title,
      url: body.url,
      language,
      speakerCount,
      workspaceId: currentWorkspace(request).id,
    });
    return reply.code(201).send(project);
  }

  async function acceptUpload(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const upload = await receiveUpload(request, deps.uploadsDir, deps.maxUploadBytes);
    const language = upload.language?.trim() || "en";
    const title = titleSchema.safeParse(upload.title ?? "");
    if (!upload.file) throw new AppError("file_required", "Please upload a video file.");
    if (!title.success) {
      await unlink(upload.file.path).catch(() => {});
      // a missing title is `title_required`; one that is there but wrong (too long) is a validation error
      const missing = (upload.title ?? "").trim() === "";
      throw new AppError(missing ? "title_required" : "validation_failed", title.error.issues[0]!.message, [
        { path: "title", message: title.error.issues[0]!.message },
      ]);
    }
    if (!isSpokenLanguage(language) || (language === DETECT && upload.subtitles)) {
      await unlink(upload.file.path).catch(() => {});
      // subtitles are the transcript: nothing is recognised, so nothing could find the language
      const message =
        language === DETECT ? "Choose the spoken language of the subtitles." : "Unknown language.";
      throw new AppError(
        "validation_failed",
        language === DETECT ? message : `"${language}" is not one of the app's languages.`,
        [{ path: "language", message }],
      );
    }
    const speakers = formSpeakerCount(upload.speakers);
    if (speakers === undefined) {
      await unlink(upload.file.path).catch(() => {});
      const message = "How many people speak: 1 to 8, or auto to detect automatically.";
      throw new AppError("validation_failed", message, [{ path: "speakers", message }]);
    }
    if (upload.subtitles) {
      // A bad subtitle file is refused before the video is read (its end is checked once the duration is known).
      try {
        readSubtitleFile(upload.subtitles);
      } catch (error) {
        await unlink(upload.file.path).catch(() => {});
        throw error;
      }
    }
    const project = await videos.create(
      userId,
      title.data,
      upload.file,
      language,
      upload.subtitles,
      speakers,
      currentWorkspace(request).id,
    );
    return reply.code(201).send(project);
  }

  app.get("/api/video", member("viewer", "query"), async (request) =>
    videos.list(currentWorkspace(request).id),
  );

  app.get<{ Params: { id: string } }>("/api/video/:id", member("viewer", "project"), async (request) =>
    videos.get(currentUser(request).id, request.params.id),
  );

  app.get<{ Params: { id: string } }>(
    "/api/video/:id/untranscribed-speech",
    member("viewer", "project"),
    async (request) => videos.untranscribedSpeech(currentUser(request).id, request.params.id),
  );

  // Where the audio has speech: a typed transcript's new lines are placed on it.
  app.get<{ Params: { id: string } }>("/api/video/:id/speech", member("viewer", "project"), async (request) =>
    videos.speech(currentUser(request).id, request.params.id, deps.tmpDir),
  );

  app.get<{ Params: { id: string } }>(
    "/api/video/transcript/:id",
    member("viewer", "project"),
    async (request) => videos.transcript(currentUser(request).id, request.params.id),
  );

  app.put<{ Params: { id: string } }>(
    "/api/video/:id/transcript",
    member("editor", "project"),
    async (request) => {
      const { transcript } = parseBody(transcriptBody, request.body);
      const saved = await videos.update(currentUser(request).id, request.params.id, { transcript });
      return saved.transcript;
    },
  );

  // Subtitles of the original ("original.srt") or of a translation ("es.vtt"), from the saved transcript.
  // `?bilingual=1` on a translation: the original line above the translated one.
  app.get<{ Params: { id: string; file: string }; Querystring: { bilingual?: string } }>(
    "/api/video/:id/subtitles/:file",
    member("viewer", "project"),
    async (request, reply) => {
      const match = /^([a-z]{2,3}|original)\.(srt|vtt)$/.exec(request.params.file);
      if (!match)
        throw new AppError(
          "not_found",
          "Ask for original.srt, original.vtt, {language}.srt or {language}.vtt.",
        );
      const [, language, format] = match;
      const bilingual = request.query.bilingual === "1" || request.query.bilingual === "true";
      const text = await videos.subtitles(
        currentUser(request).id,
        request.params.id,
        language!,
        format as "srt" | "vtt",
        bilingual,
      );
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
    member("editor", "project"),
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

  app.put<{ Params: { id: string } }>("/api/video/:id", member("editor", "project"), async (request) => {
    const change = parseBody(videoUpdateBody, request.body);
    return videos.update(currentUser(request).id, request.params.id, change);
  });
}

/** The form's "How many people speak?": absent, "" or "auto" → null (detect); "1"–"8" → n; else undefined. */
function formSpeakerCount(value: string | undefined): number | null | undefined {
  const v = value?.trim() ?? "";
  if (v === "" || v === "auto") return null;
  const n = /^[1-9]$/.test(v) ? Number(v) : Number.NaN;
  return speakerCountSchema.safeParse(n).success ? n : undefined;
}
