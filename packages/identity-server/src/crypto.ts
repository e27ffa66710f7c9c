// Small, pure-ish cryptographic helpers. Tokens come from the OS CSPRNG; only their digests are stored.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  randomUUID,
  scrypt,
  timingSafeEqual,
} from "node:crypto";

/** A URL-safe token with `bytes` × 8 bits of entropy (default 256). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Stytch-style identifiers: `user-live-<uuid>`, `session-live-<uuid>`, … */
export function newId(prefix: string, env = "live"): string {
  return `${prefix}-${env}-${randomUUID()}`;
}

/**
 * An id shaped like newId's but derived from `value` with a keyed hash: the same input always answers the
 * same id, and nobody without the key can tell it from a real one (unknown addresses' method ids).
 */
export function stableId(prefix: string, env: string, key: string, value: string): string {
  const h = createHmac("sha256", key).update(value).digest("hex");
  const variant = ((Number.parseInt(h[16]!, 16) & 3) | 8).toString(16);
  return `${prefix}-${env}-${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

export function hmac(key: string, value: string): string {
  return createHmac("sha256", key).update(value).digest("base64url");
}

/** Constant-time comparison of two strings (any lengths). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

/** A numeric one-time passcode of `length` digits, uniformly distributed. */
export function numericCode(length = 6): string {
  let out = "";
  for (let i = 0; i < length; i++) out += String(randomInt(0, 10));
  return out;
}

/** RFC 7636 S256: BASE64URL(SHA256(verifier)) === challenge. */
export function pkceMatches(codeVerifier: string, codeChallenge: string): boolean {
  const digest = createHash("sha256").update(codeVerifier).digest("base64url");
  return safeEqual(digest, codeChallenge);
}

export function isPkceChallenge(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

// scrypt is memory-hard: N=2^15, r=8 uses 32 MiB per hash (OWASP's recommended minimum for scrypt).
/** One of OWASP's scrypt settings (N=2^15, r=8, p=3): 32 MiB per hash, the cost of N=2^17, r=8, p=1. */
const SCRYPT = { N: 32768, r: 8, p: 3, keylen: 32 } as const;

/** scrypt's cost and output length: the stored hash's own, or SCRYPT for a new one. */
interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keylen: number;
}

function scryptAsync(password: string, salt: Buffer, { N, r, p, keylen }: ScryptParams) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keylen, { N, r, p, maxmem: 128 * N * r * p * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, "base64url");
  const key = await scryptAsync(password, Buffer.from(saltB64, "base64url"), {
    N: +n,
    r: +r,
    p: +p,
    keylen: expected.length,
  });
  return timingSafeEqual(key, expected);
}

/** True when a stored hash was made with other parameters than today's: rehash it at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split("$");
  return scheme !== "scrypt" || +n! !== SCRYPT.N || +r! !== SCRYPT.r || +p! !== SCRYPT.p;
}

/** A hash of a random password, used to spend the same time when the account does not exist. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
}

/** AES-256-GCM with a key derived (HKDF) from the project secret, for secrets we must read back (TOTP). */
export function encryptionKey(projectSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", projectSecret, "identity-server", "at-rest-encryption-v1", 32));
}

export function encrypt(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `v1.${iv.toString("base64url")}.${body.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}`;
}

export function decrypt(key: Buffer, sealed: string): string {
  const [v, iv, body, tag] = sealed.split(".");
  if (v !== "v1" || !iv || body === undefined || !tag) throw new Error("unsupported ciphertext");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
