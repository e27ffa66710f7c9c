import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "../db/client.ts";
import { sharedSecret } from "../db/settings.ts";

/**
 * Signs a storage key for `ttlSeconds`; the URL works without a cookie (video elements, downloads). The
 * name a download is saved under is signed with it: a link's holder cannot make the site serve the file
 * as `Invoice-2026.bat`. `user`: the link is for that signed-in user (`u=`, signed too), and GET /media
 * answers it only while they are still a member of the workspace the file belongs to.
 */
export function signMediaPath(secret: string, link: MediaLink, nowMs: number, ttlSeconds: number): string {
  const { key, download, user } = link;
  const exp = Math.floor(nowMs / 1000) + ttlSeconds;
  const name = download === undefined ? "" : `&download=${encodeURIComponent(download)}`;
  const bound = user === undefined ? "" : `&u=${encodeURIComponent(user)}`;
  return `/media/${key}?exp=${exp}${name}${bound}&sig=${mac(secret, link, exp)}`;
}

/** What a signature covers: the storage key, the name a download is saved under, the user a link is for. */
export interface MediaLink {
  key: string;
  download?: string;
  user?: string;
}

/** A link as it comes back: its parts and the expiry and signature from its query string. */
export interface SignedMediaLink extends MediaLink {
  exp: string | undefined;
  sig: string | undefined;
}

export function verifyMediaSignature(secret: string, link: SignedMediaLink, nowMs: number): boolean {
  const { exp, sig } = link;
  if (!exp || !sig || !/^\d+$/.test(exp)) return false;
  if (Number(exp) * 1000 < nowMs) return false;
  const expected = Buffer.from(mac(secret, link, Number(exp)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Links without a download name keep the message they always had (links handed out before stay valid). A
 * link bound to a user (`u`) is signed under a key of its own, derived from the secret: no unbound link's
 * signature can pass for a bound one's or the reverse, so `u` can be neither removed, added nor changed.
 */
function mac(secret: string, { key, download, user }: MediaLink, exp: number): string {
  const message = download === undefined ? `${key}\n${exp}` : `${key}\n${exp}\n${download}`;
  if (user === undefined) return createHmac("sha256", secret).update(message).digest("base64url");
  return createHmac("sha256", userBoundKey(secret)).update(`${user}\n${message}`).digest("base64url");
}

const boundKeys = new Map<string, Buffer>();
function userBoundKey(secret: string): Buffer {
  let derived = boundKeys.get(secret);
  if (derived === undefined) {
    derived = createHmac("sha256", secret).update("media links bound to a user").digest();
    if (boundKeys.size > 16) boundKeys.clear();
    boundKeys.set(secret, derived);
  }
  return derived;
}

/** The settings row holding the signing secret, shared by every process of the service. */
export const MEDIA_SECRET = "media_signing_secret";

/**
 * Links expire at the end of the 10-minute step after their TTL: within a step the same file gets the same
 * URL, so a browser keeps what it fetched (posters, previews) across page loads, and a list asked for again
 * costs no HMAC. A link lives between its TTL and its TTL plus one step.
 */
const EXPIRY_STEP_MS = 10 * 60_000;
/** A bound on memory: the links of one step, for the step. */
const MAX_REMEMBERED = 50_000;

/** Signs storage keys with the service's shared secret, for links that work without a cookie. */
export async function mediaSigner(
  db: Db,
): Promise<(key: string, ttlSeconds: number, download?: string, user?: string) => string> {
  const secret = await sharedSecret(db, MEDIA_SECRET);
  let step = 0;
  let signed = new Map<string, string>();
  return (key, ttlSeconds, download, user) => {
    const stepEnd = Math.ceil(Date.now() / EXPIRY_STEP_MS) * EXPIRY_STEP_MS;
    if (stepEnd !== step || signed.size >= MAX_REMEMBERED) [step, signed] = [stepEnd, new Map()];
    const id = `${ttlSeconds}\n${key}\n${download ?? "\0"}\n${user ?? "\0"}`;
    let url = signed.get(id);
    if (url === undefined) {
      url = signMediaPath(secret, { key, download, user }, stepEnd, ttlSeconds);
      signed.set(id, url);
    }
    return url;
  };
}
