import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { AppError } from "../errors.ts";
import type { Db } from "./client.ts";
import { users, workspaces } from "./schema.ts";

/**
 * Inside the transaction that adds one of a user's or a workspace's rows (API keys, webhook endpoints, My
 * voices): locks the user's or the workspace's row (`userId` is either: ids are unique across both), so
 * concurrent additions are serialised and the bound holds, and refuses (409) past `max`.
 */
export interface PerUserBound {
  /** The rows counted, and the column naming their owner. */
  table: PgTable;
  owner: AnyPgColumn;
  /** The user's or the workspace's id. */
  userId: string;
  max: number;
  /** The 409's message past `max`. */
  message: string;
}

export async function boundPerUser(
  tx: Db,
  { table, owner, userId, max, message }: PerUserBound,
): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, userId)).for("update");
  const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(table).where(eq(owner, userId));
  if ((row?.count ?? 0) >= max) throw new AppError("conflict", message);
}
