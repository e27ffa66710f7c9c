import type { LanguageCode } from "@dubbing/contract";
import { findVoice } from "@dubbing/dubbing";
import type { StoryboardFrameJson } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { JobQueue } from "../jobs/runner.ts";
import { type JobRow, type JobTracker, presentJob } from "../jobs/tracker.ts";
import { type Plan, planOrUnlimited } from "../plans/plans.ts";
import type { SignPath } from "../projects/present.ts";
import { takeQuota } from "../usage/quotas.ts";
import { chargeMinutes } from "../usage/reserve.ts";
import { payerOf } from "../workspaces/repository.ts";
import { estimateNarrationSeconds, frameQuery, pickKeywords, splitIntoFrames } from "./frames.ts";
import {
  IMAGES_PER_FRAME,
  IMAGES_PER_SEARCH,
  type ImageProvider,
  MAX_SEARCHES_PER_STORYBOARD,
  type OfflineImageLibrary,
  type StoryboardImage,
} from "./images.ts";
import { StoryboardRepository, type StoryboardRow } from "./repository.ts";
import { MAX_FRAMES, type StoryboardUpdate } from "./schemas.ts";

/** Who is on which plan (the billing service). */
interface PlanOf {
  planOf(userId: string): Promise<Plan>;
}

const MEDIA_TTL_SECONDS = 6 * 3600;
/** The voice a storyboard is narrated with when none is chosen: the catalogue's first en-US voice. */
const DEFAULT_STORYBOARD_VOICE = "en-US-AndrewMultilingualNeural";

interface GenerateOptions {
  voice?: string;
  language?: LanguageCode;
  subtitles?: boolean;
}

export class StoryboardService {
  readonly repo: StoryboardRepository;
  readonly images: ImageProvider;
  readonly offline: OfflineImageLibrary;
  readonly tracker: JobTracker;
  readonly jobs: JobQueue;
  readonly sign: SignPath;
  readonly plans: PlanOf | undefined;

  constructor(deps: {
    repo: StoryboardRepository;
    images: ImageProvider;
    offline: OfflineImageLibrary;
    tracker: JobTracker;
    jobs: JobQueue;
    sign: SignPath;
    plans?: PlanOf;
  }) {
    this.plans = deps.plans;
    this.repo = deps.repo;
    this.images = deps.images;
    this.offline = deps.offline;
    this.tracker = deps.tracker;
    this.jobs = deps.jobs;
    this.sign = deps.sign;
  }

  /** Cuts the transcript into frames, finds images for each, and stores the storyboard in one insert. */
  async create(userId: string, title: string, transcript: string, workspaceId = userId) {
    const texts = splitIntoFrames(transcript);
    if (texts.length === 0) throw new AppError("validation_failed", "A transcript is required.");
    if (texts.length > MAX_FRAMES) {
      throw new AppError(
        "validation_failed",
        `This transcript makes ${texts.length} frames; a storyboard can have at most ${MAX_FRAMES}. Split it into parts.`,
      );
    }
    // One search per distinct frame query, at most MAX_SEARCHES_PER_STORYBOARD, paid for before any runs.
    const keywords = texts.map((text) => pickKeywords(text, 3));
    const frameQueries = keywords.map((k) => frameQuery(k, title));
    const queries = [...new Set(frameQueries)].slice(0, MAX_SEARCHES_PER_STORYBOARD);
    await this.takeImageSearches(workspaceId, queries.length);
    const found = new Map<string, StoryboardImage[]>();
    // At most 4 searches at once: polite to the image library, quick for a long transcript.
    for (let i = 0; i < queries.length; i += 4) {
      const batch = queries.slice(i, i + 4);
      const images = await Promise.all(batch.map((query) => this.frameImages(query)));
      for (const [j, query] of batch.entries()) found.set(query, images[j]!);
    }
    const frames: StoryboardFrameJson[] = texts.map((text, i) => ({
      transcriptSegment: { text },
      keywords: keywords[i]!,
      pexelImages: found.get(frameQueries[i]!) ?? [],
      selectedAssetIndex: 0,
    }));
    const row = await this.repo.insert({ userId, workspaceId, title, frames });
    return this.present(row, null, userId);
  }

  /** A frame's first images; a failing image library must not lose the storyboard: our own images then. */
  private async frameImages(query: string): Promise<StoryboardImage[]> {
    const found = await this.images.search(query, IMAGES_PER_FRAME).catch(() => []);
    return found.length ? found : this.offline.search(query, IMAGES_PER_FRAME);
  }

  async list(userId: string, workspaceId: string) {
    const rows = await this.repo.listInWorkspace(workspaceId);
    return rows.map((row) => ({ ...this.present(row, null, userId), frameCount: row.frames.length }));
  }

