import path from "node:path";
import type { EngineRegistry, VoiceCloner } from "@dubbing/dubbing";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import type { PgBoss } from "pg-boss";
import { accountRoutes } from "./account/routes.ts";
import { AccountService } from "./account/service.ts";
import { activityRoutes } from "./activity/routes.ts";
import { AdminInvites } from "./admin/invites.ts";
import { AdminJobs } from "./admin/jobs.ts";
import { adminRoutes } from "./admin/routes.ts";
import { AdminUsers } from "./admin/users.ts";
import { apiDocsRoutes } from "./api-docs/routes.ts";
import { sessionAuth } from "./auth/access.ts";
import { apiKeyRoutes } from "./auth/api-key-routes.ts";
import { ApiKeyService } from "./auth/api-keys.ts";
import { bindSignInLinks } from "./auth/link-binding.ts";
import { authRoutes } from "./auth/routes.ts";
import { startSessionCache } from "./auth/session-cache.ts";
import { signUpRule } from "./auth/sign-up-rule.ts";
import { BillingRepository } from "./billing/repository.ts";
import { billingRoutes } from "./billing/routes.ts";
import { BillingService } from "./billing/service.ts";
import { StripeClient } from "./billing/stripe.ts";
import { usageRoutes } from "./billing/usage-routes.ts";
import { loadPosts } from "./blog/posts.ts";
import { blogRoutes } from "./blog/routes.ts";
import { serverOffer } from "./catalog/offer.ts";
import { catalogRoutes } from "./catalog/routes.ts";
import type { Config } from "./config.ts";
import { MEMBERS_REMOVED_CHANNEL } from "./db/change-triggers.ts";
import type { Database } from "./db/client.ts";
import { type ChangeListener, listenForChanges } from "./db/listen.ts";
import { sharedSecret } from "./db/settings.ts";
import { ownershipRoutes } from "./deletion/routes.ts";
import { DeletionService } from "./deletion/service.ts";
import { glossaryRoutes } from "./glossary/routes.ts";
import { GlossaryService } from "./glossary/service.ts";
import { errorHandling, frameworkErrors } from "./http/errors.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { webApp } from "./http/web.ts";
import { GOOGLE_CALLBACK, type Identity, MAGIC_LINK_CALLBACK, mountIdentity } from "./identity/mount.ts";
import { JobQueue } from "./jobs/runner.ts";
import { JobTracker } from "./jobs/tracker.ts";
import { requestIds, requestLogs } from "./logs/context.ts";
import { loggerOptions } from "./logs/options.ts";
import { mediaRoutes } from "./media/routes.ts";
import { MEDIA_SECRET, mediaSigner } from "./media/signing.ts";
import { type Metrics, metricsRoutes } from "./metrics/index.ts";
import { VideoRepository } from "./projects/repository.ts";
import { TranslationRepository } from "./projects/translation-repository.ts";
import { reviewRoutes } from "./review/routes.ts";
import type { Storage } from "./storage/index.ts";
import { OfflineImageLibrary, PexelsProvider } from "./storyboards/images.ts";
import { StoryboardRepository } from "./storyboards/repository.ts";
import { storyboardRoutes } from "./storyboards/routes.ts";
import { StoryboardService } from "./storyboards/service.ts";
import { systemRoutes } from "./system/routes.ts";
import { inviteRoutes } from "./teams/invite-routes.ts";
import { memberRoutes } from "./teams/members-routes.ts";
import { workspaceRoutes } from "./teams/routes.ts";
import { translationRoutes } from "./translations/routes.ts";
import { TranslationService } from "./translations/service.ts";
import { subtitleImportRoutes } from "./translations/subtitle-routes.ts";
import { UsageRepository } from "./usage/repository.ts";
import { releaseMinutes } from "./usage/reserve.ts";
import { MAX_STREAMS_PER_USER, videoEvents } from "./videos/events.ts";
import { UserStreams } from "./videos/progress-hub.ts";
import { startProjectReads } from "./videos/read-cache.ts";
import { videoRoutes } from "./videos/routes.ts";
import { VideoService } from "./videos/service.ts";
import { VoiceCloningService } from "./voices/cloning.ts";
import { cloningRoutes } from "./voices/cloning-routes.ts";
import { MyVoiceService } from "./voices/my-voices.ts";
import { myVoiceRoutes } from "./voices/routes.ts";
import { webhookRoutes } from "./webhooks/routes.ts";
import { WebhookService } from "./webhooks/service.ts";
import { JOB_PAYLOADS } from "./workers/jobs.ts";
import { startWorkspaceRoles } from "./workspaces/role-cache.ts";

