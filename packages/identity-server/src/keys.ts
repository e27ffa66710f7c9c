// RS256 signing keys, kept in the database so every process signs and verifies with the same set.
import { desc } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { Ctx } from "./context.ts";
import { newId } from "./crypto.ts";
import { identitySigningKeys } from "./schema.ts";

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

const cache = new WeakMap<object, Promise<SigningKey>>();

/** The newest key, created on first use. Two processes racing both insert; the newest wins for signing. */
export function currentKey(ctx: Ctx): Promise<SigningKey> {
  let p = cache.get(ctx);
  if (!p) {
    p = loadOrCreate(ctx);
    p.catch(() => cache.delete(ctx));
    cache.set(ctx, p);
  }
  return p;
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
  const { privateKey, publicKey } = await generateKeyPair("RS256", {
    extractable: true,
    modulusLength: 2048,
  });
  const kid = newId("jwk", ctx.env);
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256" };
  await ctx.db.insert(identitySigningKeys).values({ kid, privateJwk, publicJwk, createdAt: ctx.now() });
  return { kid, privateKey: privateKey as CryptoKey, publicJwk };
}

/** Every public key, for the JWKS endpoint and for verification. */
export async function publicKeys(ctx: Ctx): Promise<JWK[]> {
  await currentKey(ctx);
  const rows = await ctx.db.select().from(identitySigningKeys).orderBy(desc(identitySigningKeys.createdAt));
  return rows.map((r) => r.publicJwk as JWK);
}
