const KEY = "dubbing.returnTo";
/** A return path older than a magic link's default lifetime is a sign-in that was abandoned. */
export const RETURN_TO_MS = 60 * 60_000;

/** Only same-site paths are followed after sign-in, never another origin. */
export function safePath(path: string | null | undefined): string | null {
  if (!path?.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  if (/^\/(login|register|signup)(\/|\?|$)/.test(path)) return null;
  return path;
}

/** Remembers where a visitor was going; the magic link may open in another tab, so localStorage. */
export function rememberReturnTo(
  path: string | null,
  storage: Pick<Storage, "setItem"> = localStorage,
  now = Date.now(),
) {
  const safe = safePath(path);
  if (safe) storage.setItem(KEY, JSON.stringify({ path: safe, at: now }));
}

/** The remembered path, once, unless the sign-in it was kept for is over an hour old. */
export function takeReturnTo(
  storage: Pick<Storage, "getItem" | "removeItem"> = localStorage,
  now = Date.now(),
): string | null {
  const raw = storage.getItem(KEY);
  storage.removeItem(KEY);
  try {
    const { path, at } = JSON.parse(raw ?? "null") as { path?: string; at?: number };
    return typeof at === "number" && now - at >= 0 && now - at < RETURN_TO_MS ? safePath(path) : null;
  } catch {
    return null;
  }
}

export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}
