import { unlink } from "node:fs/promises";
import { DETECT, linkImportBody, speakerCountSchema, spokenLanguageSchema } from "@dubbing/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { currentUser, currentWorkspace, member } from "../auth/access.ts";
import { AppError } from "../errors.ts";
import { parseBody } from "../http/validate.ts";
import { titleSchema } from "../projects/schemas.ts";
import type { VideoService } from "./service.ts";
import { readSubtitleFile } from "./subtitle-import.ts";
import { receiveUpload } from "./upload.ts";

/** Uploads one user may send at once to one API process. */
const MAX_PARALLEL_UPLOADS = 4;

/** A new project: a video file uploaded (multipart), or a link the worker downloads (JSON). */
export function uploadRoutes(
  app: FastifyInstance,
  deps: {
    videos: VideoService;
    /** Where request bodies are received: the process's own folder (runtime/process-folder.ts). */
    uploadsDir: string;
    maxUploadBytes: number;
  },
) {
  const { videos } = deps;
  // Uploads in progress per user on this process: each may be gigabytes of disk and bandwidth.
  const uploading = new Map<string, number>();

  // into the workspace of `?workspaceId=` (the caller's personal one by default)
  app.post("/api/video/process", member("edit", "query"), async (request, reply) => {
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
    const language = spokenLanguageSchema.safeParse(upload.language?.trim() || "en");
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
    // subtitles are the transcript: nothing is recognised, so nothing could find the language
    const languageProblem = !language.success
      ? language.error.issues[0]!.message
      : language.data === DETECT && upload.subtitles
        ? "Choose the spoken language of the subtitles."
        : null;
    if (languageProblem) {
      await unlink(upload.file.path).catch(() => {});
      throw new AppError("validation_failed", languageProblem, [
        { path: "language", message: languageProblem },
      ]);
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
    const project = await videos.create({
      userId,
      title: title.data,
      file: upload.file,
      language: language.data!,
      subtitles: upload.subtitles,
      speakerCount: speakers,
      workspaceId: currentWorkspace(request).id,
    });
    return reply.code(201).send(project);
  }
}

/** The form's "How many people speak?": absent, "" or "auto" → null (detect); "1"–"8" → n; else undefined. */
function formSpeakerCount(value: string | undefined): number | null | undefined {
  const v = value?.trim() ?? "";
  if (v === "" || v === "auto") return null;
  const n = /^[1-9]$/.test(v) ? Number(v) : Number.NaN;
  return speakerCountSchema.safeParse(n).success ? n : undefined;
}
