import type { Workspace } from "@dubbing/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { boundPerUser } from "../db/per-user-bound.ts";
import { workspaceMembers, workspaces } from "../db/schema.ts";

/** The workspaces an account may be in and still make one: a bound on what one account makes. */
const MAX_WORKSPACES = 50;

const present = (row: typeof workspaces.$inferSelect, role: Workspace["role"]): Workspace => ({
  id: row.id,
  name: row.name,
  personal: row.personalOf !== null,
  role,
  dubOnlyApproved: row.dubOnlyApproved,
  createdAt: row.createdAt.toISOString(),
});

/** The workspaces the user is a member of, the personal one first, with the user's role in each. */
export async function workspacesOf(db: Db, userId: string): Promise<Workspace[]> {
  const rows = await db
    .select({ workspace: workspaces, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(sql`${workspaces.personalOf} IS NULL`, asc(workspaces.createdAt), asc(workspaces.id));
  return rows.map((r) => present(r.workspace, r.role));
}

/** A shared workspace, owned by its maker. */
export async function createWorkspace(db: Db, userId: string, name: string): Promise<Workspace> {
  return db.transaction(async (tx) => {
    await boundPerUser(tx, {
      table: workspaceMembers,
      owner: workspaceMembers.userId,
      userId: userId,
      max: MAX_WORKSPACES,
      message: `You are in ${MAX_WORKSPACES} workspaces, the most an account can be in to make another. Leave one first.`,
    });
    const [row] = await tx.insert(workspaces).values({ name }).returning();
    await tx.insert(workspaceMembers).values({ workspaceId: row!.id, userId, role: "owner" });
    return present(row!, "owner");
  });
}

/** Renames a workspace or changes its settings; answers it as the caller (with `role`) sees it. */
export async function updateWorkspace(
  db: Db,
  id: string,
  role: Workspace["role"],
  change: { name?: string | undefined; dubOnlyApproved?: boolean | undefined },
): Promise<Workspace> {
  const set = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  const [row] =
    Object.keys(set).length > 0
      ? await db.update(workspaces).set(set).where(eq(workspaces.id, id)).returning()
      : await db.select().from(workspaces).where(eq(workspaces.id, id));
  return present(row!, role);
}

/**
 * Who pays for work in a workspace: its owner, whose plan's limits apply and whose month the minutes are
 * taken from (a personal workspace's id is its owner's).
 */
export async function payerOf(db: Db, workspaceId: string): Promise<string> {
  const [owner] = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")));
  return owner?.userId ?? workspaceId;
}

/** The ids of the workspaces the user owns, their personal one included (a subquery). */
export const ownedWorkspaces = (db: Db, userId: string) =>
  db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, "owner")));
