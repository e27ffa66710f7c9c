import { STORAGE_KEY_PREFIX } from "./constants.ts";

/** The part of the Web Storage API the client uses; `localStorage` by default, injectable for tests. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** `stytch_sdk_state_{publicToken}` or `stytch_sdk_state_{publicToken}::{key}`. */
export function storageKey(publicToken: string, key = ""): string {
  return `${STORAGE_KEY_PREFIX}${publicToken}${key ? `::${key}` : ""}`;
}

/** An in-memory storage, used when the browser has none (or forbids it) and in tests. */
export function memoryStorage(): KeyValueStorage & { readonly data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, String(value));
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

/** `localStorage` when usable, else an in-memory storage. */
export function defaultStorage(): KeyValueStorage {
  try {
    const ls = globalThis.localStorage;
    if (ls) {
      const probe = `${STORAGE_KEY_PREFIX}probe`;
      ls.setItem(probe, "1");
      ls.removeItem(probe);
      return ls;
    }
  } catch {
    // Storage disabled (private mode, sandboxed iframe): fall through.
  }
  return memoryStorage();
}
