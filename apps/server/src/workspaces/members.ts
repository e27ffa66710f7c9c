import type { Member, Role } from "@dubbing/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { apiKeys, users, workspaceMembers, workspaces } from "../db/schema.ts";
import { isUuid } from "./access.ts";

/** A workspace's members, the owner first, then by when they joined. */
export async function membersOf(db: Db, workspaceId: string): Promise<Member[]> {
  const rows = await db
    .select({
      userId: workspaceMembers.userId,
      email: users.email,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
  const members = rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() }));
  return [...members.filter((m) => m.role === "owner"), ...members.filter((m) => m.role !== "owner")];
}

/** The member's role, or null when they are not one. */
export async function memberRole(db: Db, workspaceId: string, userId: string): Promise<Role | null> {
  if (!isUuid(userId)) return null;
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row?.role ?? null;
}

/** Whether the workspace is someone's personal one (it is never handed over). */
export async function isPersonal(db: Db, workspaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ personalOf: workspaces.personalOf })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.personalOf != null;
}

/** Gives a member a role; `owner` hands the workspace over and makes the owner until now an admin. */
export async function setMemberRole(db: Db, workspaceId: string, userId: string, role: Role): Promise<void> {
  await db.transaction(async (tx) => {
    if (role === "owner")
      await tx
        .update(workspaceMembers)
        .set({ role: "admin" })
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")));
    await tx
      .update(workspaceMembers)
      .set({ role })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  });
}

/**
 * Removes a member with their API keys of the workspace, in one transaction. Every process stops them at
 * once: the access check reads membership at each request, the keys' deletion empties every process's
 * key cache and the membership change every project read cache (db/change-triggers.ts).
 */
export async function removeMember(db: Db, workspaceId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    await tx.delete(apiKeys).where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.userId, userId)));
  });
}
