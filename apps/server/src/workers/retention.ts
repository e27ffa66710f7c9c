import { sweepIdentity } from "@dubbing/identity-server";
import { eq, lt } from "drizzle-orm";
import { z } from "zod";
import { EXPORT_KEEP_DAYS } from "../account/service.ts";
import { dataExports, projects, settings, storyboards } from "../db/schema.ts";
import { purge } from "../deletion/purge.ts";
import { deleteUnsavedClones } from "../deletion/service.ts";
import { sweepOrphanObjects } from "../deletion/sweep.ts";
import { sweepMailbox } from "../identity/mailbox.ts";
import { defineJob } from "../jobs/definition.ts";
import { RETENTION_DAYS } from "../projects/present.ts";
import { OFFLINE_IMAGES_PREFIX, projectPrefix, storyboardPrefix } from "../storage/keys.ts";
import { pruneUsageCarryover } from "../usage/carryover.ts";
import { sweepDeliveries } from "../webhooks/deliver.ts";
import { sweepInvites } from "../workspaces/invites.ts";
import type { WorkerDeps } from "./deps.ts";

/**
 * Deletes projects older than the retention period: files first, then the rows (cascading); storyboards
 * likewise (rows first: a storyboard's only files are its generated video). Also sweeps the
 * identity provider's used tokens, ended sessions and old rate-limit windows.
 */
export async function runRetention(
  deps: Pick<WorkerDeps, "repo" | "translations" | "storage" | "cacheDir"> &
    Partial<Pick<WorkerDeps, "cloner" | "jobs">>,
  now: Date,
): Promise<number> {
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 86_400_000);
  const expired = await deps.repo.db
    .select({ id: projects.id })
    .from(projects)
    .where(lt(projects.uploadedAt, cutoff));
  for (const { id } of expired) {
    const translations = await deps.translations.listByProject(id);
    await purge(deps.storage, deps.cacheDir, {
      prefixes: [projectPrefix(id)],
      clipCaches: translations.map((t) => t.id),
    });
    // its unsaved cloned voices go with it (rows now, at the provider by a purge job that retries)
    const clones = await deps.repo.db.transaction(async (tx) => {
      const c = await deleteUnsavedClones(tx, id);
      await tx.delete(projects).where(eq(projects.id, id));
      return c;
    });
    if (clones.clonedVoices.length) {
      const target = { prefixes: clones.prefixes, clipCaches: [], clonedVoices: clones.clonedVoices };
      await purge(deps.storage, deps.cacheDir, target, deps.cloner ?? null).catch(() =>
        deps.jobs?.enqueuePurge(target),
      );
    }
  }
  // Storyboards and their generated videos follow the same rule.
  const oldBoards = await deps.repo.db
    .delete(storyboards)
    .where(lt(storyboards.createdAt, cutoff))
    .returning({ id: storyboards.id });
  for (const { id } of oldBoards) await deps.storage.deletePrefix(storyboardPrefix(id));
  // "Download my data" ZIPs are kept a week.
  const oldExports = await deps.repo.db
    .delete(dataExports)
    .where(lt(dataExports.createdAt, new Date(now.getTime() - EXPORT_KEEP_DAYS * 86_400_000)))
    .returning({ key: dataExports.key });
  for (const { key } of oldExports) if (key) await deps.storage.deletePrefix(key);
  await expireOfflineImages(deps, now);
  // What a deletion could not remove, or a job wrote after its record went.
  await sweepOrphanObjects(deps.repo.db, deps.storage, now);
  await sweepIdentity(deps.repo.db);
  await pruneUsageCarryover(deps.repo.db, now);
  await sweepMailbox(deps.repo.db, now);
  await sweepInvites(deps.repo.db, now);
  await sweepDeliveries(deps.repo.db, now);
  return expired.length;
}

/** The service's storyboard illustrations are re-rendered on request: a week's worth is kept at most. */
const OFFLINE_IMAGES_DAYS = 7;

/**
 * Clears the shared illustration cache once it is a week old (one settings row remembers when). Counted
 * work bounds what a week can put in it: the API renders only signed image URLs, which only a search
 * counted against its user's hourly image searches hands out (at most 8 per search), and the worker
 * renders at most one per frame of a storyboard video, counted against the month's storyboard videos.
 */
async function expireOfflineImages(deps: Pick<WorkerDeps, "repo" | "storage">, now: Date): Promise<void> {
  const db = deps.repo.db;
  await db
    .insert(settings)
    .values({ key: OFFLINE_IMAGES_SINCE, value: now.toISOString() })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, OFFLINE_IMAGES_SINCE));
  if (now.getTime() - Date.parse(row!.value) < OFFLINE_IMAGES_DAYS * 86_400_000) return;
  await deps.storage.deletePrefix(OFFLINE_IMAGES_PREFIX);
  await db.update(settings).set({ value: now.toISOString() }).where(eq(settings.key, OFFLINE_IMAGES_SINCE));
}

const OFFLINE_IMAGES_SINCE = "offline_images_since";

/** Hourly, on whichever worker gets it (scheduled by the worker role). */
export const retentionJob = defineJob({
  name: "retention",
  payload: z.strictObject({}),
  light: true,
  run: (deps: WorkerDeps) => runRetention(deps, new Date()),
});
