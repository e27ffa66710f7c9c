import { mkdir } from "node:fs/promises";
import path from "node:path";
import {
  createDefaultRegistry,
  createVoiceCloner,
  type EngineRegistry,
  type VoiceCloner,
} from "@dubbing/dubbing";
import type { FastifyInstance } from "fastify";
import type { PgBoss } from "pg-boss";
import { buildApp } from "./app.ts";
import { claimDataDir, startBackups } from "./backup/index.ts";
import type { Config } from "./config.ts";
import { TRANSLATIONS_DELETED_CHANNEL } from "./db/change-triggers.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { listenForChanges } from "./db/listen.ts";
import { sweepClipCaches } from "./deletion/sweep.ts";
import { appMailer, prepareIdentity } from "./identity/mount.ts";
import { pollingFor, requeueOrphans, startBoss } from "./jobs/queue.ts";
import { JobQueue } from "./jobs/runner.ts";
import { SCRATCH_MAX_AGE_MS, SCRATCH_SWEEP_MS, sweepScratch } from "./jobs/scratch.ts";
import { sweepStuckJobs } from "./jobs/stuck.ts";
import { JobTracker } from "./jobs/tracker.ts";
import { configureLogs, log } from "./logs/context.ts";
import { mediaSigner } from "./media/signing.ts";
import { instrumentEngines, Metrics, workerEndpoint } from "./metrics/index.ts";
import { VideoRepository } from "./projects/repository.ts";
import { TranslationRepository } from "./projects/translation-repository.ts";
import { startIdleCollector } from "./runtime/idle-collector.ts";
import { tightenTree } from "./runtime/private-files.ts";
import { claimProcessFolder, sweepGoneProcesses } from "./runtime/process-folder.ts";
import { createStorage, type Storage } from "./storage/index.ts";
import { allowedImageHosts, OfflineImageLibrary } from "./storyboards/images.ts";
import { StoryboardRepository } from "./storyboards/repository.ts";
import { UsageRepository } from "./usage/repository.ts";
import { releaseMinutes } from "./usage/reserve.ts";
import { WebhookService } from "./webhooks/service.ts";
import { JOB_PAYLOADS, QUEUE_NAMES } from "./workers/jobs.ts";
import { startWorkers } from "./workers/worker.ts";

export interface RunningServer {
  app: FastifyInstance | null;
  database: Database;
  storage: Storage;
  boss: PgBoss;
  stop(): Promise<void>;
}

/** How often a worker looks for stuck job rows. */
const STUCK_SWEEP_MS = 60_000;
/**
 * How long a stopping API waits for the requests in flight before it cuts their connections: a client
 * that stalls (a download it stopped reading, a request it never finished sending) would otherwise hold
 * the stop for a minute and more (Node's headers timeout), past the moment an orchestrator kills it.
 */
const CLOSE_GRACE_MS = 5_000;

/** Starts the configured roles in this process: api (HTTP), worker (jobs), or both. */
export async function startServer(
  config: Config,
  /** Tests: the database in memory, optionally from a copy of a migrated one (`openDatabase`). */
  opts: { memoryDb?: boolean; loadDataDir?: Blob } = {},
): Promise<RunningServer> {
  configureLogs(config.logLevel);
  const tmpDir = path.join(config.dataDir, "tmp");
  await mkdir(tmpDir, { recursive: true });
  // An embedded database on disk belongs to one process: a second one on the same DATA_DIR stops here.
  const embeddedOnDisk = !config.databaseUrl && !opts.memoryDb;
  const control = embeddedOnDisk ? await claimDataDir(config.dataDir) : null;
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    memory: opts.memoryDb,
    loadDataDir: opts.loadDataDir,
  });
  // PGlite's file system (Emscripten's) sets the modes of some files it creates itself (the new database's,
  // pg_internal.init at each start: 0666), whatever the process's umask: made private again once it is open.
  if (embeddedOnDisk) await tightenTree(path.join(config.dataDir, "db"));
  // What a crash left in tmp: in embedded mode nothing runs yet, so all of it; later, hourly, what is old.
  const stale = () => new Date(Date.now() - SCRATCH_MAX_AGE_MS);
  await sweepScratch(tmpDir, database.kind === "pglite" ? new Date() : stale());
  const sweeper = setInterval(() => void sweepScratch(tmpDir, stale()).catch(() => {}), SCRATCH_SWEEP_MS);
  sweeper.unref();
  const stopIdleCollector = startIdleCollector((before, after, ms) =>
    log().debug({ before, after, ms: Math.round(ms) }, "idle: garbage collected"),
  );
  // This process's partial uploads live in a folder of its own; those of processes that are gone (a crash,
  // a kill) go now, their multipart uploads in the bucket aborted first; hourly again after.
  const own = await claimProcessFolder(tmpDir);
  const storage = await createStorage(config, path.join(own.dir, "multipart"));
  await storage.check();
  const sweepGone = () =>
    sweepGoneProcesses(tmpDir, own.dir, (dir) =>
      storage.abortJournaledUploads(path.join(dir, "multipart")).then(() => {}),
    );
  await sweepGone().catch((error: Error) => log().error({ err: error }, "could not sweep gone processes"));
  const goneSweeper = setInterval(() => void sweepGone().catch(() => {}), SCRATCH_SWEEP_MS);
  goneSweeper.unref();
  const metrics = new Metrics();
  const backups =
    control && database.kind === "pglite"
      ? startBackups({
          config,
          socket: control,
          pglite: database.pglite,
          db: database.db,
          storage,
          metrics,
          log: log(),
        })
      : null;
  // Multipart uploads a killed process left behind (an hour gives every live upload time to finish).
  await storage.abortStaleUploads(new Date(Date.now() - 3600_000)).catch((error: Error) => {
    log().error({ err: error }, "could not sweep unfinished uploads");
  });
  const isWorker = config.roles.has("worker");
  const boss = await startBoss(database, { supervise: isWorker, queues: QUEUE_NAMES });
  // one engine registry per process, from the config (availability is probed once)
  const registry = createDefaultRegistry(config.engines);
  const cloner = createVoiceCloner(config.engines);
  instrumentEngines(registry, metrics);

  const worker = isWorker
    ? await startWorkerRole(config, database, { boss, storage, registry, cloner, metrics })
    : null;

  let app: FastifyInstance | null = null;
  let workerHttp: FastifyInstance | null = null;
  if (config.roles.has("api")) {
    const identity = await prepareIdentity(database.db, config);
    app = await buildApp({
      config,
      database,
      storage,
      boss,
      identity,
      registry,
      cloner,
      metrics,
      uploadsDir: own.dir,
    });
    await app.listen({ port: config.port, host: config.host });
  } else if (config.workerPort !== undefined) {
    const { db } = database;
    const token = config.metricsToken;
    workerHttp = await workerEndpoint({
      db,
      boss,
      metrics,
      token,
      port: config.workerPort,
      host: config.host,
    });
  }

  return {
    app,
    database,
    storage,
    boss,
    async stop() {
      stopIdleCollector();
      clearInterval(sweeper);
      clearInterval(goneSweeper);
      await worker?.stop();
      await backups?.stop();
      const cut = setTimeout(() => app?.server.closeAllConnections(), CLOSE_GRACE_MS);
      await app?.close();
      clearTimeout(cut);
      await workerHttp?.close();
      // Give running jobs a moment to finish; whatever is cut off is retried on the next start.
      await boss.stop({ graceful: true, timeout: 10_000 });
      await database.close();
      await own.close();
      await control?.close();
    },
  };
}

