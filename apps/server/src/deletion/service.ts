import type { LanguageCode } from "@dubbing/contract";
import type { VoiceCloner } from "@dubbing/dubbing";
import { and, eq, inArray, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { jobs, myVoices, projects, storyboards, translations, workspaces } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { JobQueue } from "../jobs/runner.ts";
import { NO_TRANSLATION } from "../projects/languages.ts";
import { VideoRepository } from "../projects/repository.ts";
import type { Storage } from "../storage/index.ts";
import { dubPrefix, myVoicePrefix, projectPrefix, storyboardPrefix } from "../storage/keys.ts";
import { StoryboardRepository } from "../storyboards/repository.ts";
import { ownedWorkspaces } from "../workspaces/repository.ts";
import { type PurgeTarget, purge } from "./purge.ts";

/**
 * Deletes what a user owns. Rows go first, in one transaction (the record disappears at once and whole);
 * their job rows go with them, which tells a running job to stop and remove what it wrote since. Then the
 * files: when the store cannot be reached, a purge job retries until they are gone, and the hourly sweep
 * finds any folder no row owns.
 */
export class DeletionService {
  readonly db: Db;
  readonly storage: Storage;
  readonly cacheDir: string;
  readonly jobs: JobQueue;
  /** Deletes cloned voices at their provider (null: no cloning configured). */
  readonly cloner: VoiceCloner | null;

  constructor(deps: {
    db: Db;
    storage: Storage;
    cacheDir: string;
    jobs: JobQueue;
    cloner: VoiceCloner | null;
  }) {
    this.db = deps.db;
    this.storage = deps.storage;
    this.cacheDir = deps.cacheDir;
    this.jobs = deps.jobs;
    this.cloner = deps.cloner;
  }

  /** A project with its translations, dubs, jobs and every stored file. 404 when not the user's to see (or gone). */
  async deleteProject(userId: string, id: string): Promise<void> {
    const project = await new VideoRepository(this.db).requireVisible(userId, id);
    const target = await this.db.transaction(async (tx) => {
      const languages = await tx
        .select({ id: translations.id })
        .from(translations)
        .where(eq(translations.projectId, project.id));
      const clones = await deleteUnsavedClones(tx, project.id);
      await tx.delete(projects).where(eq(projects.id, project.id));
      return {
        prefixes: [projectPrefix(project.id), ...clones.prefixes],
        clipCaches: languages.map((l) => l.id),
        clonedVoices: clones.clonedVoices,
      };
    });
    await this.purgeOrRetry(target);
  }

  /** One language of a project: the translation, its dubbed files and clip cache, its jobs. */
  async deleteTranslation(userId: string, projectId: string, language: LanguageCode): Promise<void> {
    const project = await new VideoRepository(this.db).requireVisible(userId, projectId);
    const target = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(translations)
        .where(and(eq(translations.projectId, project.id), eq(translations.language, language)))
        .returning({ id: translations.id });
      if (!row) throw new AppError("not_found", NO_TRANSLATION);
      await tx.delete(jobs).where(and(eq(jobs.projectId, project.id), eq(jobs.language, language)));
      return { prefixes: [dubPrefix(project.id, language)], clipCaches: [row.id] };
    });
    await this.purgeOrRetry(target);
  }

  /** A storyboard with its generated video. */
  async deleteStoryboard(userId: string, id: string): Promise<void> {
    const row = await new StoryboardRepository(this.db).requireVisible(userId, id);
    await this.db.delete(storyboards).where(eq(storyboards.id, row.id));
    await this.purgeOrRetry({ prefixes: [storyboardPrefix(row.id)], clipCaches: [] });
  }

  /**
   * A shared workspace with everything in it (projects, storyboards, My voices, keys, webhooks, members,
   * invitations), for its owner. The workspace row is locked first, so nothing is added to it while what
   * it stores is read; the rows then go in one statement's cascade (its members' streams and keys stop at
   * once: db/change-triggers.ts), and the files after. A personal workspace goes only with its account.
   */
  async deleteWorkspace(workspaceId: string): Promise<void> {
    const target = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ personalOf: workspaces.personalOf })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId))
        .for("update");
      if (row?.personalOf != null)
        throw new AppError(
          "conflict",
          "Your personal workspace goes only with your account: delete the account to delete it.",
        );
      const stored = await storedIn(tx, [workspaceId]);
      await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
      return stored;
    });
    await this.purgeOrRetry(target);
  }

  /**
   * What every project, storyboard and cloned voice in the workspaces a user owns stores, read before the
   * rows go (account deletion; what the user made in others' workspaces stays there).
   */
  everythingOf(userId: string): Promise<PurgeTarget> {
    return storedIn(this.db, ownedWorkspaces(this.db, userId));
  }

  /** Removes the files now; when the store refuses, a purge job retries with back-off. */
  async purgeOrRetry(target: PurgeTarget): Promise<void> {
    try {
      await purge(this.storage, this.cacheDir, target, this.cloner);
    } catch {
      await this.jobs.enqueuePurge(target).catch(() => {}); // else the hourly orphan sweep finds them
    }
  }
}

/** What the projects, storyboards and cloned voices of some workspaces store: the files their deletion purges. */
async function storedIn(db: Db, workspaceIds: string[] | SQLWrapper): Promise<PurgeTarget> {
  const ids = (
    await db.select({ id: projects.id }).from(projects).where(inArray(projects.workspaceId, workspaceIds))
  ).map((p) => p.id);
  const languages = ids.length
    ? await db.select({ id: translations.id }).from(translations).where(inArray(translations.projectId, ids))
    : [];
  const boards = await db
    .select({ id: storyboards.id })
    .from(storyboards)
    .where(inArray(storyboards.workspaceId, workspaceIds));
  const clones = await db
    .select({ id: myVoices.id, voice: myVoices.voice })
    .from(myVoices)
    .where(and(inArray(myVoices.workspaceId, workspaceIds), eq(myVoices.kind, "cloned")));
  return {
    prefixes: [
      ...ids.map(projectPrefix),
      ...boards.map((b) => storyboardPrefix(b.id)),
      ...clones.map((c) => myVoicePrefix(c.id)),
    ],
    clipCaches: languages.map((l) => l.id),
    clonedVoices: clones.map((c) => c.voice),
  };
}

/**
 * Inside the transaction that deletes a project: its cloned voices the user did not save go with it
 * (their rows now; at the provider and their previews by the purge that follows).
 */
export async function deleteUnsavedClones(
  tx: Db,
  projectId: string,
): Promise<{ prefixes: string[]; clonedVoices: string[] }> {
  const gone = await tx
    .delete(myVoices)
    .where(and(eq(myVoices.projectId, projectId), eq(myVoices.kind, "cloned"), eq(myVoices.saved, false)))
    .returning({ id: myVoices.id, voice: myVoices.voice });
  return { prefixes: gone.map((v) => myVoicePrefix(v.id)), clonedVoices: gone.map((v) => v.voice) };
}
