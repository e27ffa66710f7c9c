import type { EngineRegistry } from "@dubbing/dubbing";
import type { Storage } from "../storage/index.ts";
import type { OfflineImageLibrary } from "../storyboards/images.ts";
import type { StoryboardRepository } from "../storyboards/repository.ts";
import type { TranslationRepository } from "../translations/repository.ts";
import type { UsageRepository } from "../usage/repository.ts";
import type { VideoRepository } from "../videos/repository.ts";
import type { JobSender } from "./sender.ts";
import type { JobTracker } from "./tracker.ts";

/** What job handlers need. */
export interface WorkerDeps {
  repo: VideoRepository;
  translations: TranslationRepository;
  usage: UsageRepository;
  tracker: JobTracker;
  storage: Storage;
  jobs: JobSender;
  /** Temporary files of one job run. */
  scratchDir: string;
  storyboards: StoryboardRepository;
  /** The service's own illustrations (storyboard images that work offline). */
  images: OfflineImageLibrary;
  /** Hosts a storyboard video job may download selected images from. */
  imageHosts: Set<string>;
  /** Kept between runs: the TTS clip cache that lets a re-dub re-render only changed segments. */
  cacheDir: string;
  /** The engines, built once per process from the config. */
  registry: EngineRegistry;
}

/** A retry will not help: bad input, a missing engine, a file that is not what it claims. */
export function isPermanent(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return (
    code !== undefined &&
    code !== "aborted" &&
    code !== "engine_failed" &&
    code !== "ffmpeg_failed" &&
    (error as Error).name !== "AppError"
  );
}

export function firstLine(error: unknown): string {
  return String((error as Error).message ?? error)
    .split("\n")[0]!
    .slice(0, 300);
}

/**
 * A job's answer to an error: when no retry can help or none is left, record `message` on the resource
 * (`record`) and on the job's progress row; then stop if retrying cannot help, else rethrow so pg-boss retries.
 */
export async function settleFailure(
  tracker: JobTracker,
  trackId: string,
  error: unknown,
  isLastAttempt: boolean,
  message: string,
  record: () => Promise<unknown>,
): Promise<void> {
  if (isPermanent(error) || isLastAttempt) {
    await record();
    await tracker.finish(trackId, "failed", message);
    if (isPermanent(error)) return;
  }
  throw error;
}
