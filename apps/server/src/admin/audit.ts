import type { AdminAction, AdminAuditEntry, IdentityAuditList, IdentityAuditQuery } from "@dubbing/contract";
import { identitySchema } from "@dubbing/identity-server";
import { and, desc, eq, gte, inArray, lt, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { adminAudit, users } from "../db/schema.ts";
import { log } from "../logs/context.ts";
import { pageOf } from "./search.ts";

const { identityAuditLog } = identitySchema;

/** The operator doing something: their account id and address (kept on the line if the account goes). */
export interface Operator {
  id: string;
  email: string;
}

/** One line of the console's own audit log, written in the transaction of the action it records. */
export async function recordAction(
  tx: Db,
  admin: Operator,
  action: AdminAction,
  target: { id: string; label: string },
): Promise<void> {
  await tx.insert(adminAudit).values({
    adminId: admin.id,
    adminEmail: admin.email,
    action,
    targetId: target.id,
    targetLabel: target.label,
  });
  // Also in the logs, with the request's reqId (and the job's id as `jobId` for a job action).
  log().info(
    { adminId: admin.id, action, targetId: target.id, ...(action.endsWith("_job") && { jobId: target.id }) },
    "admin action",
  );
}

/** The console's audit log, newest first. */
export async function listActions(
  db: Db,
  query: { action?: AdminAction; limit: number; before?: string },
): Promise<{ entries: AdminAuditEntry[]; next: string | null }> {
  const rows = await db
    .select()
    .from(adminAudit)
    .where(
      and(
        query.action ? eq(adminAudit.action, query.action) : undefined,
        query.before ? lt(adminAudit.at, new Date(query.before)) : undefined,
      ),
    )
    .orderBy(desc(adminAudit.at))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => r.at);
  return {
    entries: page.rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      adminId: r.adminId,
      adminEmail: r.adminEmail,
      targetId: r.targetId,
      targetLabel: r.targetLabel,
    })),
    next: page.next,
  };
}

/**
 * The identity provider's audit log (sign-ins, failed ones, factor changes, revocations), newest first.
 * `email` finds the lines that tried that address and those of the account that has it.
 */
export async function listIdentityAudit(db: Db, query: IdentityAuditQuery): Promise<IdentityAuditList> {
  const email = query.email?.toLowerCase();
  const account = email
    ? await db.select({ id: users.identityUserId }).from(users).where(eq(users.email, email))
    : [];
  const accountIds = account.map((a) => a.id).filter((id): id is string => id !== null);
  const rows = await db
    .select()
    .from(identityAuditLog)
    .where(
      and(
        query.action ? eq(identityAuditLog.action, query.action) : undefined,
        email
          ? or(
              eq(identityAuditLog.subject, email),
              accountIds.length ? inArray(identityAuditLog.userId, accountIds) : undefined,
            )
          : undefined,
        query.since ? gte(identityAuditLog.at, new Date(query.since)) : undefined,
        query.before ? lt(identityAuditLog.at, new Date(query.before)) : undefined,
      ),
    )
    .orderBy(desc(identityAuditLog.at))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => r.at);
  return {
    entries: page.rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      method: r.method,
      identityUserId: r.userId,
      subject: r.subject,
      ipAddress: r.ipAddress,
      userAgent: r.userAgent,
    })),
    next: page.next,
  };
}
