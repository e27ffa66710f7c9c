import { rm } from "node:fs/promises";
import path from "node:path";
import { DETECT, DubError, transcribe } from "@dubbing/dubbing";
import { z } from "zod";
import { defineJob } from "../jobs/definition.ts";
import { transcribePercent } from "../jobs/progress.ts";
import { transcriptionCheckpointDir } from "../storage/clip-cache.ts";
import { projectKeys, projectPrefix } from "../storage/keys.ts";
import type { WorkerDeps } from "./deps.ts";
import { runTracked } from "./handler.ts";
import { pushStems } from "./stems.ts";
import { transcribeMessage } from "./transcribe-message.ts";

const STAGES = new Map(
  Object.entries({
    probe: "Reading the video",
    extract: "Preparing the audio",
    separate: "Separating the voice from the music",
    asr: "Recognising speech",
    diarize: "Telling speakers apart",
  }),
);
/** Every message a running transcription shows. */
export const TRANSCRIBE_STAGES = [...STAGES.values(), "Transcribing"];

const transcribePayload = z.strictObject({ projectId: z.string(), trackId: z.string() });
export type TranscribePayload = z.infer<typeof transcribePayload>;

/** Fills the project's speakers and transcript from its audio. */
export async function runTranscribe(deps: WorkerDeps, job: TranscribePayload, isLastAttempt: boolean) {
  const { repo, storage, tracker } = deps;
  const project = await repo.findById(job.projectId);
  if (!project) return tracker.finish(job.trackId, "failed", "The project was deleted.");
  // what a failed detection heard (unsure, or a language not served): kept for the creator to see
  let heard: { language: string; probability: number } | null = null;
  await runTracked(
    deps,
    {
      trackId: job.trackId,
      isLastAttempt,
      mediaSeconds: (project.durationMs ?? 0) / 1000,
      // The stage goes to the project too, so a reloaded editor names it beside the bar.
      alsoWrite: (percent, message) =>
        repo.setState(project.id, { progress: percent, statusMessage: message }),
      // The video stays usable when transcription fails: the user can type the transcript; the message says why.
      message: (error) => {
        if (error instanceof DubError && error.detected) heard = error.detected;
        return transcribeMessage(error, project.language);
      },
      record: async (message) => {
        // A failed detection leaves no language to type, translate or dub from: the project fails until
        // the user picks one and transcribes again.
        if (project.language === DETECT) {
          await repo.update(project.id, { detectedLanguage: heard });
          await repo.setState(project.id, { status: "failed", progress: 100, statusMessage: message });
          return deps.webhooks.emit(project.workspaceId, "project.failed", project.id, {
            projectId: project.id,
            message,
          });
        }
        await repo.setState(project.id, { status: "ready", progress: 100, statusMessage: message });
        await deps.webhooks.emit(project.workspaceId, "project.ready", project.id, {
          projectId: project.id,
          transcribed: false,
          message,
        });
      },
      purgeIfDeleted: async () => {
        await rm(transcriptionCheckpointDir(deps.cacheDir, project.id), { recursive: true, force: true });
        await storage.deletePrefix(projectPrefix(project.id));
      },
    },
    async (scope, progress) => {
      const work = await scope.scratch(deps.scratchDir, "transcribe-");
      // the video itself (not the 16 kHz audio made at ingest): the background stem keeps its full band
      const normalized = projectKeys(project.id).dubSource;
      const sourceKey = (await storage.stat(normalized)) ? normalized : project.originalKey;
      const source = await storage.localCopy(sourceKey, work);
      const stemsDir = path.join(work, "stems");
      // the recognition's words window by window, kept across a restart (a run again resumes after them)
      const checkpointDir = transcriptionCheckpointDir(deps.cacheDir, project.id);
      scope.onCleanup(() => source.release());
      await repo.setState(project.id, {
        status: "transcribing",
        progress: transcribePercent(0),
        statusMessage: "Transcribing",
      });
      progress.report(transcribePercent(0), "Transcribing");
      const doc = await transcribe(source.path, {
        language: project.language,
        // the user's count: the local diarization's cluster count, a hint to cloud engines
        speakers: project.speakerCount ?? undefined,
        registry: deps.registry,
        concurrency: 2,
        stemsDir,
        checkpointDir,
        signal: scope.signal,
        onProgress: ({ stage, fraction }) => {
          progress.report(transcribePercent(fraction), STAGES.get(stage) ?? "Transcribing");
        },
      });
      await pushStems(storage, project.id, stemsDir);
      await progress.close();
      // "detect": the project's language becomes the one heard
      await repo.update(project.id, {
        language: doc.language,
        // what was heard and how surely; a language the user chose was not detected
        detectedLanguage: project.language === DETECT ? (doc.meta?.detected ?? null) : null,
        speakers: doc.speakers,
        transcript: doc.transcript,
      });
      await repo.setState(project.id, { status: "ready", progress: 100, statusMessage: null });
      await rm(checkpointDir, { recursive: true, force: true });
      const summary = `${doc.transcript.length} segments, ${doc.speakers.length} speakers${resumedNote(doc)}`;
      await tracker.finish(job.trackId, "done", summary);
      await deps.webhooks.emit(project.workspaceId, "project.ready", project.id, {
        projectId: project.id,
        transcribed: true,
        segments: doc.transcript.length,
        speakers: doc.speakers.length,
      });
    },
  );
}

/** Pure: what the job's summary says of a recognition resumed after a restart ("" when it was not). */
export function resumedNote(doc: { meta?: { asr?: { params?: Record<string, unknown> } } }): string {
  const p = doc.meta?.asr?.params;
  const resumed = p?.resumedWindows;
  return typeof resumed === "number" && resumed > 0
    ? ` (recognition resumed after ${resumed} of ${p?.windows} windows)`
    : "";
}

export const transcribeJob = defineJob({
  name: "transcribe",
  payload: transcribePayload,
  run: runTranscribe,
});
