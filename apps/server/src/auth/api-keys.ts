import { createHash, randomBytes } from "node:crypto";
import type { ApiKey, ApiKeyScope, CreatedApiKey } from "@dubbing/contract";
import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { boundPerUser } from "../db/per-user-bound.ts";
import { apiKeys, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/** Every key starts with this, so a leaked one is easy to recognise (and to scan for). */
const API_KEY_PREFIX = "dub_";
/** Characters of the key shown in lists (the prefix and 8 random characters: 48 bits, not enough to use). */
const SHOWN_CHARS = API_KEY_PREFIX.length + 8;
/** A bound on what one account keeps, not a working set. */
const MAX_API_KEYS = 25;

/** The user behind a valid key, with what the key may do. */
export interface ApiKeyUser {
  id: string;
  email: string;
  keyId: string;
  /** The workspace the key acts in; it can reach nothing of another. */
  workspaceId: string;
  scope: ApiKeyScope;
  /** Milliseconds since the epoch; null: never expires. */
  expiresAt: number | null;
  /** The key's account is suspended: the key is refused with why (auth/access.ts), not as unknown. */
  suspended: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");
/** A key has this shape or is refused without a database look-up. */
const plausibleKey = (key: string) => key.startsWith(API_KEY_PREFIX) && key.length <= 100;

const present = (row: typeof apiKeys.$inferSelect): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  workspaceId: row.workspaceId,
  scope: row.scope,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

const live = (now: Date) => or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now));

/**
 * The key's user, or null when the key is unknown, revoked (deleted) or past its expiry. Touches
 * `last_used_at` at most once a minute, so reads do not become writes on every request.
 */
export async function findApiKeyUser(db: Db, key: string, now = new Date()): Promise<ApiKeyUser | null> {
  if (!plausibleKey(key)) return null;
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      workspaceId: apiKeys.workspaceId,
      scope: apiKeys.scope,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      id: users.id,
      email: users.email,
      suspendedAt: users.suspendedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, hashKey(key)), live(now)));
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.keyId));
  }
  return {
    id: row.id,
    email: row.email,
    keyId: row.keyId,
    workspaceId: row.workspaceId,
    scope: row.scope,
    expiresAt: row.expiresAt?.getTime() ?? null,
    suspended: row.suspendedAt !== null,
  };
}

/** Creating, listing and revoking a user's keys (only ever with a session: auth/access.ts). */
export class ApiKeyService {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async list(userId: string, now = new Date()): Promise<ApiKey[]> {
    const rows = await this.#db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), live(now)))
      .orderBy(desc(apiKeys.createdAt));
    return rows.map(present);
  }

  /** A new key: 256 random bits, answered once and stored only as a hash. */
  async create(
    userId: string,
    input: { name: string; scope: ApiKeyScope; expiresAt: Date | null; workspaceId: string },
    now = new Date(),
  ): Promise<CreatedApiKey> {
    if (input.expiresAt && input.expiresAt.getTime() <= now.getTime())
      throw new AppError("validation_failed", "The expiry date must be in the future.", [
        { path: "expiresAt", message: "Must be in the future" },
      ]);
    const secret = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
    return this.#db.transaction(async (tx) => {
      await boundPerUser(tx, {
        table: apiKeys,
        owner: apiKeys.userId,
        userId: userId,
        max: MAX_API_KEYS,
        message: `You have ${MAX_API_KEYS} API keys, the most an account can have. Revoke one first.`,
      });
      const [row] = await tx
        .insert(apiKeys)
        .values({
          userId,
          workspaceId: input.workspaceId,
          name: input.name,
          scope: input.scope,
          prefix: secret.slice(0, SHOWN_CHARS),
          keyHash: hashKey(secret),
          expiresAt: input.expiresAt,
          createdAt: now,
        })
        .returning();
      return { key: present(row!), secret };
    });
  }

  /** Revokes (deletes) one of the user's keys; another user's key is "not found", like a missing one. */
  async revoke(userId: string, keyId: string): Promise<void> {
    const deleted = !UUID.test(keyId)
      ? []
      : await this.#db
          .delete(apiKeys)
          .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)))
          .returning({ id: apiKeys.id });
    if (deleted.length === 0) throw new AppError("not_found", "This API key does not exist.");
  }
}
