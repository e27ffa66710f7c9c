import type { EngineRegistry, VoiceCloner } from "@dubbing/dubbing";
import type { JobBudget } from "../config.ts";
import type { PlansConfig } from "../config-plans.ts";
import type { JobQueue } from "../jobs/runner.ts";
import type { JobTracker } from "../jobs/tracker.ts";
import type { PrivateAllowance } from "../net/address-guard.ts";
import type { SignPath } from "../projects/present.ts";
import type { VideoRepository } from "../projects/repository.ts";
import type { TranslationRepository } from "../projects/translation-repository.ts";
import type { Storage } from "../storage/index.ts";
import type { OfflineImageLibrary } from "../storyboards/images.ts";
import type { StoryboardRepository } from "../storyboards/repository.ts";
import type { UsageRepository } from "../usage/repository.ts";
import type { DeliveryDeps } from "../webhooks/deliver.ts";
import type { WebhookService } from "../webhooks/service.ts";

/** What job handlers need. */
export interface WorkerDeps {
  repo: VideoRepository;
  translations: TranslationRepository;
  usage: UsageRepository;
  tracker: JobTracker;
  storage: Storage;
  jobs: JobQueue;
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
  /** Deletes cloned voices at their provider (purge jobs); null when no cloning is configured. */
  cloner: VoiceCloner | null;
  /** Signs media links (the data export's links to videos) and the address they start with. */
  sign: SignPath;
  publicUrl: string;
  /** How long a job may run for a video of a given length (see budgetMs). */
  budget: JobBudget;
  /** Tells the user's webhook endpoints what happened (never throws). */
  webhooks: WebhookService;
  /** What the webhook delivery job needs. */
  delivery: DeliveryDeps;
  /** Link imports: the private addresses allowed, the size cap (the upload limit), yt-dlp's program. */
  linkImport: { allow: PrivateAllowance; maxBytes: number; ytDlpBin: string | undefined };
  /** The plans, for the plan ids job payloads carry (plans/plans.ts planNamed). */
  plans: PlansConfig;
}

/** Pure: the wall-clock budget of a job on `mediaSeconds` of video. */
export function budgetMs(budget: JobBudget, mediaSeconds: number): number {
  return (budget.baseSeconds + budget.factor * mediaSeconds) * 1000;
}
