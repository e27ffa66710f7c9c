import { type LanguageCode, languageCodeSchema, timingModeSchema } from "@dubbing/contract";
import { translate } from "@dubbing/dubbing";
import { z } from "zod";
import { effectiveGlossary } from "../glossary/service.ts";
import { defineJob } from "../jobs/definition.ts";
import { firstLine } from "../jobs/runner.ts";
import { planNamed } from "../plans/plans.ts";
import { knownLanguage } from "../projects/languages.ts";
import type { ProjectRow } from "../projects/repository.ts";
import { startDubJob, type ThenDub } from "../translations/start-dub.ts";
import { payerOf } from "../workspaces/repository.ts";
import type { WorkerDeps } from "./deps.ts";
import { runTracked } from "./handler.ts";

/** The dub of a "translate and dub" batch; refused (no minutes left), it is a failed dub, not a failed translation. */
async function thenDub(
  deps: WorkerDeps,
  project: ProjectRow,
  translation: { id: string; language: LanguageCode },
  { plan, ...opts }: ThenDub,
) {
  const { id: translationId, language } = translation;
  try {
    await startDubJob(deps.jobs, {
      userId: project.userId,
      payer: await payerOf(deps.repo.db, project.workspaceId),
      plan: planNamed(deps.plans, plan),
      projectId: project.id,
      language,
      translationId,
      seconds: (project.durationMs ?? 0) / 1000,
      opts,
    });
  } catch (error) {
    const message = `Dubbing did not start: ${firstLine(error)}`;
    await deps.webhooks.emit(project.workspaceId, "dub.failed", project.id, {
      projectId: project.id,
      language,
      message,
    });
  }
}

const translatePayload = z.strictObject({
  projectId: z.string(),
  language: languageCodeSchema,
  trackId: z.string(),
  /** "Translate and dub": the dub to start when the translation is done. */
  thenDub: z
    .strictObject({
      plan: z.string(),
      burnSubtitles: z.boolean().optional(),
      bilingualSubtitles: z.boolean().optional(),
      background: z.enum(["keep", "duck", "remove"]).optional(),
      timing: timingModeSchema.optional(),
      maxSpeed: z.number().optional(),
    })
    .optional(),
});
export type TranslatePayload = z.infer<typeof translatePayload>;

/** Translates the project's transcript into one language, segment by segment, keeping the timing. */
export async function runTranslate(deps: WorkerDeps, job: TranslatePayload, isLastAttempt: boolean) {
  const { repo, translations, tracker } = deps;
  const project = await repo.findById(job.projectId);
  const row = await translations.find(job.projectId, job.language);
  if (!project || !row) return tracker.finish(job.trackId, "failed", "The project was deleted.");
  await runTracked(
    deps,
    {
      trackId: job.trackId,
      isLastAttempt,
      mediaSeconds: (project.durationMs ?? 0) / 1000,
      alsoWrite: (percent) => translations.update(row.id, { progress: percent }),
      message: (error) => `Translation failed: ${firstLine(error)}`,
      record: async (message) => {
        await translations.update(row.id, { status: "failed", statusMessage: message });
        const data = { projectId: project.id, language: job.language, message };
        await deps.webhooks.emit(project.workspaceId, "translation.failed", project.id, data);
      },
    },
    async (scope, progress) => {
      await translations.update(row.id, { status: "translating", progress: 0, statusMessage: "Translating" });
      const [speakers, transcript] = await Promise.all([
        repo.speakersOf(project.id),
        repo.transcriptOf(project.id),
      ]);
      const doc = { language: knownLanguage(project), speakers, transcript };
      const out = await translate(doc, job.language, {
        registry: deps.registry,
        glossary: await effectiveGlossary(repo.db, project),
        durationMs: project.durationMs ?? undefined,
        signal: scope.signal,
        onProgress: ({ fraction }) => {
          progress.report(fraction * 100, "Translating");
        },
      });
      await progress.close();
      const engine = out.meta?.translation;
      await translations.update(row.id, {
        status: "translated",
        progress: 100,
        statusMessage: null,
        transcript: out.transcript,
        engine: engine ? `${engine.id} (${engine.route.join(" → ")})` : null,
        meta: engine ?? null,
      });
      await tracker.finish(job.trackId, "done", `${out.transcript.length} segments translated`);
      await deps.webhooks.emit(project.workspaceId, "translation.completed", project.id, {
        projectId: project.id,
        language: job.language,
        segments: out.transcript.length,
      });
      if (job.thenDub) await thenDub(deps, project, { id: row.id, language: job.language }, job.thenDub);
    },
  );
}

export const translateJob = defineJob({ name: "translate", payload: translatePayload, run: runTranslate });
