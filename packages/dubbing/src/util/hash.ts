import { createHash } from "node:crypto";

/** Short stable hash of JSON-serialisable parts (cache keys). */
export function hashKey(...parts: unknown[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 24);
}
