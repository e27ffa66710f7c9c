// RS256 signing keys, kept in the database so every process signs and verifies with the same set.
import { and, desc, lt, ne } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { Ctx } from "./context.ts";
import { newId } from "./crypto.ts";
import type { IdentityDb } from "./options.ts";
import { identitySigningKeys } from "./schema.ts";

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

const cache = new WeakMap<object, { key: Promise<SigningKey>; loadedAt: number }>();
/** How long a process keeps signing with the key it loaded before looking for a newer (rotated) one. */
export const KEY_RELOAD_MS = 5 * 60_000;

/** The newest key, created on first use. Two processes racing both insert; the newest wins for signing. */
export function currentKey(ctx: Ctx): Promise<SigningKey> {
  const now = ctx.now().getTime();
  const hit = cache.get(ctx);
  if (hit && Math.abs(now - hit.loadedAt) < KEY_RELOAD_MS) return hit.key;
  const key = loadOrCreate(ctx);
  key.catch(() => cache.delete(ctx));
  cache.set(ctx, { key, loadedAt: now });
  return key;
}

/**
 * Adds a new signing key; every process signs with it within `KEY_RELOAD_MS`. Old keys stay in the JWKS
 * (so JWTs they signed keep verifying) until removed with `retireSigningKeys`.
 */
export async function rotateSigningKey(db: IdentityDb, now = new Date()): Promise<string> {
  return (await createKey(db, "live", now)).kid;
}

/** Removes keys older than `olderThan`, always keeping the newest. */
export async function retireSigningKeys(db: IdentityDb, olderThan: Date): Promise<number> {
  const [newest] = await db
    .select()
    .from(identitySigningKeys)
    .orderBy(desc(identitySigningKeys.createdAt))
    .limit(1);
  if (!newest) return 0;
  const gone = await db
    .delete(identitySigningKeys)
    .where(and(lt(identitySigningKeys.createdAt, olderThan), ne(identitySigningKeys.kid, newest.kid)))
    .returning({ kid: identitySigningKeys.kid });
  return gone.length;
}

async function loadOrCreate(ctx: Ctx): Promise<SigningKey> {
  const [row] = await ctx.db
    .select()
    .from(identitySigningKeys)
    .orderBy(desc(identitySigningKeys.createdAt))
    .limit(1);
  if (row) {
    return {
      kid: row.kid,
      privateKey: (await importJWK(row.privateJwk as JWK, "RS256")) as CryptoKey,
      publicJwk: row.publicJwk as JWK,
    };
  }
  return createKey(ctx.db, ctx.env, ctx.now());
}

async function createKey(db: IdentityDb, env: string, now: Date): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", {
    extractable: true,
    modulusLength: 2048,
  });
  const kid = newId("jwk", env);
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256" };
  await db.insert(identitySigningKeys).values({ kid, privateJwk, publicJwk, createdAt: now });
  return { kid, privateKey: privateKey as CryptoKey, publicJwk };
}

/** Every public key, for the JWKS endpoint and for verification. */
export async function publicKeys(ctx: Ctx): Promise<JWK[]> {
  await currentKey(ctx);
  const rows = await ctx.db.select().from(identitySigningKeys).orderBy(desc(identitySigningKeys.createdAt));
  return rows.map((r) => r.publicJwk as JWK);
}
