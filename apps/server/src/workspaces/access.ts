import { type Role, roleAtLeast } from "@dubbing/contract";
import { and, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { myVoices, projects, storyboards, webhookEndpoints, workspaceMembers } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/**
 * What a workspace route acts on, so the access check finds its workspace: a resource named by the path's
 * `:id`, the workspace itself (`/api/workspaces/:id/…`), or the workspace a list or a creation names in
 * `?workspaceId=` (the caller's personal one when absent).
 */
export type Resource = "project" | "storyboard" | "voice" | "webhook" | "workspace" | "query";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

/** The tables whose rows belong to a workspace, by the resource a route names. */
const OWNED = new Map<Resource, { table: PgTable; id: PgColumn; workspaceId: PgColumn }>([
  ["project", { table: projects, id: projects.id, workspaceId: projects.workspaceId }],
  ["storyboard", { table: storyboards, id: storyboards.id, workspaceId: storyboards.workspaceId }],
  ["voice", { table: myVoices, id: myVoices.id, workspaceId: myVoices.workspaceId }],
  [
    "webhook",
    { table: webhookEndpoints, id: webhookEndpoints.id, workspaceId: webhookEndpoints.workspaceId },
  ],
]);

/** What each resource's not-found says: the same for a missing one and for one the caller may not see. */
const NOT_FOUND = new Map<Resource, () => AppError>([
  ["project", () => new AppError("video_not_found", "This project does not exist.")],
  ["storyboard", () => new AppError("storyboard_not_found", "Storyboard not found")],
  ["voice", () => new AppError("not_found", "There is no such voice in My voices.")],
  ["webhook", () => new AppError("not_found", "This webhook endpoint does not exist.")],
  ["workspace", () => workspaceNotFound()],
  ["query", () => workspaceNotFound()],
]);

export function workspaceNotFound(): AppError {
  return new AppError("not_found", "This workspace does not exist.");
}

/** The workspace a route acts in and the caller's role there. */
export interface WorkspaceAccess {
  id: string;
  role: Role;
}

/** Where a resource lives and the caller's role there (null: not a member). */
export interface Located {
  workspaceId: string;
  role: Role | null;
}

/**
 * The workspace of the resource and the user's role in it (null: not a member); null when there is none.
 * One query; workspaces/role-cache.ts keeps its answers where the notifications say when they change.
 */
export async function locateInWorkspace(
  db: Db,
  resource: Resource,
  id: string,
  userId: string,
): Promise<Located | null> {
  if (!isUuid(id)) return null;
  const owned = OWNED.get(resource);
  if (!owned) {
    const [member] = await db
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, id), eq(workspaceMembers.userId, userId)));
    return member ? { workspaceId: id, role: member.role } : null;
  }
  const [row] = await db
    .select({ workspaceId: sql<string>`${owned.workspaceId}`, role: workspaceMembers.role })
    .from(owned.table)
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, owned.workspaceId), eq(workspaceMembers.userId, userId)),
    )
    .where(eq(owned.id, id));
  return row ? { workspaceId: row.workspaceId, role: row.role } : null;
}

/**
 * The one access check of every workspace route: the caller's role in the workspace of what the route
 * names must be at least `least`. Someone who is not a member learns nothing, not even that it exists
 * (404, the resource's own not-found); a member below the role is told so (403). `confinedTo`: an API
 * key acts only in its own workspace (any other is as a stranger's).
 */
export async function requireRole(
  roles: { locate(resource: Resource, id: string, userId: string): Promise<Located | null> },
  user: { id: string; confinedTo: string | null },
  target: { resource: Resource; id: string },
  least: Role,
): Promise<WorkspaceAccess> {
  const found = await roles.locate(target.resource, target.id, user.id);
  if (!found?.role || (user.confinedTo !== null && user.confinedTo !== found.workspaceId))
    throw NOT_FOUND.get(target.resource)!();
  if (!roleAtLeast(found.role, least))
    throw new AppError(
      "forbidden",
      `Your role in this workspace (${found.role}) cannot do this: it needs ${least} or more.`,
    );
  return { id: found.workspaceId, role: found.role };
}
