import path from "node:path";
import {
  extractAudioArgs,
  type MediaInput,
  mp4CanCopyVideo,
  normalizeVideoArgs,
  posterArgs,
  previewArgs,
  probe,
  runFfmpeg,
} from "@dubbing/dubbing";
import { z } from "zod";
import { defineJob } from "../jobs/definition.ts";
import { INGEST_SHARE } from "../jobs/progress.ts";
import { runGuarded } from "../jobs/runner.ts";
import { planNamed } from "../plans/plans.ts";
import { VideoRepository } from "../projects/repository.ts";
import { projectKeys, projectPrefix } from "../storage/keys.ts";
import { budgetMs, type WorkerDeps } from "./deps.ts";
import { DOWNLOAD_MS, importFailure, importLinkedVideo } from "./link-import-step.ts";

/** The budget's length of an import on a plan without a longest video: a day's worth. */
const ANY_LENGTH_SECONDS = 24 * 3600;

/** `link`: a link import, downloaded by this job first (workers/link-import-step.ts). */
const ingestPayload = z.strictObject({
  projectId: z.string(),
  trackId: z.string().optional(),
  link: z.strictObject({ plan: z.string() }).optional(),
});
export type IngestPayload = z.infer<typeof ingestPayload>;

/**
 * Ingest: probe, poster, card preview, 16 kHz mono audio. Each step's output is stored under the project and
 * skipped when already there, so a retry after a crash resumes where the last run stopped. ffmpeg reads the
 * job's own copy of the upload with the demuxer the probe found, and no further than the duration the
 * upload measured from the streams (and charged): the header's duration is never used.
 */
export async function runIngest(deps: WorkerDeps, job: IngestPayload, isLastAttempt: boolean): Promise<void> {
  const { repo, storage, tracker } = deps;
  const projectId = job.projectId;
  const project = await repo.findById(projectId);
  if (!project) return; // deleted meanwhile: nothing to do
  // A link import not downloaded yet (a retry after the download skips this).
  const importing = job.link && !project.originalKey ? job.link : undefined;
  let downloaded = false;
  const keys = projectKeys(projectId);
  const tracked = job.trackId ? tracker.reporter(job.trackId) : null;
  const failure = (error: unknown) => {
    const message = importFailure(error, importing !== undefined && !downloaded);
    const record = async () => {
      await repo.setState(projectId, { status: "failed", statusMessage: message });
      await deps.webhooks.emit(project.workspaceId, "project.failed", projectId, { projectId, message });
    };
    return { message, record };
  };
  // An import's length is known only once downloaded: its budget is the plan's longest video's.
  const seconds = importing
    ? (planNamed(deps.plans, importing.plan).maxVideoSeconds ?? ANY_LENGTH_SECONDS)
    : (project.durationMs ?? 0) / 1000;
  const budget = budgetMs(deps.budget, seconds) + (importing ? DOWNLOAD_MS : 0);
  await runGuarded(
    {
      tracker,
      trackId: job.trackId,
      isLastAttempt,
      budgetMs: budget,
      purgeIfDeleted: () => storage.deletePrefix(projectPrefix(projectId)),
    },
    failure,
    async (scope) => {
      scope.onCleanup(() => tracked?.close());
      const row = importing
        ? await importLinkedVideo(
            deps,
            project,
            { ...job, link: importing },
            {
              scope,
              report: async (p, l) => {
                await repo.setState(projectId, { status: "processing", progress: p, statusMessage: l });
                tracked?.report(p, l);
              },
            },
          )
        : project;
      downloaded = true;
      const work = await scope.scratch(deps.scratchDir, "ingest-");
      const source = await storage.localCopy(row.originalKey, work);
      scope.onCleanup(() => source.release());
      await repo.setState(projectId, {
        status: "processing",
        progress: 1,
        statusMessage: "Reading the video",
      });
      const info = await probe(source.path, { signal: scope.signal });
      const durationMs = row.durationMs ?? Math.round(info.durationMs);
      const input: MediaInput = { path: source.path, demuxer: info.demuxer, seconds: durationMs / 1000 };

      // Each step names itself as it starts; `progress` is the project's bar at that point (see INGEST_SHARE).
      const step = async (
        key: string,
        args: (input: MediaInput, output: string) => string[],
        progress: number,
        label: string,
      ) => {
        await repo.setState(projectId, { progress, statusMessage: label });
        tracked?.report(progress, label);
        if (!(await storage.stat(key))) {
          const out = path.join(work, path.basename(key));
          await runFfmpeg(args(input, out), { durationMs, signal: scope.signal });
          await storage.putFile(key, out);
        }
      };

      await step(
        keys.poster,
        (i, o) => posterArgs(i, o, Math.min(1, durationMs / 2000)),
        3,
        "Making the poster",
      );
      await step(keys.preview, previewArgs, 6, "Making the preview");
      if (info.audio) await step(keys.audio, extractAudioArgs, 12, "Extracting the audio");
      // WebM (VP8), OGG (Theora) and WMV cannot be copied into the dubbed MP4: convert them to H.264 once.
      if (info.video && !mp4CanCopyVideo(info.video.codec)) {
        await step(keys.dubSource, normalizeVideoArgs, 16, "Preparing the video for dubbing");
      }

      await tracked?.close();
      if (job.trackId) await tracker.finish(job.trackId, "done", "Ready");
      const state = {
        status: info.audio ? "transcribing" : "ready",
        progress: info.audio ? INGEST_SHARE : 100,
        statusMessage: info.audio
          ? "Waiting for a worker"
          : "This video has no audio track, so there is nothing to transcribe.",
        durationMs,
        width: info.video?.width ?? null,
        height: info.video?.height ?? null,
        hasAudio: info.audio ? 1 : 0,
        posterKey: keys.poster,
        previewKey: keys.preview,
        audioKey: info.audio ? keys.audio : null,
      } as const;
      // Subtitles imported with the upload are the transcript: no speech recognition.
      if ((await repo.transcriptOf(projectId)).length > 0) {
        await repo.setState(projectId, { ...state, status: "ready", progress: 100, statusMessage: null });
        const data = { projectId, transcribed: false, message: null };
        return void (await deps.webhooks.emit(project.workspaceId, "project.ready", projectId, data));
      }
      if (!info.audio) {
        await repo.setState(projectId, state);
        const data = { projectId, transcribed: false, message: state.statusMessage };
        return void (await deps.webhooks.emit(project.workspaceId, "project.ready", projectId, data));
      }
      // Transcription follows at once: the project's state and the transcribe job commit together.
      await deps.jobs.start({
        queue: "transcribe",
        owner: project.userId,
        subject: { projectId },
        payload: (trackId) => ({ projectId, trackId }),
        claim: async (tx) => {
          await new VideoRepository(tx).setState(projectId, state);
          return true;
        },
      });
    },
  );
}

export const ingestJob = defineJob({ name: "ingest", payload: ingestPayload, run: runIngest });