interface AppDeps {
  config: Config;
  database: Database;
  storage: Storage;
  boss: PgBoss;
  identity: Identity;
  /** The engines (server.ts builds them from config.engines). */
  registry: EngineRegistry;
  /** The engine that clones voices, or null when none is configured (server.ts, config.engines). */
  cloner: VoiceCloner | null;
  /** This process's metrics (server.ts); absent, nothing is recorded and /metrics does not exist. */
  metrics?: Metrics;
  /** This process's own folder for the uploads it receives (server.ts); DATA_DIR/tmp/uploads without. */
  uploadsDir?: string;
}

/** The HTTP side (role "api"): every route, wired to its services. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, storage, boss, identity, registry, cloner } = deps;
  const db = database.db;
  const app = await httpServer(config, db, deps.metrics);
  const { sessions, streams, closeAccountOf, roles } = await signIn(app, deps);

  const mediaSecret = await sharedSecret(db, MEDIA_SECRET);
  const sign = await mediaSigner(db);
  const { repo, tracker, jobs, billing, videos, translations } = await projectServices(app, deps, sign);

  let offer: ReturnType<typeof serverOffer> | undefined;
  systemRoutes(app, {
    db,
    storage,
    boss,
    mode: database.kind === "pglite" ? "embedded" : "scale-out",
    publicUrl: config.publicUrl,
    maxUploadBytes: config.maxUploadBytes,
    identity: {
      publicToken: identity.project.publicToken,
      sdkBaseUrl: config.publicUrl,
      // The sign-in screen offers only what works here: Google needs its client id and secret.
      oauthProviders: Object.keys(config.identity.oauthProviders),
      // no SMTP server: sign-in emails land in /dev/mailbox, which "Check your email" names
      devMailbox: config.devMailbox !== "off",
    },
    operator: config.operator,
    voiceCloning: cloner !== null,
    offer: () => (offer ??= serverOffer(registry)),
  });
  apiDocsRoutes(app);
  mediaRoutes(app, { storage, secret: mediaSecret, roles });
  videoRoutes(app, {
    db,
    videos,
    tmpDir: path.join(config.dataDir, "tmp"),
    uploadsDir: deps.uploadsDir ?? path.join(config.dataDir, "tmp", "uploads"),
    maxUploadBytes: config.maxUploadBytes,
  });
  translationRoutes(app, { db, translations, scratchDir: path.join(config.dataDir, "tmp") });
  subtitleImportRoutes(app, { videos, translations, scratchDir: path.join(config.dataDir, "tmp") });
  glossaryRoutes(app, { glossaries: new GlossaryService(db, repo) });
  videoEvents(app, { db, videos, tracker, streams, credentials: sessions.cache });
  catalogRoutes(app, { registry, storage, tmpDir: path.join(config.dataDir, "tmp") });
  const deletion = new DeletionService({
    db,
    storage,
    cacheDir: path.join(config.dataDir, "cache"),
    jobs,
    cloner,
  });
  const myVoices = new MyVoiceService(db, repo, deletion);
  myVoiceRoutes(app, { myVoices });
  cloningRoutes(app, {
    cloning: new VoiceCloningService({
      db,
      storage,
      cloner,
      tmpDir: path.join(config.dataDir, "tmp"),
      deletion,
    }),
    myVoices,
    registry,
    storage,
    tmpDir: path.join(config.dataDir, "tmp"),
  });
  usageRoutes(app, { billing, db, videos: repo });
  billingRoutes(app, { billing });
  workspaceRoutes(app, { db, deletion });
  memberRoutes(app, { db });
  reviewRoutes(app, { db });
  activityRoutes(app, { db });
  inviteRoutes(app, { db, mailer: identity.mailer, publicUrl: config.publicUrl });
  webhookRoutes(app, {
    webhooks: new WebhookService(db, jobs.enqueueWebhook.bind(jobs), config.webhooks.allowPrivate),
  });
  blogRoutes(app, { posts: await loadPosts(config.blogDir) });
  const offlineImages = await OfflineImageLibrary.open(db, storage, path.join(config.dataDir, "tmp"));
  const storyboards = new StoryboardService({
    repo: new StoryboardRepository(db),
    images: config.pexels.apiKey
      ? new PexelsProvider(config.pexels.apiKey, config.pexels.baseUrl)
      : offlineImages,
    offline: offlineImages,
    tracker,
    jobs,
    sign,
    plans: billing,
  });
  storyboardRoutes(app, { storyboards, offline: offlineImages });
  ownershipRoutes(app, { deletion, videos, storyboards });
  const account = new AccountService({ db, jobs, deletion, billing, sign });
  accountRoutes(app, { account, onDeleted: (userId) => streams.closeAll(userId) });
  closeAccountOf.run = async (identityUserId) => {
    const userId = await account.deleteForIdentityUser(identityUserId);
    if (userId) streams.closeAll(userId);
  };
  adminRoutes(app, {
    db,
    users: new AdminUsers({ db, billing, account, adminEmails: config.adminEmails }),
    invites: new AdminInvites({
      db,
      plans: config.plans,
      mailer: identity.mailer,
      publicUrl: config.publicUrl,
    }),
    jobs: new AdminJobs({ db, videos, translations }),
    registry,
    modelsDir: config.engines.fasterWhisper?.modelsDir,
    storageBackend: config.s3 ? "s3" : "local",
    publicUrl: config.publicUrl,
    extraOrigins: config.identity.extraOrigins,
    onSuspended: (userId) => streams.closeAll(userId),
  });
  await webApp(app, config.webDist);
  return app;
}

/** Fastify with what every route relies on: errors and logs in the API's shape, headers, cookies, uploads. */
async function httpServer(config: Config, db: Database["db"], metrics: Metrics | undefined) {
  const trust = config.trustProxy;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    genReqId: requestIds(trust !== false && trust !== 0),
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors,
    // Only the configured proxies may tell who the client is: otherwise anyone could forge
    // X-Forwarded-For, dodge every per-IP limit and write any address into the audit log.
    trustProxy: typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust,
  });
  errorHandling(app);
  requestLogs(app);
  if (metrics) metricsRoutes(app, { metrics, token: config.metricsToken, db });
  await securityHeaders(app, config.publicUrl);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  return app;
}

