import { PKCE_STORAGE_KEY } from "./constants.ts";
import { bytesToBase64url } from "./encoding.ts";
import { type KeyValueStorage, storageKey } from "./storage.ts";

/** The crypto functions PKCE needs; `globalThis.crypto` by default. */
export interface PKCECrypto {
  getRandomValues<T extends Exclude<BufferSource, ArrayBuffer>>(array: T): T;
  subtle: { digest(algorithm: string, data: BufferSource): Promise<ArrayBuffer> };
}

export interface ProofKeyPair {
  code_verifier: string;
  code_challenge: string;
}

/**
 * The verifier is built from 16 random 32-bit integers in hex. Each integer is written as 8 hex
 * digits (zero-padded), so the verifier is always 128 characters from [0-9a-f], the longest RFC 7636 allows.
 */
export function verifierFromWords(words: Uint32Array): string {
  if (words.length !== 16) throw new RangeError("A PKCE verifier takes exactly 16 32-bit integers");
  return Array.from(words, (n) => n.toString(16).padStart(8, "0")).join("");
}

/** The challenge is base64url(SHA-256(verifier)), without padding (RFC 7636 "S256"). */
export async function challengeFor(
  verifier: string,
  crypto: PKCECrypto = globalThis.crypto,
): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return bytesToBase64url(digest);
}

export async function createProofKeyPair(crypto: PKCECrypto = globalThis.crypto): Promise<ProofKeyPair> {
  const words = crypto.getRandomValues(new Uint32Array(16));
  const code_verifier = verifierFromWords(words);
  return { code_verifier, code_challenge: await challengeFor(code_verifier, crypto) };
}

/** A proof-key pair kept in localStorage under one namespace (magic_links, oauth, passwords). */
export class PKCEStore {
  readonly #storage: KeyValueStorage;
  readonly #key: string;
  readonly #crypto: PKCECrypto;

  constructor(storage: KeyValueStorage, publicToken: string, namespace: string, crypto: PKCECrypto) {
    this.#storage = storage;
    this.#key = storageKey(publicToken, `${PKCE_STORAGE_KEY}:${namespace}`);
    this.#crypto = crypto;
  }

  get key(): string {
    return this.#key;
  }

  /** Creates a new pair, stores it (replacing any earlier one) and returns it. */
  async start(): Promise<ProofKeyPair> {
    const pair = await createProofKeyPair(this.#crypto);
    this.#storage.setItem(this.#key, JSON.stringify(pair));
    return pair;
  }

  /** The stored pair, or undefined when there is none or it is malformed. */
  get(): ProofKeyPair | undefined {
    const raw = this.#storage.getItem(this.#key);
    if (raw === null) return undefined;
    try {
      const parsed = JSON.parse(raw) as Partial<ProofKeyPair> | null;
      if (typeof parsed?.code_verifier === "string" && typeof parsed.code_challenge === "string") {
        return { code_verifier: parsed.code_verifier, code_challenge: parsed.code_challenge };
      }
    } catch {
      // fall through
    }
    return undefined;
  }

  /** The stored challenge if a pair exists, else a new pair's challenge. */
  async challenge(): Promise<string> {
    return (this.get() ?? (await this.start())).code_challenge;
  }

  clear(): void {
    this.#storage.removeItem(this.#key);
  }
}
