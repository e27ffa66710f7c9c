import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { extractAudioArgs, MediaError, posterArgs, previewArgs, probe, runFfmpeg } from "@dubbing/dubbing";
import type { Storage } from "../storage/index.ts";
import type { VideoRepository } from "../videos/repository.ts";

export interface IngestDeps {
  repo: VideoRepository;
  storage: Storage;
  scratchDir: string;
}

/**
 * Ingest: probe, poster, card preview, 16 kHz mono audio. Each step's output is stored under the project and
 * skipped when already there, so a retry after a crash resumes where the last run stopped.
 */
export async function runIngest(deps: IngestDeps, projectId: string, isLastAttempt: boolean): Promise<void> {
  const { repo, storage } = deps;
  const project = await repo.findById(projectId);
  if (!project) return; // deleted meanwhile: nothing to do
  const work = await mkdtemp(path.join(deps.scratchDir, "ingest-"));
  const source = await storage.localCopy(project.originalKey, work);
  const prefix = `projects/${projectId}/`;
  try {
    await repo.setState(projectId, { status: "processing", progress: 5, statusMessage: "Reading the video" });
    const info = await probe(source.path);
    const durationMs = Math.round(info.durationMs);

    const step = async (
      key: string,
      args: (input: string, output: string) => string[],
      progress: number,
      label: string,
    ) => {
      if (!(await storage.stat(key))) {
        const out = path.join(work, path.basename(key));
        await runFfmpeg(args(source.path, out), { durationMs });
        await storage.putFile(key, out);
      }
      await repo.setState(projectId, { progress, statusMessage: label });
    };

    await step(
      `${prefix}poster.jpg`,
      (i, o) => posterArgs(i, o, Math.min(1, durationMs / 2000)),
      25,
      "Made the poster",
    );
    await step(`${prefix}preview.mp4`, previewArgs, 60, "Made the preview");
    if (info.audio) await step(`${prefix}audio.wav`, extractAudioArgs, 95, "Extracted the audio");

    await repo.setState(projectId, {
      status: "ready",
      progress: 100,
      statusMessage: info.audio ? null : "This video has no audio track, so there is nothing to transcribe.",
      durationMs,
      width: info.video?.width ?? null,
      height: info.video?.height ?? null,
      hasAudio: info.audio ? 1 : 0,
      posterKey: `${prefix}poster.jpg`,
      previewKey: `${prefix}preview.mp4`,
      audioKey: info.audio ? `${prefix}audio.wav` : null,
    });
  } catch (error) {
    // A media error will not get better on retry: fail the project now, with the reason.
    const permanent = error instanceof MediaError && error.code !== "aborted";
    if (permanent || isLastAttempt) {
      await repo.setState(projectId, {
        status: "failed",
        statusMessage: `Processing failed: ${(error as Error).message.split("\n")[0]}`,
      });
      if (permanent) return;
    }
    throw error;
  } finally {
    await source.release();
    await rm(work, { recursive: true, force: true });
  }
}
