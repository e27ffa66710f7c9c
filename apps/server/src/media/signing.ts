import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "../db/client.ts";
import { sharedSecret } from "../db/settings.ts";

/** Signs a storage key for `ttlSeconds`; the URL works without a cookie (video elements, downloads). */
export function signMediaPath(secret: string, key: string, nowMs: number, ttlSeconds: number): string {
  const exp = Math.floor(nowMs / 1000) + ttlSeconds;
  return `/media/${key}?exp=${exp}&sig=${mac(secret, key, exp)}`;
}

export function verifyMediaSignature(
  secret: string,
  key: string,
  exp: string | undefined,
  sig: string | undefined,
  nowMs: number,
): boolean {
  if (!exp || !sig || !/^\d+$/.test(exp)) return false;
  if (Number(exp) * 1000 < nowMs) return false;
  const expected = Buffer.from(mac(secret, key, Number(exp)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function mac(secret: string, key: string, exp: number): string {
  return createHmac("sha256", secret).update(`${key}\n${exp}`).digest("base64url");
}

/** The settings row holding the signing secret, shared by every process of the service. */
export const MEDIA_SECRET = "media_signing_secret";

/** Signs storage keys with the service's shared secret, for links that work without a cookie. */
export async function mediaSigner(db: Db): Promise<(key: string, ttlSeconds: number) => string> {
  const secret = await sharedSecret(db, MEDIA_SECRET);
  return (key, ttlSeconds) => signMediaPath(secret, key, Date.now(), ttlSeconds);
}
