// Importing an SRT or WebVTT file into an existing project: as its transcript (`original`) or as the
// translation into a language (no machine translation; the translation is `translated` and can be dubbed).
import { isLanguageCode } from "@dubbing/dubbing";
import type { FastifyInstance } from "fastify";
import { currentUser, member } from "../auth/access.ts";
import { translations as translationsTable } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { translationEditConflict } from "../projects/edit-rules.ts";
import { VideoRepository } from "../projects/repository.ts";
import { recordTextChange } from "../projects/review-reset.ts";
import { timelineProblem } from "../projects/timeline.ts";
import { TranslationRepository } from "../projects/translation-repository.ts";
import type { VideoService } from "../videos/service.ts";
import {
  readSubtitleFile,
  receiveSubtitles,
  transcriptFromCues,
  translationFromCues,
} from "../videos/subtitle-import.ts";
import type { TranslationService } from "./service.ts";

const NOT_YET = new Set(["uploaded", "processing", "transcribing"]);

export function subtitleImportRoutes(
  app: FastifyInstance,
  deps: {
    videos: VideoService;
    translations: TranslationService;
    /** Where the project's audio is copied to measure the speakers the subtitles add. */
    scratchDir: string;
  },
) {
  const { videos } = deps;

  app.post<{ Params: { id: string; target: string } }>(
    "/api/video/:id/subtitles/:target",
    member("edit", "project"),
    async (request) => {
      const userId = currentUser(request).id;
      const project = await videos.repo.requireVisible(userId, request.params.id);
      const { target } = request.params;
      if (target !== "original" && !isLanguageCode(target))
        throw new AppError("not_found", "Import into `original` (the transcript) or a language code.");
      const cues = readSubtitleFile(await receiveSubtitles(request), project.durationMs ?? undefined);

      if (target === "original") {
        // Replaces speakers (named ones kept with their voices) and transcript under the edit rules (409).
        const before = await videos.repo.speakersOf(project.id);
        const doc = await videos.voicesForNewSpeakers(
          project,
          transcriptFromCues(cues, project.language, before),
          before,
          deps.scratchDir,
        );
        const problem = project.durationMs ? timelineProblem(doc.transcript, project.durationMs) : null;
        if (problem)
          throw new AppError("validation_failed", problem.message, [{ ...problem, path: "subtitles" }]);
        await videos.repo.saveEdit(project.id, doc, "server");
        return videos.get(userId, project.id);
      }

      await videos.repo.db.transaction(async (tx) => {
        const repo = new VideoRepository(tx);
        if (NOT_YET.has(await repo.lockProject(project.id)))
          throw new AppError(
            "conflict",
            "The transcript is still being made. Import when the project is ready.",
          );
        const speakers = await repo.speakersOf(project.id);
        if (speakers.length === 0)
          throw new AppError(
            "conflict",
            "This project has no speakers yet. Import or type the transcript first, then its translation.",
          );
        const transcript = translationFromCues(cues, speakers, await repo.transcriptOf(project.id));
        const problem = timelineProblem(transcript, project.durationMs ?? 0);
        if (problem)
          throw new AppError("validation_failed", problem.message, [{ ...problem, path: "subtitles" }]);
        const rows = new TranslationRepository(tx);
        const row = await rows.find(project.id, target);
        const imported = {
          transcript,
          status: "translated",
          progress: 100,
          statusMessage: null,
          engine: "Imported subtitles",
          meta: null,
        } as const;
        if (!row)
          return void (await tx
            .insert(translationsTable)
            .values({ projectId: project.id, language: target, ...imported, editedBy: userId }));
        const busy = translationEditConflict(row.status);
        if (busy) throw new AppError("conflict", busy);
        await rows.update(row.id, { ...imported, stale: row.dubKey !== null });
        // the imported text is the importer's; a review of the text it replaced goes back to draft
        await recordTextChange(tx, row.id, { userId, why: "Subtitles imported" });
      });
      return deps.translations.get(userId, project.id, target);
    },
  );
}