/**
 * The worker role: the job handlers with what they need, jobs a crash cut off queued again, and the
 * sweeps of deleted translations' clip caches and of stuck job rows.
 */
/** What the process made once and every role shares. */
interface ProcessParts {
  boss: PgBoss;
  storage: Storage;
  registry: EngineRegistry;
  cloner: VoiceCloner | null;
  metrics: Metrics;
}

async function startWorkerRole(
  config: Config,
  database: Database,
  { boss, storage, registry, cloner, metrics }: ProcessParts,
) {
  const db = database.db;
  const orphans = await requeueOrphans(database, boss);
  const jobs = new JobQueue(db, boss, JOB_PAYLOADS);
  const enqueue = jobs.enqueueWebhook.bind(jobs);
  const deps = {
    repo: new VideoRepository(db),
    translations: new TranslationRepository(db),
    usage: new UsageRepository(db),
    tracker: new JobTracker(db, releaseMinutes),
    storage,
    jobs,
    scratchDir: path.join(config.dataDir, "tmp"),
    cacheDir: path.join(config.dataDir, "cache"),
    storyboards: new StoryboardRepository(db),
    images: await OfflineImageLibrary.open(db, storage, path.join(config.dataDir, "tmp")),
    imageHosts: allowedImageHosts(config.pexels.apiKey ? config.pexels.baseUrl : undefined),
    registry,
    cloner,
    budget: config.jobBudget,
    sign: await mediaSigner(db),
    publicUrl: config.publicUrl,
    webhooks: new WebhookService(db, enqueue, config.webhooks.allowPrivate),
    delivery: {
      db,
      mailer: appMailer(db, config).mailer,
      enqueue,
      allowPrivate: config.webhooks.allowPrivate,
      retryDelaysMs: config.webhooks.retryDelaysMs,
      publicUrl: config.publicUrl,
    },
    linkImport: { ...config.linkImport, maxBytes: config.maxUploadBytes },
    plans: config.plans,
  };
  const workers = await startWorkers(boss, deps, {
    concurrency: config.workerConcurrency,
    polling: pollingFor(database.kind),
    metrics,
  });
  // jobs a crash cut off are retried after their first delay
  if (orphans > 0) workers.wakeAfterRetry(0);
  // This machine's clip caches of deleted translations (another process may have deleted them): at once
  // when the database says translations were deleted, hourly besides (a notification missed while the
  // connection was down). Sweeps run one at a time; a burst of notifications queues one more.
  let sweepQueued = false;
  let sweeps = Promise.resolve();
  const sweepCaches = () => {
    if (sweepQueued) return;
    sweepQueued = true;
    sweeps = sweeps
      .then(() => {
        sweepQueued = false;
        return sweepClipCaches(db, deps.cacheDir);
      })
      .then(
        () => {},
        () => {},
      );
  };
  sweepCaches();
  const cacheSweeper = setInterval(sweepCaches, SCRATCH_SWEEP_MS);
  cacheSweeper.unref();
  const stopCacheListener = await listenForChanges(database, TRANSLATIONS_DELETED_CHANNEL, {
    clear: sweepCaches,
    setListening: (listening) => listening && sweepCaches(),
  });
  // Job rows whose queue job is gone or ended without settling them release their records.
  const stuckSweeper = setInterval(
    () => void sweepStuckJobs(db, deps.tracker, new Date()).catch(() => {}),
    STUCK_SWEEP_MS,
  );
  stuckSweeper.unref();
  return {
    async stop() {
      clearInterval(cacheSweeper);
      await stopCacheListener();
      clearInterval(stuckSweeper);
    },
  };
}
