import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  myVoices,
  projects,
  storyboards,
  webhookEndpoints,
  workspaceMembers,
  workspaces,
} from "../db/schema.ts";
import { AppError } from "../errors.ts";

/**
 * Refuses to close an account that owns a shared workspace others are still in (409): its work is theirs
 * too, so the owner hands the workspace over or removes them first (a workspace left with its owner alone
 * goes with the account).
 */
export async function assertNoSharedOwnership(db: Db, userId: string): Promise<void> {
  const [shared] = await db
    .select({ name: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        eq(workspaceMembers.role, "owner"),
        isNull(workspaces.personalOf),
        sql`EXISTS (SELECT 1 FROM ${workspaceMembers} o WHERE o.workspace_id = ${workspaces.id} AND o.user_id <> ${userId})`,
      ),
    )
    .limit(1);
  if (shared)
    throw new AppError(
      "conflict",
      `You own the workspace "${shared.name}", which has other members. Hand it over to one of them, remove them or delete the workspace before deleting your account.`,
    );
}

/**
 * In the transaction that deletes the account: what the user made in workspaces others own (projects,
 * storyboards, My voices, webhooks) passes to each workspace's owner and stays there, rather than going
 * with the account's cascade; the shared workspaces the user owns alone go (with what is in them).
 */
export async function settleWorkspacesOf(tx: Db, userId: string): Promise<void> {
  for (const table of [projects, storyboards, myVoices, webhookEndpoints])
    await tx.execute(sql`
      UPDATE ${table} SET user_id = o.user_id FROM ${workspaceMembers} o
      WHERE ${table}.user_id = ${userId} AND o.workspace_id = ${table}.workspace_id
        AND o.role = 'owner' AND o.user_id <> ${userId}`);
  await tx.execute(sql`
    DELETE FROM ${workspaces} w USING ${workspaceMembers} mine
    WHERE w.personal_of IS NULL AND mine.workspace_id = w.id AND mine.user_id = ${userId} AND mine.role = 'owner'`);
}
