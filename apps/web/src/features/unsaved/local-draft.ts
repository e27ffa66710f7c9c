/**
 * A copy of unsaved edits on this device, so a crash or a closed tab can offer them back. Kept in
 * localStorage under one key per edited thing; a full or disabled storage only loses the copy.
 */
export interface KeptDraft<T> {
  savedAt: string;
  value: T;
}

const PREFIX = "dubbing.unsaved.";

export function keepDraft<T>(key: string, value: T, now = new Date()): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ savedAt: now.toISOString(), value }));
  } catch {
    // storage full or blocked: the guard on leaving still protects the edits
  }
}

export function readDraft<T>(key: string): KeptDraft<T> | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const kept = JSON.parse(raw) as KeptDraft<T>;
    return typeof kept?.savedAt === "string" && "value" in kept ? kept : null;
  } catch {
    return null;
  }
}

export function dropDraft(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // nothing kept
  }
}