/**
 * Who the caller is: sessions (cached, forgotten everywhere on sign-out), the identity provider mounted
 * beside the app, sign-in and API-key routes. Returns what the later routes close on sign-out.
 */
async function signIn(app: FastifyInstance, { config, database, identity }: AppDeps) {
  const db = database.db;
  // Progress streams per user: capped, closed when the user signs out, and checked again at once when a
  // session or key ends or someone leaves a workspace, whichever process did it
  const streams = new UserStreams(MAX_STREAMS_PER_USER);
  const recheckStreams: ChangeListener = {
    clear: () => streams.recheckAll(),
    setListening: (listening) => listening && streams.recheckAll(),
  };
  const sessions = await startSessionCache(database, recheckStreams);
  app.addHook("onClose", () => sessions.stop());
  const roles = await startWorkspaceRoles(database);
  app.addHook("onClose", () => roles.stop());
  sessionAuth(app, { credentials: sessions.cache, adminEmails: config.adminEmails, roles: roles.roles });
  bindSignInLinks(app, {
    publicUrl: config.publicUrl,
    magicLinkCallback: MAGIC_LINK_CALLBACK,
    oauthCallback: GOOGLE_CALLBACK,
    secure: config.publicUrl.startsWith("https:"),
  });
  // An operator's DELETE /v1/users/{id} closes the app account too (the account service comes later).
  const closeAccountOf: { run?: (identityUserId: string) => Promise<void> } = {};
  const signUpAllowed = signUpRule(db, { list: config.signUpList, adminEmails: config.adminEmails });
  await mountIdentity(app, db, config, {
    identity,
    onUserDelete: async (id) => closeAccountOf.run?.(id),
    signUpAllowed,
  });
  const stopMembers = await listenForChanges(database, MEMBERS_REMOVED_CHANNEL, recheckStreams);
  app.addHook("onClose", () => stopMembers());
  authRoutes(app, { db, config, identity, signUpAllowed, onSignOut: (userId) => streams.closeAll(userId) });
  apiKeyRoutes(app, { keys: new ApiKeyService(db) });
  return { sessions, streams, closeAccountOf, roles: roles.roles };
}

/** The services of projects and their translations, with the jobs, tracker and billing they share. */
async function projectServices(
  app: FastifyInstance,
  { config, database, storage, boss, registry }: AppDeps,
  sign: Awaited<ReturnType<typeof mediaSigner>>,
) {
  const db = database.db;
  const repo = new VideoRepository(db);
  const projectReads = await startProjectReads(database, repo);
  app.addHook("onClose", () => projectReads.stop());
  const translationRepo = new TranslationRepository(db);
  const tracker = new JobTracker(db, releaseMinutes);
  const jobs = new JobQueue(db, boss, JOB_PAYLOADS);
  const billing = new BillingService({
    repo: new BillingRepository(db),
    usage: new UsageRepository(db),
    stripe: config.stripe.secretKey ? new StripeClient(config.stripe.secretKey, config.stripe.apiBase) : null,
    config: config.stripe,
    publicUrl: config.publicUrl,
    plans: config.plans,
  });
  const videos = new VideoService({
    repo,
    reads: projectReads.reads,
    storage,
    jobs,
    sign,
    tracker,
    translations: translationRepo,
    limits: billing,
  });
  const translations = new TranslationService({
    storage,
    videos: repo,
    translations: translationRepo,
    tracker,
    jobs,
    sign,
    registry,
    limits: billing,
  });
  return { repo, tracker, jobs, billing, videos, translations };
}