  async get(userId: string, id: string) {
    const row = await this.repo.requireVisible(userId, id);
    return this.present(row, await this.tracker.latestForStoryboard(row.id), userId);
  }

  async update(userId: string, id: string, change: StoryboardUpdate) {
    const row = await this.repo.requireVisible(userId, id);
    const frames: StoryboardFrameJson[] = change.frames.map((f, i) => ({
      transcriptSegment: { text: f.transcriptSegment.text },
      keywords: f.keywords ?? row.frames[i]?.keywords ?? pickKeywords(f.transcriptSegment.text, 3),
      pexelImages: f.pexelImages.map((img) => ({ ...img, id: img.id ?? img.medium })),
      selectedAssetIndex: f.selectedAssetIndex,
    }));
    const saved = await this.repo.update(row.id, { frames, ...(change.title && { title: change.title }) });
    return this.present(saved!, await this.tracker.latestForStoryboard(row.id), userId);
  }

  async rename(userId: string, id: string, title: string) {
    const row = await this.repo.requireVisible(userId, id);
    const saved = await this.repo.update(row.id, { title });
    return this.present(saved!, await this.tracker.latestForStoryboard(row.id), userId);
  }

  /** A search for a frame's images, in a workspace whose owner's plan counts it. */
  async searchImages(workspaceId: string, query: string) {
    await this.takeImageSearches(workspaceId, 1);
    return this.images.search(query, IMAGES_PER_SEARCH);
  }

  /**
   * Image searches are counted per hour (they use the operator's Pexels key, or render illustrations),
   * from the plan of the workspace's owner, like its minutes.
   */
  private async takeImageSearches(workspaceId: string, count: number) {
    const payer = await payerOf(this.repo.db, workspaceId);
    await takeQuota(this.repo.db, {
      userId: payer,
      plan: await this.planOf(payer),
      kind: "imageSearches",
      count,
    });
  }

  private async planOf(userId: string): Promise<Plan> {
    return planOrUnlimited(this.plans, userId);
  }

  /** Queues the video; while one is being made, the running job is returned instead of a second run. */
  async generate(userId: string, id: string, opts: GenerateOptions) {
    const row = await this.repo.requireVisible(userId, id);
    const voice = opts.voice ?? DEFAULT_STORYBOARD_VOICE;
    if (!findVoice(voice)) {
      throw new AppError("validation_failed", `"${voice}" is not one of the app's voices.`, [
        { path: "voice", message: "Unknown voice." },
      ]);
    }
    const language = opts.language ?? "en";
    const payer = await payerOf(this.repo.db, row.workspaceId);
    const plan = await this.planOf(payer);
    const latest = await this.tracker.latestForStoryboard(row.id);
    // "generating" with no live job (its worker died on the last attempt) may be taken over.
    const settled = !latest || latest.status === "done" || latest.status === "failed";
    const takeOver = settled && Date.now() - row.updatedAt.getTime() > 120_000;
    const job =
      (await this.jobs.start({
        queue: "storyboard",
        owner: userId,
        subject: { storyboardId: row.id },
        payload: (trackId) => ({
          storyboardId: row.id,
          trackId,
          voice,
          language,
          subtitles: opts.subtitles ?? true,
        }),
        // The narration's estimated length is taken from the month, like a dub's.
        charge: chargeMinutes({
          userId: payer,
          plan,
          kind: "dubbed",
          seconds: row.frames.reduce((sum, f) => sum + estimateNarrationSeconds(f.transcriptSegment.text), 0),
          what: "storyboard",
        }),
        claim: async (tx) => {
          if (!(await new StoryboardRepository(tx).claimForGeneration(row.id, takeOver))) return false;
          await takeQuota(tx, { userId: payer, plan, kind: "storyboardVideos" });
          return true;
        },
      })) ?? latest;
    const current = (await this.repo.findById(row.id))!;
    return { job: job && presentJob(job), storyboard: this.present(current, job, userId) };
  }

  /**
   * The published storyboard shape (_id, title, createdAt, frames, videoUrl) plus the generation state; the
   * video link is bound to `userId` (it stops if they leave the workspace).
   */
  present(row: StoryboardRow, job: JobRow | null, userId: string) {
    const durations = row.frameDurationsMs;
    return {
      _id: row.id,
      title: row.title,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      frames: row.frames.map((f, i) => ({
        ...f,
        ...(durations && durations.length === row.frames.length && { narrationMs: durations[i] }),
      })),
      videoUrl: row.videoKey ? this.sign(row.videoKey, MEDIA_TTL_SECONDS, undefined, userId) : null,
      videoDurationMs: row.videoDurationMs,
      generatedAt: row.generatedAt?.toISOString() ?? null,
      status: row.status,
      statusMessage: row.statusMessage,
      job: job ? presentJob(job) : null,
    };
  }
}
