import { createHash, randomBytes } from "node:crypto";
import { identitySchema } from "@dubbing/identity-server";
import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { invites, sessions, users } from "../db/schema.ts";
import { inheritUsage } from "../usage/carryover.ts";
import { inviteOf } from "./sign-up-rule.ts";

const { identitySessions } = identitySchema;

export const SESSION_COOKIE = "dub_session";
export const SESSION_ABSOLUTE_DAYS = 30;
const SESSION_IDLE_DAYS = 7;
const DAY_MS = 86_400_000;

export interface SessionUser {
  id: string;
  email: string;
  sessionId: string;
  identitySessionId: string | null;
  /** An operator suspended the account: every route but signing out refuses it (auth/access.ts). */
  suspended: boolean;
  /** An API key's caller: the one workspace the key acts in (its personal one: the account's id). */
  keyWorkspaceId?: string;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function findOrCreateUser(db: Db, email: string): Promise<{ id: string; email: string }> {
  const normalized = email.trim().toLowerCase();
  await db.insert(users).values({ email: normalized }).onConflictDoNothing();
  const [user] = await db.select().from(users).where(eq(users.email, normalized));
  return { id: user!.id, email: user!.email };
}

/**
 * The app account of an identity user, keyed on the identity user id. An account made before accounts
 * were keyed on it (same email, no identity user yet) is claimed once. Null when the email is already the
 * account of another identity user (one address never opens two people's accounts), or when there is no
 * account yet and `mayCreate` refuses the address (auth/sign-up-rule.ts). A new account takes its
 * invitation's plan, and the invitation is used up.
 */
export async function accountFor(
  db: Db,
  identityUserId: string,
  provenEmail: string,
  mayCreate: (email: string) => Promise<boolean> = async () => true,
): Promise<{ id: string; email: string; suspended: boolean } | "refused" | null> {
  const email = provenEmail.trim().toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!existing && !(await mayCreate(email))) return "refused";
  const invite = existing ? null : await inviteOf(db, email);
  const [created] = await db
    .insert(users)
    .values({ email, identityUserId, plan: invite?.plan ?? null })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (created) {
    await db.delete(invites).where(eq(invites.email, email));
    await inheritUsage(db, created.id, email);
  }
  await db
    .update(users)
    .set({ identityUserId })
    .where(and(eq(users.email, email), isNull(users.identityUserId)));
  const [user] = await db.select().from(users).where(eq(users.identityUserId, identityUserId));
  return user ? { id: user.id, email: user.email, suspended: user.suspendedAt !== null } : null;
}

/** Creates a session and returns its token: 256 random bits, stored only as a hash. */
export async function createSession(
  db: Db,
  userId: string,
  opts: { now?: Date; identitySessionId?: string } = {},
): Promise<string> {
  const now = opts.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_DAYS * DAY_MS),
    identitySessionId: opts.identitySessionId ?? null,
  });
  return token;
}

/** The session check of every request, built once per database handle (drizzle builds SQL per call). */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();
function prepareSessionQuery(db: Db) {
  const now = sql.placeholder("now");
  return db
    .select({
      userId: users.id,
      email: users.email,
      suspendedAt: users.suspendedAt,
      lastSeenAt: sessions.lastSeenAt,
      identitySessionId: sessions.identitySessionId,
      identityLive: identitySessions.id,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      identitySessions,
      and(
        eq(identitySessions.id, sessions.identitySessionId),
        isNull(identitySessions.revokedAt),
        gt(identitySessions.expiresAt, now),
      ),
    )
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, now)))
    .prepare("session_user");
}
function sessionQuery(db: Db) {
  const query = sessionQueries.get(db) ?? prepareSessionQuery(db);
  sessionQueries.set(db, query);
  return query;
}

/**
 * The session's user, or null when the token is unknown, past its absolute lifetime, idle too long, or
 * when the identity session it was made from has ended: a password reset, a revocation or a factor
 * deletion there signs the user out here on the next request (one query, the tables share a database).
 */
export async function findSessionUser(db: Db, token: string, now = new Date()): Promise<SessionUser | null> {
  const id = hashToken(token);
  const [row] = await sessionQuery(db).execute({ id, now });
  if (!row) return null;
  const identityEnded = row.identitySessionId !== null && row.identityLive === null;
  if (identityEnded || now.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_DAYS * DAY_MS) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  // Touch at most once a minute, so reads do not become writes on every request.
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return {
    id: row.userId,
    email: row.email,
    sessionId: id,
    identitySessionId: row.identitySessionId,
    suspended: row.suspendedAt !== null,
  };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * "Sign out of all devices": ends every app session of the user and every identity session of its
 * identity user (and any other identity session one of its app sessions was made from).
 */
export async function signOutEverywhere(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ identityUserId: users.identityUserId })
      .from(users)
      .where(eq(users.id, userId));
    const made = tx
      .select({ id: sessions.identitySessionId })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    await tx
      .update(identitySessions)
      .set({ revokedAt: now })
      .where(
        and(
          isNull(identitySessions.revokedAt),
          or(
            inArray(identitySessions.id, made),
            user?.identityUserId ? eq(identitySessions.userId, user.identityUserId) : undefined,
          ),
        ),
      );
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}
