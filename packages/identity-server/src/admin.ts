// The operators' side of the backend API, in Stytch's /v1 shapes: find, correct or remove a user, see and
// end their sessions, delete one factor — what a support person does with curl and the project secret.
import { and, asc, eq, gt, gte, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Ctx } from "./context.ts";
import { IdentityError } from "./errors.ts";
import {
  identityCryptoWallets,
  identityEmails,
  identityOauthRegistrations,
  identityPasswords,
  identityPhones,
  identitySessions,
  identityTotps,
  identityUsers,
  identityWebauthn,
} from "./schema.ts";
import { presentSession, revokeUserSessions } from "./sessions.ts";
import { loadUser, normalizeEmail, type StytchUser } from "./users.ts";

/** One user search: every given condition must hold (Stytch's "AND" operator). */
export interface UserSearch {
  userIds?: string[];
  emails?: string[];
  phones?: string[];
  status?: "active" | "pending";
  createdAfter?: Date;
  createdBefore?: Date;
  limit: number;
  /** Where the previous page ended (`results_metadata.next_cursor`). */
  cursor?: string;
}

/** Pure: a page's cursor is the last row's creation time and id (stable under new sign-ups). */
function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as [string, string];
    const createdAt = new Date(at);
    if (typeof id !== "string" || Number.isNaN(createdAt.getTime())) throw new Error("bad cursor");
    return { createdAt, id };
  } catch {
    throw new IdentityError("bad_request", "The cursor is not one this API gave.");
  }
}

export async function searchUsers(ctx: Ctx, q: UserSearch) {
  const where: SQL[] = [];
  if (q.userIds) where.push(inArray(identityUsers.id, q.userIds));
  if (q.status) where.push(eq(identityUsers.status, q.status));
  if (q.createdAfter) where.push(gte(identityUsers.createdAt, q.createdAfter));
  if (q.createdBefore) where.push(lte(identityUsers.createdAt, q.createdBefore));
  if (q.emails) {
    const owners = ctx.db
      .select({ id: identityEmails.userId })
      .from(identityEmails)
      .where(inArray(identityEmails.email, q.emails.map(normalizeEmail)));
    where.push(inArray(identityUsers.id, owners));
  }
  if (q.phones) {
    const owners = ctx.db
      .select({ id: identityPhones.userId })
      .from(identityPhones)
      .where(inArray(identityPhones.phone, q.phones));
    where.push(inArray(identityUsers.id, owners));
  }
  const [{ total } = { total: 0 }] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(identityUsers)
    .where(and(...where));
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const page = await ctx.db
    .select({ id: identityUsers.id, createdAt: identityUsers.createdAt })
    .from(identityUsers)
    .where(
      and(
        ...where,
        after
          ? sql`(${identityUsers.createdAt}, ${identityUsers.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(identityUsers.createdAt), asc(identityUsers.id))
    .limit(q.limit + 1);
  const rows = page.slice(0, q.limit);
  const results: StytchUser[] = [];
  for (const row of rows) results.push(await loadUser(ctx, row.id));
  return {
    results,
    results_metadata: {
      total,
      next_cursor: page.length > q.limit ? encodeCursor(rows.at(-1)!) : null,
    },
  };
}

/** Corrects a user's name and metadata (what is given replaces what was there). */
export async function updateUser(
  ctx: Ctx,
  userId: string,
  change: {
    name?: { first_name?: string; middle_name?: string; last_name?: string };
    trusted_metadata?: Record<string, unknown>;
    untrusted_metadata?: Record<string, unknown>;
  },
) {
  const set = {
    ...(change.name?.first_name !== undefined && { firstName: change.name.first_name }),
    ...(change.name?.middle_name !== undefined && { middleName: change.name.middle_name }),
    ...(change.name?.last_name !== undefined && { lastName: change.name.last_name }),
    ...(change.trusted_metadata && { trustedMetadata: change.trusted_metadata }),
    ...(change.untrusted_metadata && { untrustedMetadata: change.untrusted_metadata }),
  };
  if (Object.keys(set).length > 0) {
    const rows = await ctx.db
      .update(identityUsers)
      .set(set)
      .where(eq(identityUsers.id, userId))
      .returning({ id: identityUsers.id });
    if (rows.length === 0) throw new IdentityError("user_not_found");
  }
  const user = await loadUser(ctx, userId);
  return { user_id: userId, user };
}

/** A user's sessions that still work (not revoked, not expired), newest first. */
export async function activeSessions(ctx: Ctx, userId: string) {
  await loadUser(ctx, userId); // 404 for an unknown user
  const rows = await ctx.db
    .select()
    .from(identitySessions)
    .where(
      and(
        eq(identitySessions.userId, userId),
        isNull(identitySessions.revokedAt),
        gt(identitySessions.expiresAt, ctx.now()),
      ),
    )
    .orderBy(sql`${identitySessions.startedAt} desc`);
  return { sessions: rows.map(presentSession) };
}

/** The factor tables an operator can delete one row of, by the path Stytch uses. */
const FACTORS = {
  emails: { table: identityEmails, missing: "email_not_found" },
  phone_numbers: { table: identityPhones, missing: "bad_request" },
  passwords: { table: identityPasswords, missing: "bad_request" },
  oauth: { table: identityOauthRegistrations, missing: "bad_request" },
  totps: { table: identityTotps, missing: "totp_not_found" },
  webauthn_registrations: { table: identityWebauthn, missing: "webauthn_registration_not_found" },
  crypto_wallets: { table: identityCryptoWallets, missing: "bad_request" },
} as const;

export type FactorKind = keyof typeof FACTORS;
export const FACTOR_KINDS = Object.keys(FACTORS) as FactorKind[];

/**
 * Deletes one factor of a user (a wrong email, a lost phone, a compromised authenticator). The user's
 * sessions end with it: one of them may have been opened with that factor.
 */
export async function deleteFactor(ctx: Ctx, kind: FactorKind, id: string) {
  const { table, missing } = FACTORS[kind];
  const [row] = await ctx.db.delete(table).where(eq(table.id, id)).returning({ userId: table.userId });
  if (!row) throw new IdentityError(missing, `No ${kind.replace(/_/g, " ")} with this id.`);
  await revokeUserSessions(ctx, row.userId);
  return { user_id: row.userId, user: await loadUser(ctx, row.userId) };
}
