import { PROJECTS_CHANGED_CHANNEL } from "../db/change-triggers.ts";
import type { Database } from "../db/client.ts";
import { listenForChanges } from "../db/listen.ts";
import { NotifiedCache } from "../db/notified-cache.ts";
import { type Located, locateInWorkspace, type Resource } from "./access.ts";

/** How long a role found is taken on trust when nothing said it changed (a bound, not a working set). */
const TTL_MS = 60_000;
/** A bound on memory: past it the cache starts again empty. */
const MAX_ENTRIES = 10_000;

/**
 * The resources whose workspace and role the embedded mode's notifications cover: a project (a statement
 * that writes `projects` notifies, so a moved or deleted project is read again) and a workspace's
 * membership (`workspace_members`). A storyboard's, a voice's or a webhook's workspace is read every time:
 * nothing says when those rows move.
 */
export type Locate = (resource: Resource, id: string, userId: string) => Promise<Located | null>;

const COVERED = new Set<Resource>(["project", "workspace", "query"]);

/**
 * Where a workspace route's resource lives and the caller's role there: the one query every workspace
 * request made (the access check's join), answered from memory in embedded mode. There every statement that
 * writes a project or who is a member of which workspace, with what role, notifies in-process before it
 * returns (db/change-triggers.ts PROJECT_TRIGGERS_SQL), emptying this cache: a removed or demoted member
 * is refused at their next request, whichever code changed it. Not in scale-out: PostgreSQL's notifications
 * reach the other processes after the commit, and there every call reads the database.
 */
export class WorkspaceRoles {
  readonly #cache = new NotifiedCache<Located | null>({ ttlMs: TTL_MS, maxEntries: MAX_ENTRIES });
  /** What the change notifications empty. */
  readonly caches = [this.#cache];
  readonly #read: Locate;

  /** `read`: the database's answer (locateInWorkspace). */
  constructor(read: Locate) {
    this.#read = read;
  }

  /** The workspace of the resource and the user's role in it (null: not a member); null when there is none. */
  locate(resource: Resource, id: string, userId: string): Promise<Located | null> {
    const read = () => this.#read(resource, id, userId);
    if (!COVERED.has(resource)) return read();
    return this.#cache.get(`${resource}/${id}/${userId}`, read);
  }
}

/** The process's workspace roles: from memory in embedded mode, from the database in scale-out. */
export async function startWorkspaceRoles(
  database: Database,
  read: Locate = (resource, id, userId) => locateInWorkspace(database.db, resource, id, userId),
): Promise<{ roles: WorkspaceRoles; stop(): Promise<void> }> {
  const roles = new WorkspaceRoles(read);
  if (database.kind !== "pglite") return { roles, stop: async () => {} };
  return { roles, stop: await listenForChanges(database, PROJECTS_CHANGED_CHANNEL, ...roles.caches) };
}
