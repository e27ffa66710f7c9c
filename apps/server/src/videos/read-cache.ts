import { PROJECTS_CHANGED_CHANNEL } from "../db/change-triggers.ts";
import type { Database } from "../db/client.ts";
import { listenForChanges } from "../db/listen.ts";
import { NotifiedCache } from "../db/notified-cache.ts";
import type { ProjectRow, VideoRepository } from "../projects/repository.ts";
import type { Segment, Speaker } from "../projects/schemas.ts";

interface ProjectWithWords {
  row: ProjectRow;
  speakers: Speaker[];
  transcript: Segment[];
}

/** Answers are shared between requests: a reader must not change them. */
const TTL_MS = 60_000;

/**
 * The reads behind `GET /api/video` and `GET /api/video/{id}`, answered from memory in embedded mode: there
 * every statement that writes a project, its speakers or its segments notifies in-process before it returns
 * (db/change-triggers.ts), so nothing overwritten is ever served. Not in scale-out: PostgreSQL's
 * notifications reach the other processes a few milliseconds after the commit, and a user whose save went
 * to one API process could read the old transcript from another (a stale read a session check may accept
 * for a second, a transcript editor may not). There every call reads the database.
 */
export class ProjectReads {
  readonly #lists = new NotifiedCache<ProjectRow[]>({ ttlMs: TTL_MS, maxEntries: 1_000 });
  // transcripts can be long: few of them
  readonly #details = new NotifiedCache<ProjectWithWords | null>({ ttlMs: TTL_MS, maxEntries: 64 });
  /** What the change notifications empty. */
  readonly caches = [this.#lists, this.#details];
  readonly #repo: VideoRepository;

  constructor(repo: VideoRepository) {
    this.#repo = repo;
  }

  list(workspaceId: string): Promise<ProjectRow[]> {
    return this.#lists.get(workspaceId, () => this.#repo.listInWorkspace(workspaceId));
  }

  /** A project of a workspace the user is in with its words, or null (any other looks missing). */
  withWords(userId: string, id: string): Promise<ProjectWithWords | null> {
    return this.#details.get(
      `${userId}/${id}`,
      () => this.#repo.findVisibleWithWords(userId, id),
      (found, ttlEnd) => (found ? ttlEnd : null),
    );
  }
}

/** The process's project reads: from memory in embedded mode, from the database in scale-out. */
export async function startProjectReads(
  database: Database,
  repo: VideoRepository,
): Promise<{ reads: ProjectReads; stop(): Promise<void> }> {
  const reads = new ProjectReads(repo);
  if (database.kind !== "pglite") return { reads, stop: async () => {} };
  return { reads, stop: await listenForChanges(database, PROJECTS_CHANGED_CHANNEL, ...reads.caches) };
}
