import { createHash, randomBytes } from "node:crypto";
import type { Invite, Role } from "@dubbing/contract";
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { workspaceInvites, workspaceMembers, workspaces } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "./access.ts";

/** How long an invitation's link works. */
export const INVITE_DAYS = 7;
/** A bound on what one workspace keeps pending, not a working set. */
const MAX_PENDING = 100;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const present = (row: typeof workspaceInvites.$inferSelect): Invite => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** The workspace's invitations still pending (not used, revoked or expired), oldest first. */
export async function pendingInvites(db: Db, workspaceId: string, now = new Date()): Promise<Invite[]> {
  const rows = await db
    .select()
    .from(workspaceInvites)
    .where(and(eq(workspaceInvites.workspaceId, workspaceId), gt(workspaceInvites.expiresAt, now)))
    .orderBy(asc(workspaceInvites.createdAt), asc(workspaceInvites.id));
  return rows.map(present);
}

/**
 * A new invitation and the token of its link (256 random bits, stored only as a hash). Another pending
 * invitation of the same address to the same workspace is replaced: its link stops working.
 */
export async function createInvite(
  db: Db,
  input: { workspaceId: string; email: string; role: Role; invitedBy: string },
  now = new Date(),
): Promise<{ invite: Invite; token: string; workspaceName: string }> {
  const email = input.email.trim().toLowerCase();
  const token = randomBytes(32).toString("base64url");
  return db.transaction(async (tx) => {
    const [workspace] = await tx
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, input.workspaceId))
      .for("update");
    await tx
      .delete(workspaceInvites)
      .where(
        and(
          eq(workspaceInvites.workspaceId, input.workspaceId),
          sql`(${workspaceInvites.email} = ${email} OR ${workspaceInvites.expiresAt} <= ${now})`,
        ),
      );
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(workspaceInvites)
      .where(eq(workspaceInvites.workspaceId, input.workspaceId))) as [{ n: number }];
    if (n >= MAX_PENDING)
      throw new AppError(
        "conflict",
        `This workspace has ${MAX_PENDING} pending invitations. Revoke some first.`,
      );
    const [row] = await tx
      .insert(workspaceInvites)
      .values({
        workspaceId: input.workspaceId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: input.invitedBy,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITE_DAYS * 86_400_000),
      })
      .returning();
    return { invite: present(row!), token, workspaceName: workspace!.name };
  });
}

/** Revokes a pending invitation of the workspace; 404 for any other. */
export async function revokeInvite(db: Db, workspaceId: string, inviteId: string): Promise<void> {
  const gone = isUuid(inviteId)
    ? await db
        .delete(workspaceInvites)
        .where(and(eq(workspaceInvites.id, inviteId), eq(workspaceInvites.workspaceId, workspaceId)))
        .returning({ id: workspaceInvites.id })
    : [];
  if (gone.length === 0) throw new AppError("not_found", "There is no such invitation.");
}

const UNUSABLE = "This invitation link is not valid: it was used, revoked or has expired. Ask for a new one.";

/**
 * What a pending invitation's link invites to: its workspace's name and the address (the link's holder
 * got it in that address's mail). A used, revoked, expired or unknown token is the same not-found.
 */
export async function previewInvite(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ workspace: string; email: string }> {
  const [row] = await db
    .select({
      workspace: workspaces.name,
      email: workspaceInvites.email,
      expiresAt: workspaceInvites.expiresAt,
    })
    .from(workspaceInvites)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
    .where(eq(workspaceInvites.tokenHash, hashToken(token)));
  if (!row || row.expiresAt <= now) throw new AppError("not_found", UNUSABLE);
  return { workspace: row.workspace, email: row.email };
}

/**
 * Joins the signed-in account to the invitation's workspace, once: the invitation goes. The account's
 * address must be the one invited; the answer says nothing of whether any other address has an account.
 * Someone who is a member already keeps the role they have.
 */
export async function acceptInvite(
  db: Db,
  token: string,
  user: { id: string; email: string },
  now = new Date(),
): Promise<string> {
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(workspaceInvites)
      .where(eq(workspaceInvites.tokenHash, hashToken(token)))
      .for("update");
    if (!invite || invite.expiresAt <= now) throw new AppError("not_found", UNUSABLE);
    if (invite.email !== user.email.trim().toLowerCase())
      throw new AppError(
        "forbidden",
        "This invitation was sent to another address. Sign in with the address it was sent to.",
      );
    await tx.delete(workspaceInvites).where(eq(workspaceInvites.id, invite.id));
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId: invite.workspaceId, userId: user.id, role: invite.role })
      .onConflictDoNothing();
    return invite.workspaceId;
  });
}

/** Removes invitations past their expiry (the hourly retention run). */
export async function sweepInvites(db: Db, now: Date): Promise<void> {
  await db.delete(workspaceInvites).where(lte(workspaceInvites.expiresAt, now));
}
