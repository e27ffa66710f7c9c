import { unlink } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors.ts";
import { currentUser } from "../http/auth.ts";
import { parseBody } from "../http/validate.ts";
import { titleSchema, videoUpdateBody } from "./schemas.ts";
import type { VideoService } from "./service.ts";
import { receiveUpload } from "./upload.ts";

export function videoRoutes(
  app: FastifyInstance,
  deps: { videos: VideoService; tmpDir: string; maxUploadBytes: number },
) {
  const { videos } = deps;

  app.post("/api/video/process", async (request, reply) => {
    const user = currentUser(request);
    const upload = await receiveUpload(request, path.join(deps.tmpDir, "uploads"), deps.maxUploadBytes);
    const title = titleSchema.safeParse(upload.title ?? "");
    if (!upload.file) throw new AppError("file_required", "Please upload a video file.");
    if (!title.success) {
      await unlink(upload.file.path).catch(() => {});
      throw new AppError("title_required", title.error.issues[0]!.message);
    }
    const project = await videos.create(user.id, title.data, upload.file);
    return reply.code(201).send(project);
  });

  app.get("/api/video", async (request) => videos.list(currentUser(request).id));

  app.get<{ Params: { id: string } }>("/api/video/:id", async (request) =>
    videos.get(currentUser(request).id, request.params.id),
  );

  app.get<{ Params: { id: string } }>("/api/video/transcript/:id", async (request) =>
    videos.transcript(currentUser(request).id, request.params.id),
  );

  app.put<{ Params: { id: string } }>("/api/video/:id", async (request) => {
    const change = parseBody(videoUpdateBody, request.body);
    return videos.update(currentUser(request).id, request.params.id, change);
  });
}
